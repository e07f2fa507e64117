/**
 * Swing highs and lows (quant-definitions §4.1 pin), only to locate reversals near a swing: bar p is
 * a swing high when H[p] > max(H[p−L..p−1]) and H[p] ≥ max(H[p+1..p+R]), confirmed at bar p+R.
 * Lows mirror. (The structure layer owns the full market-structure analysis.)
 */
import type { Bar } from '../../../providers/market-data/market-data.port.ts'

/** Swing length L = R per timeframe: 2 intraday, 3 daily and weekly (§4.1 defaults). */
export const SWING_LR: Record<string, number> = { '1m': 2, '5m': 2, '15m': 2, '1h': 2, '1d': 3, '1w': 3 }
export const DEFAULT_SWING_LR = 3

export function swings(bars: readonly Bar[], lr: number): { highs: number[]; lows: number[] } {
  const highs: number[] = []
  const lows: number[] = []
  for (let p = lr; p + lr < bars.length; p++) {
    let high = true
    let low = true
    for (let k = p - lr; k <= p + lr && (high || low); k++) {
      if (k === p) continue
      const b = bars[k]!
      const before = k < p
      if (before ? b.high >= bars[p]!.high : b.high > bars[p]!.high) high = false
      if (before ? b.low <= bars[p]!.low : b.low < bars[p]!.low) low = false
    }
    if (high) highs.push(p)
    if (low) lows.push(p)
  }
  return { highs, lows }
}
