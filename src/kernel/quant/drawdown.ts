/**
 * Drawdowns of an equity curve (docs/definitions.md#performance-metrics): depth `E_t/max_{s≤t} E_s − 1` with
 * the starting equity counted as a peak, reported as a negative fraction; duration in calendar days
 * from the peak date to the recovery date (the first date with E ≥ that peak), or to the last date
 * with the episode flagged open when equity has not recovered (backtesting.py's behaviour).
 *
 * Dates are day numbers: whole days since 1970-01-01 (e.g. `dateToMs('2026-01-02') / DAY_MS` with
 * src/kernel/dates.ts), so a difference is a count of calendar days. No Date parsing here.
 */
import { requireSameLength, type Series } from './series.ts'

/** E_t / running peak − 1 at every index (0 at a new high); NaN while the peak is not positive. */
export function drawdownSeries(equity: Series): Float64Array {
  const out = new Float64Array(equity.length)
  let peak = Number.NEGATIVE_INFINITY
  for (let i = 0; i < equity.length; i++) {
    const e = equity[i]!
    if (e > peak) peak = e
    out[i] = peak > 0 ? e / peak - 1 : Number.NaN
  }
  return out
}

export interface DrawdownEpisode {
  /** Index of the peak: the last date at the running high before equity fell below it. */
  peak: number
  /** Index of the lowest equity of the episode (the first, on ties). */
  trough: number
  /** Index of the first date with E ≥ the peak; −1 while open. */
  recovery: number
  /** E_trough/E_peak − 1 (negative). */
  depth: number
  /** E_trough − E_peak (negative, in the equity's unit). */
  amount: number
  /** Calendar days from the peak date to the recovery date, or to the last date if open. */
  durationDays: number
  /** Bars from the peak to the recovery (or the last bar if open). */
  bars: number
  /** Not recovered by the last date. */
  open: boolean
}

function episode(days: Series, equity: Series, peak: number, trough: number, end: number, open: boolean) {
  const p = equity[peak]!
  const t = equity[trough]!
  return {
    peak,
    trough,
    recovery: open ? -1 : end,
    depth: p > 0 ? t / p - 1 : Number.NaN,
    amount: t - p,
    durationDays: days[end]! - days[peak]!,
    bars: end - peak,
    open,
  } satisfies DrawdownEpisode
}

/** Every drawdown episode, in date order (one pass; one object per episode, none per bar). */
export function drawdownEpisodes(days: Series, equity: Series): DrawdownEpisode[] {
  const len = requireSameLength(days, equity)
  const out: DrawdownEpisode[] = []
  let peak = 0
  let trough = -1 // −1: at the peak, not in a drawdown
  for (let i = 1; i < len; i++) {
    const e = equity[i]!
    if (e >= equity[peak]!) {
      if (trough >= 0) out.push(episode(days, equity, peak, trough, i, false))
      peak = i
      trough = -1
    } else if (trough < 0 || e < equity[trough]!) trough = i
  }
  if (trough >= 0) out.push(episode(days, equity, peak, trough, len - 1, true))
  return out
}

export interface DrawdownSummary {
  /** The deepest episode (the first of equal depth); null when equity never fell below a peak. */
  max: DrawdownEpisode | null
  /** The longest episode in calendar days (open ones measured to the last date); 0 with none. */
  longestDays: number
}

/** The maximum drawdown and the longest drawdown duration of an equity curve. */
export function maxDrawdown(days: Series, equity: Series): DrawdownSummary {
  let max: DrawdownEpisode | null = null
  let longestDays = 0
  for (const ep of drawdownEpisodes(days, equity)) {
    if (max === null || ep.depth < max.depth) max = ep
    if (ep.durationDays > longestDays) longestDays = ep.durationDays
  }
  return { max, longestDays }
}
