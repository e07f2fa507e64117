/**
 * True range and Wilder's ATR (docs/definitions.md#atr), Bollinger Bands with the population σ
 * (docs/definitions.md#bollinger-bands). Warm-up positions are NaN.
 */
import { rollingMeanSdInto } from './rolling.ts'
import { nanSeries, requirePeriod, requireSameLength, type Series } from './series.ts'

/** TR[i] = max(H−L, |H−C[i−1]|, |L−C[i−1]|); TR[0] = H[0]−L[0] (no previous close; ATR skips it). */
export function trueRange(high: Series, low: Series, close: Series): Float64Array {
  const len = requireSameLength(high, low, close)
  const out = new Float64Array(len)
  if (len > 0) out[0] = high[0]! - low[0]!
  for (let i = 1; i < len; i++) out[i] = trOf(high[i]!, low[i]!, close[i - 1]!)
  return out
}

function trOf(h: number, l: number, prevClose: number): number {
  const a = h - l
  const b = Math.abs(h - prevClose)
  const c = Math.abs(l - prevClose)
  return a >= b ? (a >= c ? a : c) : b >= c ? b : c
}

/**
 * ATR_n, TA-Lib's convention: bar 0 is not used; ATR[n] = mean(TR[1..n]), then
 * ATR[i] = (ATR[i−1]·(n−1) + TR[i])/n. First value at index n; with n = 1 it is TR from index 1.
 */
export function atr(high: Series, low: Series, close: Series, n = 14): Float64Array {
  requirePeriod('period', n)
  const len = requireSameLength(high, low, close)
  const out = nanSeries(len)
  if (len < n + 1) return out
  let a = 0
  for (let i = 1; i <= n; i++) a += trOf(high[i]!, low[i]!, close[i - 1]!)
  a /= n
  out[n] = a
  for (let i = n + 1; i < len; i++) {
    a = (a * (n - 1) + trOf(high[i]!, low[i]!, close[i - 1]!)) / n
    out[i] = a
  }
  return out
}

export interface Bollinger {
  upper: Float64Array
  /** SMA_n. */
  middle: Float64Array
  lower: Float64Array
  /** Population σ of the same n values (divide by n, as TA-Lib; not pandas' sample σ). */
  sigma: Float64Array
  /** (x − lower)/(upper − lower); NaN where upper = lower. */
  percentB: Float64Array
  /** (upper − lower)/middle; NaN where middle = 0. */
  bandwidth: Float64Array
}

/** Bollinger Bands(n, k): middle ± k·σ_population, first value at index n−1. */
export function bollinger(x: Series, n = 20, k = 2): Bollinger {
  requirePeriod('period', n)
  const len = x.length
  const b: Bollinger = {
    upper: nanSeries(len),
    middle: nanSeries(len),
    lower: nanSeries(len),
    sigma: nanSeries(len),
    percentB: nanSeries(len),
    bandwidth: nanSeries(len),
  }
  rollingMeanSdInto(x, n, 0, b.middle, b.sigma)
  for (let i = n - 1; i < len; i++) {
    const m = b.middle[i]!
    const w = k * b.sigma[i]!
    const up = m + w
    const lo = m - w
    b.upper[i] = up
    b.lower[i] = lo
    if (up !== lo) b.percentB[i] = (x[i]! - lo) / (up - lo)
    if (m !== 0) b.bandwidth[i] = (up - lo) / m
  }
  return b
}
