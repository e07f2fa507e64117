/**
 * GET /feedback's arithmetic, pure: when a call's horizon ends, and the aggregates over scored
 * calls — hit rate, average return, per-confidence-bucket figures and calibration.
 *
 * A scored call is a hit (1) or not (0: miss or scratch), so that confidence reads as "the
 * probability this call is a hit". Brier score = mean((confidence − hit)²): 0 is perfect, 0.25 is what
 * a constant 0.5 earns on a coin flip. Expected calibration error (ECE) = Σ_b (n_b / N) ·
 * |mean confidence_b − hit rate_b| over the non-empty buckets.
 */
import { nextTradingDay } from '../../../../kernel/calendar/nyse.ts'
import type { RecAction, RecOutcome } from '../recommendations.tables.ts'

/** Confidence buckets: [lower, upper) except the last, which holds 1.0. */
export const BUCKET_EDGES = [0, 0.5, 0.6, 0.7, 0.8, 0.9, 1] as const

export interface ScoredCall {
  action: RecAction
  confidence: number
  return_pct: number
  outcome: RecOutcome
}

export interface Group {
  count: number
  hits: number
  misses: number
  scratches: number
  hit_rate: number | null
  avg_return_pct: number | null
  mean_confidence: number | null
}

export interface Bucket extends Group {
  from: number
  to: number
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null)
const r4 = (x: number | null) => (x === null ? null : round4(x))

// The calendar never changes, and a feedback window holds a few hundred distinct dates at most:
// nextTradingDay costs ~85 µs (luxon), so 5,000 calls × 5 steps took a second without this memo.
const nextDay = new Map<string, string>()
const NEXT_DAY_MEMO_MAX = 20_000

function memoNextTradingDay(day: string): string {
  let next = nextDay.get(day)
  if (next === undefined) {
    if (nextDay.size >= NEXT_DAY_MEMO_MAX) nextDay.clear()
    next = nextTradingDay(day)
    nextDay.set(day, next)
  }
  return next
}

const NY_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The New York date of an instant (YYYY-MM-DD): the calendar's nyDate at a tenth of its cost. */
export const nyDateFast = (at: Date): string => NY_DATE.format(at)

/** The trading day `horizon` trading days after `madeOn` (the New York date it was made). */
export function horizonEnd(madeOn: string, horizon: number): string {
  let day = madeOn
  for (let i = 0; i < horizon; i++) day = memoNextTradingDay(day)
  return day
}

export function group(calls: ScoredCall[]): Group {
  const hits = calls.filter((c) => c.outcome === 'hit').length
  return {
    count: calls.length,
    hits,
    misses: calls.filter((c) => c.outcome === 'miss').length,
    scratches: calls.filter((c) => c.outcome === 'scratch').length,
    hit_rate: calls.length ? round4(hits / calls.length) : null,
    avg_return_pct: r4(mean(calls.map((c) => c.return_pct))),
    mean_confidence: r4(mean(calls.map((c) => c.confidence))),
  }
}

export function bucketIndex(confidence: number): number {
  for (let i = BUCKET_EDGES.length - 2; i > 0; i--) if (confidence >= BUCKET_EDGES[i]!) return i
  return 0
}

export function buckets(calls: ScoredCall[]): Bucket[] {
  const by: ScoredCall[][] = BUCKET_EDGES.slice(1).map(() => [])
  for (const c of calls) by[bucketIndex(c.confidence)]!.push(c)
  return by.map((cs, i) => ({ from: BUCKET_EDGES[i]!, to: BUCKET_EDGES[i + 1]!, ...group(cs) }))
}

export interface Calibration {
  brier_score: number | null
  expected_calibration_error: number | null
}

export function calibration(calls: ScoredCall[]): Calibration {
  if (!calls.length) return { brier_score: null, expected_calibration_error: null }
  const brier = mean(calls.map((c) => (c.confidence - (c.outcome === 'hit' ? 1 : 0)) ** 2))!
  let ece = 0
  for (const b of buckets(calls)) {
    if (!b.count) continue
    // From the unrounded figures, so the measure does not carry the buckets' rounding.
    const inB = calls.filter((c) => bucketIndex(c.confidence) === bucketIndex(b.from))
    const conf = mean(inB.map((c) => c.confidence))!
    const rate = inB.filter((c) => c.outcome === 'hit').length / inB.length
    ece += (inB.length / calls.length) * Math.abs(conf - rate)
  }
  return { brier_score: round4(brier), expected_calibration_error: round4(ece) }
}
