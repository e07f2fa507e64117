/**
 * The intent classifier: rules, run before any answer is composed, that decide whether the assistant
 * may answer a question at all. The question is normalised first (lower case, apostrophes dropped,
 * every other punctuation mark a space, spaces collapsed), so "What's the API-key of…?" and
 * "whats the api key of" are the same text. The refusing rules come first, in this order, and the
 * first that matches decides: prompt injection, account takeover, credentials, personalised advice,
 * out of scope. Then the allowed labels: greeting, troubleshooting, portfolio summary, account help,
 * feature question. A question that names nothing this product does is out of scope.
 * The rule tables are in intent-rules.ts; lib/README.md lists them in words.
 */
import { ALLOWED_RULES, PRODUCT_WORDS, REFUSING_RULES, type IntentRule } from './intent-rules.ts'
import type { Intent, IntentLabel } from './types.ts'

/** Lower case, apostrophes removed, any other non-letter/digit a single space. */
export function normaliseQuestion(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’'`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

const REFUSED: ReadonlySet<IntentLabel> = new Set([
  'personalised_advice',
  'credentials_request',
  'account_takeover',
  'prompt_injection',
  'out_of_scope',
])

/** Markers of injected instructions that only survive in the raw text (chat-template tokens). */
const RAW_INJECTION =
  /<\|[a-z_]+\|>|\[\/?(?:inst|system)\]|^\s*(?:system|assistant)\s*:|###\s*(?:instruction|system)/im

function intentOf(rule: IntentRule): Intent {
  return { label: rule.label, allowed: !REFUSED.has(rule.label), reason: rule.reason, rule: rule.id }
}

/** The intent of one user message (see the module comment for the order). */
export function classifyIntent(text: string): Intent {
  if (RAW_INJECTION.test(text))
    return {
      label: 'prompt_injection',
      allowed: false,
      reason: 'The message contains chat-template markers that try to pass as instructions.',
      rule: 'injection.template_tokens',
    }
  const q = normaliseQuestion(text)
  if (q === '')
    return {
      label: 'out_of_scope',
      allowed: false,
      reason: 'The message has no words to answer.',
      rule: 'scope.empty',
    }
  for (const rule of REFUSING_RULES) if (rule.patterns.some((p) => p.test(q))) return intentOf(rule)
  for (const rule of ALLOWED_RULES) if (rule.patterns.some((p) => p.test(q))) return intentOf(rule)
  if (PRODUCT_WORDS.test(q))
    return {
      label: 'feature_question',
      allowed: true,
      reason: 'A question about the product.',
      rule: 'feature.product_words',
    }
  return {
    label: 'out_of_scope',
    allowed: false,
    reason: 'The message is not about Sextant, your account or your portfolio.',
    rule: 'scope.no_product_words',
  }
}

const CAN_DO =
  'I can explain how Sextant works (portfolios, brokers, analytics, alerts, screener, watchlists, security settings), help with your account and troubleshooting, and summarise your own portfolio figures.'

/** What the assistant says instead of answering a refused question: why, and what it can do. */
export function refusalMessage(intent: Intent): string {
  switch (intent.label) {
    case 'personalised_advice':
      return `I can't give personalised investment advice, such as what to buy or sell, how much to invest or where a price is heading. Sextant's analytics, screener and backtests can help you form your own view, and a licensed adviser can advise you personally. ${CAN_DO}`
    case 'credentials_request':
      return `I can't see or share passwords, API keys, one-time codes or other secrets, yours or anyone else's. You can create or revoke API keys and reset your password under Settings → Security. ${CAN_DO}`
    case 'account_takeover':
      return `I can't change, unlock or disable security settings on an account, or help anyone get into an account that is not theirs. The account holder can do it under Settings → Security; if you are locked out of your own account, open a support case and we will verify you. ${CAN_DO}`
    case 'prompt_injection':
      return `I can't change my instructions or take on another role. Ask me about Sextant and I'll help. ${CAN_DO}`
    case 'out_of_scope':
      return `That's outside what I can help with: I only answer questions about Sextant. ${CAN_DO}`
    default:
      return CAN_DO
  }
}
