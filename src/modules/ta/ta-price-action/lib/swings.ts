/**
 * Swings are the structure layer's (swing pin, ta-structure `findSwings`: H[p] > max(H[p−L..p−1])
 * and H[p] ≥ max(H[p+1..p+R]), confirmed at p+R), with its per-timeframe L = R; here only to locate
 * reversals near a swing, as bar indexes.
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { findSwings, SWING_LR } from '../../ta-structure/index.ts'

export { SWING_LR }
/** The daily swing length, for the layer functions that take no timeframe. */
export const DEFAULT_SWING_LR = SWING_LR['1d']

export function swings(bars: readonly Bar[], lr: number): { highs: number[]; lows: number[] } {
  const highs: number[] = []
  const lows: number[] = []
  for (const s of findSwings(bars, { left: lr, right: lr })) (s.kind === 'high' ? highs : lows).push(s.index)
  return { highs, lows }
}
