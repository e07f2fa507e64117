/**
 * Multi-timeframe alignment (docs/definitions.md#multi-timeframe-alignment) over the anchor and the three timeframes below
 * it (the four lowest when fewer remain: there is no 4h timeframe here), weighted 0.4/0.3/0.2/0.1
 * from the highest down. alignment = Σ w·t; aligned when |alignment| ≥ 0.5 and the anchor's trend
 * has its sign; agree = the share of timeframes whose trend equals the anchor's. A timeframe
 * without bars is dropped and the remaining weights renormalised (as the confluence does for layers).
 */
import type { Timeframe } from '../../../market/market-data/index.ts'

/** Highest first. */
export const MTF_ORDER: readonly Timeframe[] = ['1w', '1d', '1h', '15m', '5m', '1m']
/** Weights by rank within the window, highest timeframe first (MTF defaults). */
export const MTF_WEIGHTS = [0.4, 0.3, 0.2, 0.1] as const
/** |alignment| at or above this is aligned. */
export const ALIGNED_THRESHOLD = 0.5

/** The four timeframes of an anchor's alignment, highest first. */
export function mtfWindow(anchor: Timeframe): Timeframe[] {
  const start = Math.min(MTF_ORDER.indexOf(anchor), MTF_ORDER.length - MTF_WEIGHTS.length)
  return MTF_ORDER.slice(start, start + MTF_WEIGHTS.length)
}

export interface MtfInput {
  timeframe: Timeframe
  /** +1 / −1 / 0, or null when the timeframe could not be read. */
  trend: 1 | -1 | 0 | null
}

export interface MtfResult {
  alignment: number | null
  aligned: boolean
  direction: 'bullish' | 'bearish' | null
  agree: number | null
  weights: Partial<Record<Timeframe, number>>
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6

/** `items` in window order (highest first); the anchor must be one of them. */
export function mtfAlignment(items: readonly MtfInput[], anchor: Timeframe): MtfResult {
  const avail = items.map((it, k) => ({ ...it, w: MTF_WEIGHTS[k]! })).filter((it) => it.trend !== null)
  const total = avail.reduce((s, it) => s + it.w, 0)
  const weights: Partial<Record<Timeframe, number>> = {}
  for (const it of avail) weights[it.timeframe] = round6(it.w / total)
  const anchorTrend = items.find((it) => it.timeframe === anchor)?.trend ?? null
  if (!avail.length || anchorTrend === null)
    return { alignment: null, aligned: false, direction: null, agree: null, weights }
  const alignment = round6(avail.reduce((s, it) => s + (it.w / total) * it.trend!, 0))
  const aligned = Math.abs(alignment) >= ALIGNED_THRESHOLD && Math.sign(alignment) === anchorTrend
  const direction = aligned ? (alignment > 0 ? 'bullish' : 'bearish') : null
  const agree = round6(avail.filter((it) => it.trend === anchorTrend).length / avail.length)
  return { alignment, aligned, direction, agree, weights }
}
