/**
 * The guard's own rules: patterns for what a finance community must not carry — pump-and-dump and
 * coordinated promotion, guaranteed-return claims, impersonation of the service or of a broker,
 * solicitation to talk off the platform — and the basic harassment and threat patterns. Each rule
 * has an id, a category and a score in [0, 1] (how surely a match means the category); the
 * verdict (verdict.ts) combines them. Text is normalised first (NFKC, zero-width characters
 * removed, typographic apostrophes straightened, blanks collapsed) so spacing tricks do not evade.
 */
import { findPii } from '../../../../kernel/text/pii.ts'

export const RULE_CATEGORIES = [
  'pump_and_dump',
  'guaranteed_returns',
  'impersonation',
  'off_platform_solicitation',
  'harassment',
] as const
export type RuleCategory = (typeof RULE_CATEGORIES)[number]

export interface Rule {
  id: string
  category: RuleCategory
  score: number
  /** What the rule catches, in words (docs/moderation.md lists them). */
  summary: string
  /** Where the text breaks the rule, or null. */
  match(text: string): { index: number; length: number } | null
}

export interface RuleHit {
  rule: string
  category: RuleCategory
  score: number
  excerpt: string
}

const re = (source: string, flags = 'i') => new RegExp(source, flags)
const find = (pattern: RegExp) => (text: string) => {
  const m = pattern.exec(text)
  return m ? { index: m.index, length: m[0].length } : null
}
/** Both patterns must match; the hit is where the first does. */
const both = (first: RegExp, second: RegExp) => (text: string) =>
  second.test(text) ? find(first)(text) : null

const BROKERS =
  '(?:charles schwab|schwab|fidelity|vanguard|robinhood|e\\*?trade|interactive brokers|ibkr|td ameritrade|webull|alpaca|coinbase|snaptrade|merrill(?: edge)?|sofi|tastytrade|etoro)'
const BROKER_ROLE =
  '(?:agent|representative|rep|support|advisor|adviser|staff|employee|account manager|officer|team|broker)'
const MESSENGERS = '(?:telegram|whats ?app|signal|discord|wechat|kik|snapchat|viber)'
const URGENCY =
  "\\b(?:hurry|last chance|act (?:fast|now)|don't miss(?: out)?|do not miss|before it's too late|now or never|(?:buy|get in|load up|grab)(?: it| in| this)? (?:now|today|asap|immediately|right now|before))\\b"
/**
 * A phone number as the PII redactor reads one (international `+…`, or North American), else a
 * national number written as 10 to 15 digits, bare or grouped by single spaces, dots or dashes
 * (`020 7946 0958`, `4155550134`). Dates, prices, times and order numbers are none of these.
 */
const NATIONAL_PHONE = /(?<![\w.,+-])\d(?:[ .-]?\d){9,14}(?![\w-]|[.,]\d)/
const DATE_LED = /^\d{4}-\d{2}-\d{2}(?!\d)/
function firstPhone(text: string): { index: number; length: number } | null {
  const pii = findPii(text).find((span) => span.kind === 'phone')
  if (pii) return { index: pii.start, length: pii.end - pii.start }
  const national = NATIONAL_PHONE.exec(text)
  return national && !DATE_LED.test(national[0])
    ? { index: national.index, length: national[0].length }
    : null
}
const CONTACT_ME = /\b(?:contact|call|text|whats ?app|reach|message|ring|dm)(?: me| us)\b/i

export const RULES: readonly Rule[] = [
  {
    id: 'pump.moon',
    category: 'pump_and_dump',
    score: 0.5,
    summary: 'hype wording: "to the moon", "moonshot", "going parabolic", rocket emojis',
    match: find(re('\\b(?:to the moon|moon ?shot|going parabolic)\\b|\\u{1F680}\\s*\\u{1F680}', 'iu')),
  },
  {
    id: 'pump.before_it_explodes',
    category: 'pump_and_dump',
    score: 0.85,
    summary: 'buy before it explodes, moons, rips, takes off, skyrockets',
    match: find(
      re(
        '\\b(?:buy|get in|load up|grab)\\b[^.!?\\n]{0,40}\\bbefore (?:it|the price|this|they)\\b[^.!?\\n]{0,20}?\\b(?:explodes?|moons?|rips?|takes off|skyrockets?|pops?|blows up)\\b',
      ),
    ),
  },
  {
    id: 'pump.multiplier',
    category: 'pump_and_dump',
    score: 0.8,
    summary: 'promised multiples: "guaranteed 10x", "easy 5x", "10x by Friday", "100 bagger"',
    match: find(
      re(
        '\\b(?:guaranteed|easy|minimum|at least|sure|certain)\\s+\\d{1,4} ?x\\b|\\b\\d{1,4} ?x (?:guaranteed|easy|minimum|incoming|by (?:friday|monday|tomorrow|next week))\\b|\\b\\d{1,4} ?(?:x )?bagger\\b',
      ),
    ),
  },
  {
    id: 'pump.ticker_urgency',
    category: 'pump_and_dump',
    score: 0.8,
    summary: 'a ticker ($ABC, or "buy ABC") with urgency: "hurry", "last chance", "buy now", "don\'t miss"',
    match: both(
      /\$[A-Za-z]{1,5}\b|\b(?:buy|grab|load up on|get in on|all in on)\s+[A-Z]{2,5}\b/,
      re(URGENCY),
    ),
  },
  {
    id: 'pump.coordinated',
    category: 'pump_and_dump',
    score: 0.85,
    summary: 'coordinated buying: "everyone buy at", "let\'s all pump it", "coordinated buy"',
    match: find(
      re(
        "\\b(?:everyone|everybody|all of us|we all|let's all|together we)\\b[^.!?\\n]{0,30}\\b(?:buy|pump|push|load up)\\b|\\bpump (?:it|this|the stock)\\b|\\bcoordinated (?:buy|buying|pump)\\b|\\ball buy at\\b",
      ),
    ),
  },
  {
    id: 'returns.guaranteed',
    category: 'guaranteed_returns',
    score: 0.85,
    summary: 'guaranteed returns, profits, gains, income or a guaranteed percentage or multiple',
    match: find(
      re(
        '\\bguarantee[ds]?\\b[^.!?\\n]{0,30}?(?:\\b(?:returns?|profits?|gains?|income|yield|payouts?)\\b|\\d+(?:\\.\\d+)? ?(?:%|percent\\b|x\\b))|\\b(?:returns?|profits?|gains?|income)\\b[^.!?\\n]{0,20}\\bguaranteed\\b',
      ),
    ),
  },
  {
    id: 'returns.risk_free',
    category: 'guaranteed_returns',
    score: 0.6,
    summary: '"risk-free returns", "zero risk", "can\'t lose", "never lose money"',
    match: find(
      re(
        "\\brisk[- ]free (?:returns?|profits?|gains?|investment|trade|trading|income)\\b|\\bzero[- ]risk\\b|\\bcan't lose\\b|\\bcannot lose\\b|\\bnever lose money\\b|\\bno way to lose\\b",
      ),
    ),
  },
  {
    id: 'returns.fixed_rate',
    category: 'guaranteed_returns',
    score: 0.7,
    summary: '"double your money", "5% a day": a promised rate of return',
    match: find(
      re(
        '\\b(?:double|triple) your (?:money|investment|capital)\\b|\\b\\d+(?:\\.\\d+)? ?% (?:a|per|every) (?:day|week|month)\\b',
      ),
    ),
  },
  {
    id: 'impersonation.service',
    category: 'impersonation',
    score: 0.9,
    summary: 'claims to speak for the service: "I am from Sextant support", "Sextant admin here"',
    match: find(
      re(
        "\\b(?:i am|i'm|we are|we're|this is)\\s+(?:from |with |part of |on |the |an? )*(?:official\\s+)?sextant\\s+(?:support|team|staff|security|admin|administrator|moderator|help ?desk|compliance)\\b|\\bsextant (?:support|staff|security|admin|compliance|team) here\\b|\\bofficial sextant (?:support|agent|account|representative|team)\\b",
      ),
    ),
  },
  {
    id: 'impersonation.broker',
    category: 'impersonation',
    score: 0.9,
    summary: 'claims to act for a broker: "official Schwab agent", "I work for Fidelity"',
    match: find(
      re(
        `\\b(?:official|authori[sz]ed|verified|certified|licensed)\\s+${BROKERS}\\s+${BROKER_ROLE}\\b|\\b(?:i am|i'm|this is)\\s+(?:an? |the )?(?:official |authori[sz]ed )?${BROKERS}\\s+${BROKER_ROLE}\\b|\\bi (?:work|am) (?:for|at|from|with) ${BROKERS}\\b`,
      ),
    ),
  },
  {
    id: 'offplatform.messenger',
    category: 'off_platform_solicitation',
    score: 0.85,
    summary: 'asks to move to a messenger: "DM me on Telegram", "join my WhatsApp group", t.me links',
    match: find(
      re(
        `\\b(?:dm|pm|message|msg|text|contact|reach|add|ping|hit|find|chat with|talk to)\\b[^.!?\\n]{0,20}?\\b(?:on|via|at|in|over)\\s+${MESSENGERS}\\b|\\bjoin (?:my|our|the) (?:private |vip )?${MESSENGERS}\\b|\\b(?:t\\.me|wa\\.me|chat\\.whatsapp\\.com|discord\\.gg)/\\S+`,
      ),
    ),
  },
  {
    id: 'offplatform.phone',
    category: 'off_platform_solicitation',
    score: 0.85,
    summary: 'a phone number with "contact me", "call me", "text me"',
    match: (text) => (CONTACT_ME.test(text) ? firstPhone(text) : null),
  },
  {
    id: 'offplatform.email',
    category: 'off_platform_solicitation',
    score: 0.8,
    summary: 'an e-mail address with "contact me", "email me", "write to me"',
    match: find(
      re(
        '\\b(?:contact|email|e-mail|write to|reach|message) (?:me|us)\\b[^\\n]{0,20}?[\\w.+-]+@[\\w-]+\\.[\\w.-]+',
      ),
    ),
  },
  {
    id: 'harassment.threat',
    category: 'harassment',
    score: 0.95,
    summary: 'threats: "I will kill you", "you are dead", "I know where you live"',
    match: find(
      re(
        "\\b(?:i|we)\\s*(?:will|'ll|am going to|'m going to|are going to|'re going to|gonna)\\s+(?:kill|hurt|find|beat|shoot|stab|destroy|end|ruin)\\s+(?:you|u|your family)\\b|\\byou(?:'re| are) (?:dead|going to die|gonna die)\\b|\\bi know where you live\\b",
      ),
    ),
  },
  {
    id: 'harassment.self_harm_incitement',
    category: 'harassment',
    score: 0.95,
    summary: 'telling someone to harm themselves: "kill yourself", "kys"',
    match: find(re('\\b(?:kill yourself|kys|go die|end yourself)\\b')),
  },
  {
    id: 'harassment.insult',
    category: 'harassment',
    score: 0.6,
    summary: 'insults aimed at a person: "you are an idiot", "shut up"',
    match: find(
      re(
        "\\byou(?:'re| are)\\s+(?:an? |such an? |a total |a complete )?(?:idiot|moron|imbecile|loser|scum|worthless|pathetic|clown|stupid|dumb)\\b|\\b(?:shut up|stfu)\\b",
      ),
    ),
  },
]

/** The text the rules read: NFKC, no zero-width characters, straight apostrophes, one blank between words. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}

export const EXCERPT_MAX = 120

/** The matched words with a little context, at most EXCERPT_MAX characters, with … where cut. */
export function excerpt(text: string, index: number, length: number): string {
  const pad = Math.max(0, Math.floor((EXCERPT_MAX - Math.min(length, EXCERPT_MAX)) / 2))
  const start = Math.max(0, index - pad)
  const end = Math.min(text.length, start + EXCERPT_MAX)
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`
}

/** Every rule the text breaks, in rule order. */
export function applyRules(content: string): RuleHit[] {
  const text = normalise(content)
  const hits: RuleHit[] = []
  for (const r of RULES) {
    const m = r.match(text)
    if (m)
      hits.push({
        rule: r.id,
        category: r.category,
        score: r.score,
        excerpt: excerpt(text, m.index, m.length),
      })
  }
  return hits
}
