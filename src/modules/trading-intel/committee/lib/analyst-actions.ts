/**
 * Analyst actions in a headline: rating changes, price-target moves and stated ratings, each an
 * explicit directional call by a broker's analyst. Read before the word lexicon of sentiment.ts,
 * so that "downgrades Apple to Market Perform from Outperform" is one negative call, not a
 * downgrade cancelled by the word "outperform".
 *
 * Actions (matched on the lower-cased headline, in this order; a matched span is not read again):
 * - price target: raised / lifted / boosted / hiked / increased / upped / bumped → +1; cut /
 *   lowered / trimmed / slashed / reduced → −1, in either order ("raises its price target on X",
 *   "price target cut to $150"; "pt" and "target" count as price target);
 * - "cut to <rating>" / "lowered to" / "downgraded to" → −1, "raised to <rating>" / "lifted to" /
 *   "upgraded to" → +1 ("Apple cut to Sell at Goldman"): a move down or up whatever the rating;
 * - upgrade (upgrades, upgraded, upgrading) → +1, downgrade (…) → −1;
 * - a stated rating: initiates / starts / resumes / reinstates / reiterates / maintains /
 *   reaffirms / assumes / keeps / rates … at, with or as <rating>, or rated / reiterates /
 *   reaffirms <rating> → the rating's side: Buy, Strong Buy, Outperform, Overweight, Accumulate,
 *   Positive → +1; Sell, Strong Sell, Underperform,
 *   Underweight, Reduce, Negative → −1; Hold, Neutral, Equal Weight, Market / Sector / Peer
 *   Perform, In-Line → 0 (an action, but no call either way).
 * A headline with any action has its rating names read as part of it, never as lexicon words.
 */

/** Each analyst action counts as this many lexicon hits: an explicit call outweighs a hint word. */
export const ANALYST_WEIGHT = 2

const POSITIVE_RATINGS = [
  'strong buy',
  'sector outperform',
  'market outperform',
  'buy',
  'outperform',
  'overweight',
  'accumulate',
  'positive',
]
const NEGATIVE_RATINGS = [
  'strong sell',
  'sector underperform',
  'sell',
  'underperform',
  'underweight',
  'reduce',
  'negative',
]
const NEUTRAL_RATINGS = [
  'hold',
  'neutral',
  'equal weight',
  'equalweight',
  'market perform',
  'sector perform',
  'peer perform',
  'in line',
]

/** A rating name: words separated by a space or a hyphen ("Equal-Weight", "In-Line"). */
const ratingPattern = (names: string[]) => names.map((n) => n.replace(/ /g, '[ -]')).join('|')
const RATING = `(?:${ratingPattern([...POSITIVE_RATINGS, ...NEGATIVE_RATINGS, ...NEUTRAL_RATINGS])})`
/** Within one clause: no sentence or clause punctuation between the verb and what it acts on. */
const GAP = '[^.;:!?|]{0,60}?'
const TARGET = '(?:price[ -]target|pt|target)'

const UP_VERB =
  '(?:raise[sd]?|raising|lift(?:s|ed)?|boost(?:s|ed)?|hike[sd]?|increase[sd]?|up(?:s|ped)|bump(?:s|ed)?)'
const DOWN_VERB = '(?:cut(?:s|ting)?|lower(?:s|ed|ing)?|trim(?:s|med)?|slash(?:es|ed)?|reduce[sd]?)'
const STATE_VERB =
  '(?:initiat(?:es|ed|ing|e)|start(?:s|ed)?|resume[sd]?|reinstate[sd]?|reiterate[sd]?|maintain(?:s|ed)?|' +
  'reaffirm(?:s|ed)?|assume[sd]?|keep(?:s)?|kept|rate[sd]?)'

interface Rule {
  re: RegExp
  /** +1, −1, or from the rating named by the first group. */
  sign: 1 | -1 | 'rating'
}

const rule = (source: string, sign: Rule['sign']): Rule => ({ re: new RegExp(source, 'g'), sign })

const RULES: Rule[] = [
  rule(`\\b${UP_VERB}\\b${GAP}\\b${TARGET}\\b`, 1),
  rule(`\\b${DOWN_VERB}\\b${GAP}\\b${TARGET}\\b`, -1),
  rule(`\\b${TARGET}\\s+(?:is\\s+|was\\s+)?${UP_VERB}\\b`, 1),
  rule(`\\b${TARGET}\\s+(?:is\\s+|was\\s+)?${DOWN_VERB}\\b`, -1),
  rule(`\\b(?:cut|lowered|downgraded)\\s+to\\s+${RATING}\\b`, -1),
  rule(`\\b(?:raised|lifted|upgraded)\\s+to\\s+${RATING}\\b`, 1),
  rule('\\bupgrad(?:e|es|ed|ing)\\b', 1),
  rule('\\bdowngrad(?:e|es|ed|ing)\\b', -1),
  rule(`\\b${STATE_VERB}\\b${GAP}\\b(?:at|with|as)\\s+(?:an?\\s+)?(${RATING})\\b`, 'rating'),
  rule(`\\b(?:rate[sd]|reiterate[sd]?|reaffirm(?:s|ed)?)\\s+(${RATING})\\b`, 'rating'),
]

const ANY_RATING = new RegExp(`\\b${RATING}\\b`, 'g')
const POSITIVE_RE = new RegExp(`^(?:${ratingPattern(POSITIVE_RATINGS)})$`)
const NEGATIVE_RE = new RegExp(`^(?:${ratingPattern(NEGATIVE_RATINGS)})$`)

function ratingSign(name: string): -1 | 0 | 1 {
  if (POSITIVE_RE.test(name)) return 1
  if (NEGATIVE_RE.test(name)) return -1
  return 0
}

export interface AnalystActions {
  /** Positive calls (upgrades, targets raised, positive ratings stated), unweighted. */
  up: number
  /** Negative calls (downgrades, targets cut, negative ratings stated), unweighted. */
  down: number
  /** The headline (lower-cased) without the actions: what the word lexicon still reads. */
  rest: string
}

/** The analyst actions of a headline and what is left of it for the word lexicon. */
export function analystActions(headline: string): AnalystActions {
  let rest = headline.toLowerCase()
  let up = 0
  let down = 0
  let found = false
  for (const { re, sign } of RULES) {
    rest = rest.replace(re, (match: string, rating?: string) => {
      const s = sign === 'rating' ? ratingSign(rating!) : sign
      if (s > 0) up++
      else if (s < 0) down++
      found = true
      return ' '.repeat(match.length)
    })
  }
  if (found) rest = rest.replace(ANY_RATING, (m) => ' '.repeat(m.length))
  return { up, down, rest }
}
