/**
 * The news/sentiment analyst: headlines scored with analyst actions and a small documented lexicon.
 * A headline's analyst actions (analyst-actions.ts: upgrades, downgrades, price targets raised or
 * cut, ratings stated) count ANALYST_WEIGHT hits each, positive or negative; the words left
 * (lower-cased runs of letters) are counted against POSITIVE and NEGATIVE, one hit each. The
 * analyst's score = (P − N)/(P + N) over all headlines (0 when nothing matched) and its
 * confidence = min(1, (P + N)/HITS_FULL). Also used by market-research for its news section.
 */
import type { NewsItem } from '../../../../providers/market-data/index.ts'
import { analystActions, ANALYST_WEIGHT } from './analyst-actions.ts'
import { opinion, round4, type Opinion } from './opinion.ts'

export { ANALYST_WEIGHT } from './analyst-actions.ts'

export const POSITIVE = [
  'beat',
  'beats',
  'surge',
  'surges',
  'soar',
  'soars',
  'record',
  'upgrade',
  'upgraded',
  'growth',
  'strong',
  'raises',
  'raised',
  'gain',
  'gains',
  'rally',
  'rallies',
  'outperform',
  'profit',
  'bullish',
  'exceeds',
  'expands',
  'wins',
] as const
export const NEGATIVE = [
  'miss',
  'misses',
  'plunge',
  'plunges',
  'fall',
  'falls',
  'drop',
  'drops',
  'downgrade',
  'downgraded',
  'weak',
  'cut',
  'cuts',
  'lawsuit',
  'probe',
  'loss',
  'losses',
  'bearish',
  'recall',
  'decline',
  'declines',
  'slump',
  'warns',
] as const
/** Ten matched words give full confidence. */
export const HITS_FULL = 10
/** Headlines of the last LOOKBACK_DAYS days, at most MAX_HEADLINES of them. */
export const LOOKBACK_DAYS = 7
export const MAX_HEADLINES = 50
/** Headlines quoted in the evidence. */
export const QUOTED = 5

const POS = new Set<string>(POSITIVE)
const NEG = new Set<string>(NEGATIVE)

export interface HeadlineScore {
  /** Positive hits: ANALYST_WEIGHT per positive analyst action, 1 per positive word. */
  positive: number
  negative: number
  /** (P − N)/(P + N), 0 without a match. */
  score: number
}

export function headlineSentiment(text: string): HeadlineScore {
  const actions = analystActions(text)
  let positive = actions.up * ANALYST_WEIGHT
  let negative = actions.down * ANALYST_WEIGHT
  for (const w of actions.rest.match(/[a-z]+/g) ?? []) {
    if (POS.has(w)) positive++
    else if (NEG.has(w)) negative++
  }
  const hits = positive + negative
  return { positive, negative, score: hits ? round4((positive - negative) / hits) : 0 }
}

export function sentimentOpinion(items: readonly NewsItem[]): Opinion {
  const scored = items.map((n) => ({ n, s: headlineSentiment(n.headline) }))
  const P = scored.reduce((a, x) => a + x.s.positive, 0)
  const N = scored.reduce((a, x) => a + x.s.negative, 0)
  const score = P + N ? (P - N) / (P + N) : 0
  const evidence = {
    headlines: items.length,
    positive_hits: P,
    negative_hits: N,
    lookback_days: LOOKBACK_DAYS,
    top: scored.slice(0, QUOTED).map(({ n, s }) => ({
      headline: n.headline,
      published_at: n.published_at,
      score: s.score,
    })),
  }
  const summary = `${items.length} headline(s): ${P} positive and ${N} negative lexicon hits`
  return opinion('news_sentiment', score, Math.min(1, (P + N) / HITS_FULL), evidence, summary)
}
