/**
 * The contract between the technical-analysis layers (structure, price action, ICT: one module each)
 * and what combines them (confluence, pattern backtests, the portfolio dashboard, learning): each
 * layer module exports a `TaLayer` on its API. Pure functions over bars (oldest first), causal: an
 * occurrence is reported at the bar that confirms it, never earlier (docs/definitions.md#market-structure).
 */
import type { Bar } from '../kernel/bars.ts'

export type TaLayerName = 'structure' | 'price_action' | 'ict'
export type Direction = 'bullish' | 'bearish'

export interface PatternInfo {
  /** Stable id within its layer, snake_case (e.g. `bos`, `bullish_engulfing`, `fvg`). */
  id: string
  layer: TaLayerName
  name: string
  /** What it is and how it is detected, in a sentence or two. */
  description: string
  /** The directions it can have. */
  directions: readonly Direction[]
}

export interface PatternOccurrence {
  /** The bar that confirms it (the first bar a live detector could report it on). */
  index: number
  direction: Direction
}

export interface LayerScore {
  /** In [−1, 1]: +1 fully bullish; null when the layer cannot judge these bars (too few, flat). */
  score: number | null
  /** Why: the numbers behind the score (e.g. trend, the zone the price is in, the pattern's strength). */
  evidence: Record<string, unknown>
}

export interface TaLayer {
  layer: TaLayerName
  /** The layer's pattern catalog (GET /api/ta/patterns). */
  patterns: readonly PatternInfo[]
  /** Every occurrence of one pattern of the catalog in `bars`, in bar order. */
  occurrences(bars: readonly Bar[], patternId: string): PatternOccurrence[]
  /** The layer's signed score of the latest bar (confluence). */
  score(bars: readonly Bar[]): LayerScore
}
