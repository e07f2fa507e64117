/**
 * The intent classifier's rules. Every pattern runs on the normalised question (intent.ts: lower
 * case, apostrophes dropped, punctuation turned into single spaces), so patterns use plain words and
 * single spaces. Each rule has an id (stored with the classification, so a wrong call can be traced
 * to its rule) and a reason written for the user.
 */
import type { IntentLabel } from './types.ts'

export interface IntentRule {
  id: string
  label: IntentLabel
  reason: string
  patterns: RegExp[]
}

// Building blocks (normalised text: "e-mail" is "e mail", "what's" is "whats").
const SECRET =
  '(?:password|passwords|passcode|pin|api key|api keys|api token|access token|refresh token|session token|session cookie|secret|secret key|private key|mfa code|2fa code|otp|one time code|one time password|verification code|recovery code|recovery codes|backup code|backup codes|credentials|login details)'
const MFA = '(?:mfa|2fa|two factor|two step|multi factor|authenticator|totp|one time codes?)'
const CONTACT =
  '(?:e mail|email|email address|e mail address|password|phone|phone number|login|username|mfa|2fa)'
const OTHER =
  '(?:another|other|someone|somebody|some one|a different|a friend s|my (?:wife|husband|partner|friend|boss|colleague|mother|father|mom|dad|brother|sister|son|daughter|client|ex)s?|his|her|their|this user|that user|the user|user|customer|tenant|account \\d+|\\S+ at \\S+ \\S+)'
const ASSET =
  '(?:stock|stocks|share|shares|etf|etfs|fund|funds|crypto|cryptos|coin|coins|bitcoin|option|options|bond|bonds|ticker|tickers|company|companies|investment|investments|position|positions|sector|sectors)'
const TRADE_VERB =
  '(?:buy|sell|short|hold|invest|invest in|get|dump|keep|add|trim|double down|load up|go long|go short|put money|exit|enter|average down)'

export const REFUSING_RULES: IntentRule[] = [
  {
    id: 'injection.override_instructions',
    label: 'prompt_injection',
    reason: 'The message tries to override the assistant’s instructions.',
    patterns: [
      /\b(?:ignore|disregard|forget|override|bypass|drop|skip) (?:all |any |every |of )*(?:the |your |my |these |those |previous |prior |above |earlier |preceding |original |initial |system |safety )*(?:instructions?|rules|prompts?|directions|guidelines|guardrails|restrictions|constraints|programming|policies|context)\b/,
      /\bnew (?:instructions|rules|system prompt)\b/,
    ],
  },
  {
    id: 'injection.system_prompt',
    label: 'prompt_injection',
    reason: 'The message asks for the assistant’s hidden instructions.',
    patterns: [
      /\b(?:system|developer|hidden|initial|original|secret) (?:prompt|message|instructions)\b/,
      /\b(?:reveal|show|print|repeat|output|display|tell me|what are|leak|dump) (?:me )?(?:your|the) (?:instructions|rules|guidelines|prompt|configuration)\b/,
    ],
  },
  {
    id: 'injection.role_play',
    label: 'prompt_injection',
    reason: 'The message asks the assistant to take on another role to get around its rules.',
    patterns: [
      /\byou are now\b/,
      /\bfrom now on (?:you|act|pretend|respond|answer|behave)\b/,
      /\b(?:act|behave|respond|answer) (?:as|like) (?:a|an|if|my|the|though)\b/,
      /\bpretend (?:to be|you are|youre|that|you re)\b/,
      /\b(?:role ?play|jail ?break|jailbroken|dan mode|do anything now|developer mode|god mode|unfiltered mode)\b/,
      /\b(?:without|no|remove your|turn off your) (?:any )?(?:restrictions|filters|rules|limits|limitations|censorship|guardrails)\b/,
      /\b(?:stay|stop being|break) (?:in )?character\b/,
    ],
  },
  {
    id: 'takeover.other_account',
    label: 'account_takeover',
    reason: 'The message asks for access to, or changes to, an account that is not the sender’s.',
    patterns: [
      new RegExp(
        `\\b(?:access|log ?in ?to|log into|sign into|get into|take over|takeover|hack|hack into|break into|unlock|see|view|read|open) ${OTHER}(?: \\S+){0,2} (?:account|portfolio|login|inbox|profile|holdings)`,
      ),
      new RegExp(
        `\\b(?:reset|change|update|replace|set|remove|switch|transfer) (?:the |their |his |her )?${CONTACT}(?: \\S+){0,2} (?:of|for|on|in) ${OTHER}`,
      ),
      new RegExp(
        `\\b(?:reset|change|update|replace|set) (?:the )?${CONTACT} (?:of|for|on) (?:this|that|the|an|another) account\\b`,
      ),
    ],
  },
  {
    id: 'takeover.security_bypass',
    label: 'account_takeover',
    reason: 'The message asks the assistant to switch off or get around a security check.',
    patterns: [
      new RegExp(
        `\\b(?:bypass|get around|circumvent|skip|defeat|hack|crack|brute ?force) (?:the |a |an |my |their |this )?(?:${MFA}|verification|login|password|lockout|security)`,
      ),
      new RegExp(
        `\\b(?:disable|turn off|switch off|remove|deactivate|reset) (?:the |their |his |her )?${MFA}(?: authentication| login| check)? (?:for|on|of) (?!(?:my|me)\\b)`,
      ),
      new RegExp(
        `\\b(?:can|could|will|would) you (?:please )?(?:disable|turn off|switch off|remove|deactivate|reset) (?:the |my |their |his |her )?${MFA}`,
      ),
      new RegExp(`\\bplease (?:disable|turn off|remove|deactivate|reset) (?:the |my |their )?${MFA}`),
      new RegExp(
        `\\b(?:log|sign|get) ?in(?:to)?(?: \\S+){0,3} without (?:the |a |my |their )?(?:password|${MFA}|code|verification)`,
      ),
    ],
  },
  {
    id: 'credentials.reveal_secret',
    label: 'credentials_request',
    reason: 'The message asks for a password, key, code or other secret.',
    patterns: [
      new RegExp(
        `\\b(?:what is|whats|what are|tell me|show me|give me|send me|reveal|share|read me|display|print|find|look up|retrieve|recover|email me|text me) (?:my |the |his |her |their |your |our |an |a |all |someone s |another users? )?(?:current |old |admin |stored |full |raw )?${SECRET}\\b`,
      ),
      new RegExp(`\\b${SECRET} (?:of|for|belonging to|used by) ${OTHER}`),
      /\b(?:whats|what is|reveal|show|give|tell|print|share|leak|dump|send)\b.*\b(?:admin|root|database|server|master|service|internal|openai|llm|model|system) (?:api )?(?:password|key|keys|token|tokens|credentials|secret)\b/,
    ],
  },
  {
    id: 'advice.what_to_trade',
    label: 'personalised_advice',
    reason: 'The message asks what to buy, sell or hold.',
    patterns: [
      new RegExp(`\\bshould (?:i|we) (?:still |now |just |really |also )?${TRADE_VERB}\\b`),
      new RegExp(
        `\\b(?:what|which) (?:\\S+ )?${ASSET} (?:should|do you think|would you|can) (?:i|we|you recommend)\\b`,
      ),
      new RegExp(`\\b(?:what|which) ${ASSET}? ?should (?:i|we) ${TRADE_VERB}\\b`),
      new RegExp(
        `\\b(?:recommend|suggest|pick|tip) (?:me |us )?(?:a |an |some |any |the best |good |the )?(?:good |best )?(?:\\S+ ){0,2}${ASSET}\\b`,
      ),
      new RegExp(`\\b(?:tell|give) me (?:what|which) (?:${ASSET} )?to (?:buy|sell|invest in|short)\\b`),
      new RegExp(`\\b(?:best|top|good) ${ASSET} (?:to|for|right now|now|this year|this week|today)\\b`),
      /\b(?:buy|sell|hold) or (?:buy|sell|hold)\b/,
      new RegExp(`\\b(?:i|we) should (?:still |now |just |really |also )?${TRADE_VERB}\\b`),
      /\bwhat (?:would|do|should) you (?:buy|sell|short|invest in|pick|hold)\b/,
      /\bwould you (?:buy|sell|short|invest in|hold)\b/,
    ],
  },
  {
    id: 'advice.suitability',
    label: 'personalised_advice',
    reason: 'The message asks whether an investment is right for the sender.',
    patterns: [
      new RegExp(
        `\\bis (?:\\S+ ){1,4}(?:a )?(?:good|bad|smart|safe|wise|great|solid|risky) (?:investment|buy|stock|pick|bet|idea|choice|trade|time to buy|time to sell)\\b`,
      ),
      /\b(?:is it|is now) (?:a )?(?:good|bad|the right) time to (?:buy|sell|invest)\b/,
      /\bworth (?:buying|investing in|selling|holding)\b/,
      /\b(?:for me|for my situation|for my age|for my retirement|given my)\b.*\b(?:invest|buy|sell|stock|fund|etf)\b/,
    ],
  },
  {
    id: 'advice.allocation',
    label: 'personalised_advice',
    reason: 'The message asks how much of the sender’s money to put where.',
    patterns: [
      /\bhow much (?:of my |of our |money |cash |savings |should i |should we |do i need to |to )\S*(?: \S+){0,6} (?:portfolio|money|savings|invest|allocate|put|buy|hold|keep|spend|bonds|stocks|crypto|cash)\b/,
      /\b(?:should|do you think) (?:i|we) (?:put|move|allocate|rebalance|diversify|switch|transfer|reinvest)\b/,
      /\bhow should i (?:invest|allocate|split|rebalance|diversify)\b/,
      /\bwhat (?:percentage|percent|share|portion|proportion) of my\b/,
    ],
  },
  {
    id: 'advice.forecast',
    label: 'personalised_advice',
    reason: 'The message asks for a price forecast or target.',
    patterns: [
      /\bwill (?:\S+ ){1,3}(?:go up|go down|rise|fall|drop|crash|moon|recover|rebound|double|hit|reach|outperform)\b/,
      /\b(?:price target|target price|price prediction|forecast) (?:for|of|on)\b/,
      /\bwhere (?:is|will) (?:\S+ ){1,3}(?:price |stock |shares )?(?:go|be|head|heading)\b/,
    ],
  },
  {
    id: 'scope.off_topic',
    label: 'out_of_scope',
    reason: 'The message is about something other than Sextant.',
    patterns: [
      /\b(?:write|compose|generate|make) (?:me )?(?:a |an |some )?(?:poem|song|story|essay|joke|limerick|haiku|novel|cover letter|rap|speech)\b/,
      /\b(?:tell me a joke|weather|recipe|recipes|cook|cooking|bake|movie|movies|film|tv show|football|soccer|basketball|baseball|nba|nfl|world cup|election|president|politics|religion|horoscope|dating|girlfriend|boyfriend|homework|diagnose|symptoms|medicine|capital of|translate)\b/,
      /\b(?:write|debug|fix) (?:me )?(?:a |some |my )?(?:python|javascript|java|sql|c\+\+|rust|code|script|program|function)\b/,
    ],
  },
]

export const ALLOWED_RULES: IntentRule[] = [
  {
    id: 'greeting.salutation',
    label: 'greeting',
    reason: 'A greeting or thanks.',
    patterns: [
      /^(?:hi|hello|hey|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening|day)|thanks|thank you|thank you so much|thanks a lot|cheers|ok thanks|great thanks)(?: there| sextant| team| all| everyone| again| assistant)?(?: how are you(?: doing)?| thanks| thank you)?$/,
    ],
  },
  {
    id: 'troubleshooting.symptom',
    label: 'troubleshooting',
    reason: 'Something does not work as expected.',
    patterns: [
      /\bnot (?:firing|triggering|sending|loading|syncing|arriving|appearing|showing up|connecting|updating)\b/,
      /\b(?:forgot|forgotten|lost) (?:my )?(?:password|phone|authenticator|recovery codes?|device)\b/,
      /\b(?:not working|doesnt work|does not work|dont work|isnt working|stopped working|broken|error|errors|failed|failing|fails|cant|cannot|can not|unable|wont|will not|stuck|missing|wrong|incorrect|not showing|doesnt show|not updating|out of date|stale|bug|glitch|crash|crashes|blank|hangs|too slow|didnt|did not|never (?:arrived|came|arrives|received|got)|not received|disappeared|locked out|expired|timed out|timeout|declined|rejected|problem|issue with)\b/,
    ],
  },
  {
    id: 'portfolio.summary',
    label: 'portfolio_summary',
    reason: 'A question about the sender’s own portfolio figures.',
    patterns: [
      /\b(?:summari[sz]e|summary of|overview of|recap of|break down|breakdown of) (?:my|our)\b/,
      /\bhow (?:is|are|s|has|have) my (?:portfolio|holdings|positions|account|accounts|investments|performance|returns)\b/,
      /\bhow am i doing\b/,
      /\b(?:what|how much) (?:is|are) my (?:portfolio|holdings|positions|account|accounts|investments|total|net worth|balance|cash)\b/,
      /\b(?:show|tell|give|list) (?:me )?(?:about )?my (?:portfolio|holdings|positions|returns|performance|allocation|gains|losses|dividends|income|net worth|balance)\b/,
      /\bwhat (?:are|is|were|was) my (?:holdings|positions|returns|performance|allocation|gains|losses|dividends|income)\b/,
      /\bmy (?:biggest|largest|smallest|top|best|worst) (?:positions?|holdings?)\b/,
      /\b(?:what|which|how many|how much)\b(?: \S+){0,6} (?:in|of) my (?:portfolio|accounts?|holdings)\b/,
    ],
  },
  {
    id: 'account.settings',
    label: 'account_help',
    reason: 'A question about the sender’s account, security or plan.',
    patterns: [
      /\b(?:password|log ?in|sign ?in|sign ?up|log ?out|sign ?out|mfa|2fa|two (?:factor|step)|authenticator|recovery codes?|api keys?|sessions?|e ?mail address|my account|my profile|profile|plan|plans|subscription|billing|upgrade|downgrade|invoice|delete my|close my|cancel my|quota|limits?|team|invite|members?|organisation|organization|tenant)\b/,
    ],
  },
]

/** Words that tie a question to this product (without one, a question is out of scope). */
export const PRODUCT_WORDS =
  /\b(?:sextant|app|console|fifo|average cost|cost basis|cost method|realized|unrealized|gains?|losses|nav|aum|xirr|weights?|dashboard|widgets?|portfolios?|holdings?|positions?|accounts?|brokers?|brokerage|connect|connected|connection|sync|import|csv|export|alpaca|schwab|snaptrade|activities|transactions?|trades?|orders?|dividends?|income|cash|performance|returns?|twr|mwr|irr|xirr|benchmark|drawdown|volatility|sharpe|analytics|allocation|risk|alerts?|notifications?|notify|quiet hours|push|inbox|digest|briefing|screener|screens?|filters?|watchlists?|symbols?|tickers?|quotes?|prices?|charts?|candles?|indicators?|rsi|macd|moving average|sma|ema|bollinger|technical analysis|patterns?|learn|lessons?|backtests?|backtesting|signals?|strateg(?:y|ies)|committee|transcripts?|earnings|news|market|stocks?|shares?|etfs?|funds?|crypto|options?|currency|currencies|fx|support|case|cases|ticket|assistant|feature|features|settings)\b/
