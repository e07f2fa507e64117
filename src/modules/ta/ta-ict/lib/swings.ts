/**
 * Swings are the structure layer's (swing pin, ta-structure `findSwings`: H[i] > max(H[i−L..i−1]) and
 * H[i] ≥ max(H[i+1..i+R]), confirmed at i+R), with its per-timeframe L = R; one definition for both.
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { findSwings, type Swing } from '../../ta-structure/index.ts'

export { SWING_LR } from '../../ta-structure/index.ts'
export type { Swing }

/** Every confirmed swing of `bars`, in bar order, with L = R = `lr`. */
export const swings = (bars: readonly Bar[], lr: number): Swing[] => findSwings(bars, { left: lr, right: lr })
