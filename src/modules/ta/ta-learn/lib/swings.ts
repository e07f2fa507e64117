/**
 * The structure readings of the worked examples, from the ta-structure module's own rules
 * (docs/definitions.md#market-structure: causal pivots, labels, trend, close-based BOS/CHoCH), reshaped for
 * the examples. Daily examples use ta-structure's daily swing width.
 */
import type { Bar } from '../../../../providers/market-data/index.ts'
import {
  findSwings,
  SWING_LR,
  structureBreaks,
  trendOf as structureTrend,
  type Swing,
  type Trend,
} from '../../ta-structure/index.ts'

export type { Swing as Pivot, Trend }

/** ta-structure's daily pivot width (L = R). */
export const SWING_L = SWING_LR['1d']
export const SWING_R = SWING_LR['1d']

/** Confirmed, labelled pivots, oldest first. */
export function pivots(bars: readonly Bar[], l = SWING_L, r = SWING_R): Swing[] {
  return findSwings(bars, { left: l, right: r }).filter((s) => s.confirmedIndex < bars.length)
}

/** The trend and the labels of the last swing high and low. */
export function trendOf(ps: readonly Swing[]) {
  const high = ps.findLast((s) => s.kind === 'high')?.label ?? null
  const low = ps.findLast((s) => s.kind === 'low')?.label ?? null
  return { trend: structureTrend(ps), high, low }
}

export interface Break {
  index: number
  direction: 'bullish' | 'bearish'
  kind: 'bos' | 'choch'
  level: number
  level_index: number
}

/** Close-based breaks, oldest first. */
export function breaks(bars: readonly Bar[], l = SWING_L, r = SWING_R): Break[] {
  return structureBreaks(bars, pivots(bars, l, r)).breaks.map((b) => ({
    index: b.index,
    direction: b.direction,
    kind: b.type,
    level: b.level.price,
    level_index: b.level.index,
  }))
}
