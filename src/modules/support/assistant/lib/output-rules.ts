/**
 * The output filter's rules (output-filter.ts applies them). Words inside a rule are separated by
 * spaces or tabs only, never line breaks, so no rule matches across a safe boundary; every advice
 * trigger is shorter than HOLD_MARGIN (120 characters).
 */

/** What replaces personalised advice, from the trigger to the end of its sentence. */
export const NEUTRAL_SENTENCE = "I can't give personalised investment advice"

const S = '[ \\t]+'
const TRADE =
  '(?:buy|buying|sell|selling|short|shorting|dump|dumping|invest|investing|purchase|purchasing|load up|go long|go short|allocate|allocating|get out of|take profits|average down|double down|add to|hold onto|stay invested)'
/** Spaces in a rule's source match one or more spaces or tabs (never a line break). */
const w = (s: string) => s.replaceAll(' ', S)

/** The start of personalised advice (case-insensitive, except where a ticker must be upper case). */
export const ADVICE_TRIGGERS: RegExp[] = [
  // "you should buy", "you should definitely consider selling", "you might want to short"
  new RegExp(
    w(
      `\\byou (?:should|ought to|must|need to|have to|might want to|may want to|would do well to|had better|'d better) (?:(?:definitely|probably|really|seriously|strongly|consider|think about|start|just|now|also|go ahead and) )*${TRADE}\\b`,
    ),
    'i',
  ),
  // "I recommend buying", "I'd suggest that you sell", "we would advise investing"
  new RegExp(
    w(
      `\\b(?:I|we)(?: would|'d| strongly| really| definitely| personally)* (?:recommend|suggest|advise|urge)(?: that)?(?: you)?(?: to)? ${TRADE}\\b`,
    ),
    'i',
  ),
  // "my recommendation is to buy", "our advice would be to sell", "my top pick for you is"
  new RegExp(
    w(`\\b(?:my|our) (?:recommendation|advice|suggestion|tip) (?:for you )?(?:is|would be) to ${TRADE}\\b`),
    'i',
  ),
  new RegExp(w(`\\b(?:my|our) (?:top )?picks? (?:for you )?(?:is|are|would be)\\b`), 'i'),
  // "Buy TSLA now", "sell AAPL today" (a ticker: capitals)
  new RegExp(
    w(
      `\\b(?:[Bb]uy|[Ss]ell|[Ss]hort) \\$?[A-Z]{1,5}(?: shares| stock)? (?:now|today|immediately|right away|while you can|before)\\b`,
    ),
  ),
  // "your price target is", "a target price of $250 for you"
  new RegExp(w(`\\b(?:your|my|our) (?:price target|target price)\\b`), 'i'),
  new RegExp(w(`\\b(?:price target|target price) (?:for you|of \\$?\\d)`), 'i'),
  // "it will reach $300", "NVDA is going to hit 1,000"
  new RegExp(
    w(
      `\\b(?:it|\\$?[A-Z]{1,5}|the stock|the price|shares) (?:will|is going to|should|could easily) (?:reach|hit|go to|rise to|climb to|fall to|drop to|double|triple)\\b`,
    ),
  ),
  // "now is a great time for you to buy"
  new RegExp(
    w(
      `\\b(?:this|now|it) is (?:a )?(?:great|good|perfect|the right|an ideal) (?:time|moment|opportunity) (?:for you )?to ${TRADE}\\b`,
    ),
    'i',
  ),
  // "put 20% of your portfolio in"
  new RegExp(
    w(
      `\\b(?:put|move|allocate|invest|keep) (?:about |around |roughly )?\\d{1,3}(?:\\.\\d+)?\\x20?(?:%|percent) of your\\b`,
    ),
    'i',
  ),
]

export interface SecretRule {
  kind: string
  /** Global. */
  pattern: RegExp
  /** The text that replaces one match (its groups as replace() passes them). */
  replace: (args: string[]) => string
}

const REMOVED = '[secret removed]'

export const SECRET_RULES: SecretRule[] = [
  {
    kind: 'private_key',
    pattern: /-----(?:BEGIN|END)[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/g,
    replace: () => REMOVED,
  },
  {
    kind: 'jwt',
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
    replace: () => REMOVED,
  },
  {
    kind: 'bearer_token',
    pattern: /\b(Bearer)[ \t]+[A-Za-z0-9._~+/-]{11,}[A-Za-z0-9_~+/-]=*/gi,
    replace: ([, word]) => `${word} ${REMOVED}`,
  },
  {
    kind: 'api_key',
    pattern:
      /\b(?:sk-(?:proj-|live-|test-|ant-)?[A-Za-z0-9_-]{16,}|(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|gh[pousr]_[A-Za-z0-9]{30,}|AKIA[0-9A-Z]{16}|xox[abprs]-[A-Za-z0-9-]{10,}|(?:sxk|srt|mfa)_\d+\.[A-Za-z0-9_-]{16,})/g,
    replace: () => REMOVED,
  },
  {
    kind: 'assigned_secret',
    pattern:
      /\b((?:api[_-]?key|apikey|secret|client[_-]?secret|access[_-]?token|refresh[_-]?token|auth[_-]?token|token|password|passwd|pwd)["']?[ \t]*[=:][ \t]*["']?)[A-Za-z0-9+/_.~-]{7,}[A-Za-z0-9+/_~-]={0,2}/gi,
    replace: ([, label]) => `${label}${REMOVED}`,
  },
  {
    // A long unbroken run of base64 or hex with upper case, lower case and digits: a key body.
    kind: 'long_secret',
    pattern:
      /(?<![A-Za-z0-9+/_=-])(?=[A-Za-z0-9+/_-]*[A-Z])(?=[A-Za-z0-9+/_-]*[a-z])(?=[A-Za-z0-9+/_-]*\d)[A-Za-z0-9+/_-]{40,}={0,2}(?![A-Za-z0-9+/_=-])/g,
    replace: () => REMOVED,
  },
  {
    kind: 'long_hex',
    pattern: /(?<![A-Za-z0-9])[0-9a-f]{40,}(?![A-Za-z0-9])/gi,
    replace: () => REMOVED,
  },
]
