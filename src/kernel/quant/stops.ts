/**
 * Stop levels (docs/definitions.md#stops): the ATR stop (this project's own) and the chandelier exit (StockCharts),
 * raw as StockCharts plots it or ratcheted as a trailing stop that is never loosened (Le Beau).
 * Both use Wilder's ATR with TA-Lib's convention.
 */
import { rollingMax, rollingMin } from './rolling.ts'
import { nanSeries, requireSameLength, type Series } from './series.ts'
import { atr } from './volatility.ts'

export type Side = 'long' | 'short'

/** ATR stop: long entry − k·ATR, short entry + k·ATR (default k = 2; 1.5–3 is common). */
export function atrStop(entry: number, atrValue: number, side: Side, k = 2): number {
  return side === 'long' ? entry - k * atrValue : entry + k * atrValue
}

export interface Chandelier {
  /** HighestHigh(n) − k·ATR(n): the stop of a long position. */
  long: Float64Array
  /** LowestLow(n) + k·ATR(n): the stop of a short position. */
  short: Float64Array
}

/**
 * Chandelier exit, un-ratcheted (StockCharts' line): the same n-bar lookback for the extreme and the
 * ATR (default 22, k = 3). First value at index n, where the ATR starts.
 */
export function chandelier(high: Series, low: Series, close: Series, n = 22, k = 3): Chandelier {
  const len = requireSameLength(high, low, close)
  const a = atr(high, low, close, n)
  const hh = rollingMax(high, n)
  const ll = rollingMin(low, n)
  const out: Chandelier = { long: nanSeries(len), short: nanSeries(len) }
  for (let i = n; i < len; i++) {
    out.long[i] = hh[i]! - k * a[i]!
    out.short[i] = ll[i]! + k * a[i]!
  }
  return out
}

/**
 * A raw stop line as a trailing stop from bar `from` (the entry): stop_t = max(stop_{t−1}, raw_t) for
 * a long, min for a short, so it only tightens. NaN before `from`, and until the raw line has a value.
 */
export function trailingStop(raw: Series, side: Side, from = 0): Float64Array {
  const out = nanSeries(raw.length)
  let stop = Number.NaN
  for (let i = Math.max(from, 0); i < raw.length; i++) {
    const r = raw[i]!
    if (Number.isNaN(stop) || (side === 'long' ? r > stop : r < stop)) stop = r
    out[i] = stop
  }
  return out
}
