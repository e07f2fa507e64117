/**
 * Simple and exponential moving averages (docs/definitions.md#sma, #ema).
 *
 * The EMA is TA-Lib's default ("classic") one: k = 2/(n+1), seeded at index n−1 with the SMA of
 * x[0..n−1], NaN before. Not the Metastock / `pandas.ewm(adjust=false)` variant that seeds with
 * x[0]: the two differ for many bars after the seed.
 */
import { rollingMean } from './rolling.ts'
import { nanSeries, requirePeriod, type Series } from './series.ts'

/** SMA_n[i] = mean(x[i−n+1..i]); first value at index n−1. */
export function sma(x: Series, n: number): Float64Array {
  return rollingMean(x, n)
}

/** Mean of x[from..to] inclusive (an EMA seed). */
export function meanOf(x: Series, from: number, to: number): number {
  let s = 0
  for (let j = from; j <= to; j++) s += x[j]!
  return s / (to - from + 1)
}

/** EMA_n with TA-Lib's SMA seed: EMA[n−1] = SMA(x[0..n−1]), then EMA[i] = EMA[i−1] + k·(x[i] − EMA[i−1]). */
export function ema(x: Series, n: number): Float64Array {
  requirePeriod('period', n)
  const len = x.length
  const out = nanSeries(len)
  if (len < n) return out
  const k = 2 / (n + 1)
  let e = meanOf(x, 0, n - 1)
  out[n - 1] = e
  for (let i = n; i < len; i++) {
    e += k * (x[i]! - e)
    out[i] = e
  }
  return out
}
