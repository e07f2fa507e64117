/**
 * Session VWAP (docs/definitions.md#vwap) and relative volume with its z-score.
 */
import { rollingMeanSdInto } from './rolling.ts'
import { nanSeries, requirePeriod, requireSameLength, type Series } from './series.ts'

/**
 * Session VWAP_t = Σ p·v / Σ v from the session's first bar to t, with p the typical price
 * (H+L+C)/3 (not the close). `session` (optional) holds one key per bar, e.g. the trading day
 * number: the sums reset whenever it differs from the previous bar's. Without it the whole input is
 * one session, so pass only the bars from the anchor (09:30 ET regular, 04:00 with extended hours).
 * NaN while the session's cumulative volume is 0; a zero-volume bar leaves VWAP unchanged.
 */
export function sessionVwap(
  high: Series,
  low: Series,
  close: Series,
  volume: Series,
  session?: Series,
): Float64Array {
  const len = session
    ? requireSameLength(high, low, close, volume, session)
    : requireSameLength(high, low, close, volume)
  const out = nanSeries(len)
  let pv = 0
  let vol = 0
  for (let i = 0; i < len; i++) {
    if (session && i > 0 && session[i] !== session[i - 1]) pv = vol = 0
    const v = volume[i]!
    pv += ((high[i]! + low[i]! + close[i]!) / 3) * v
    vol += v
    if (vol > 0) out[i] = pv / vol
  }
  return out
}

export interface RelativeVolume {
  /** V0 / mean(baseline); NaN with no baseline or a zero mean. */
  rvol: number
  /** (V0 − mean) / sd; NaN when sd is 0 or undefined (fewer than 2 baseline values), never ±∞. */
  z: number
  mean: number
  /** Sample standard deviation (ddof = 1) of the baseline, the relative-volume pin. */
  sd: number
}

/**
 * RVOL of today's volume in a window against the same wall-clock window of previous sessions
 * (the detectors use 5). The caller picks the sessions: same window, half days excluded, and it
 * decides what too short a baseline means (null, or low confidence).
 */
export function relativeVolume(today: number, baseline: Series): RelativeVolume {
  const n = baseline.length
  let sum = 0
  for (let i = 0; i < n; i++) sum += baseline[i]!
  const mean = n > 0 ? sum / n : Number.NaN
  let ss = 0
  for (let i = 0; i < n; i++) ss += (baseline[i]! - mean) ** 2
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : Number.NaN
  return {
    rvol: mean !== 0 ? today / mean : Number.NaN,
    z: sd > 0 ? (today - mean) / sd : Number.NaN,
    mean,
    sd,
  }
}

export interface RelativeVolumeSeries {
  rvol: Float64Array
  z: Float64Array
}

/**
 * `relativeVolume` along a series, each value against the `n` values before it (for a series of the
 * same window's volume, one value per session, or of daily volumes). First value at index n.
 */
export function relativeVolumeSeries(x: Series, n = 5): RelativeVolumeSeries {
  requirePeriod('period', n)
  const len = x.length
  const mean = nanSeries(len)
  const sd = nanSeries(len)
  rollingMeanSdInto(x, n, 1, mean, sd)
  const out = { rvol: nanSeries(len), z: nanSeries(len) }
  for (let i = n; i < len; i++) {
    const m = mean[i - 1]!
    const s = sd[i - 1]!
    const v = x[i]!
    if (m !== 0) out.rvol[i] = v / m
    if (s > 0) out.z[i] = (v - m) / s
  }
  return out
}
