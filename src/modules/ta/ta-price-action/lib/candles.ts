/**
 * The candlestick patterns of docs/definitions.md#candlestick-patterns over a series of bars (oldest first). Each is
 * reported at its last bar (the bar that completes it: causal). Strength 0–100 is TA-Lib's output
 * magnitude where TA-Lib has the pattern (engulfing 100 or 80 with an equal end; doji, hammer,
 * shooting star, spinning top, stars 100) and 80 for the pin bars and the inside bar (this project's own choice).
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import * as A from './anatomy.ts'

export type CandleId =
  | 'doji'
  | 'spinning_top'
  | 'hammer'
  | 'shooting_star'
  | 'bullish_pin_bar'
  | 'bearish_pin_bar'
  | 'bullish_engulfing'
  | 'bearish_engulfing'
  | 'inside_bar'
  | 'morning_star'
  | 'evening_star'

export type CandleDirection = 'bullish' | 'bearish' | 'neutral'

/** Bars back for the "prior move" context: C[i−1] against C[i−1−CONTEXT_BARS] (C[i−1] < C[i−4]). */
export const CONTEXT_BARS = 3
export const NON_TALIB_STRENGTH = 80

export interface CandleInfo {
  id: CandleId
  name: string
  bars: 1 | 2 | 3
  direction: CandleDirection
  description: string
}

export const CANDLES: readonly CandleInfo[] = [
  {
    id: 'doji',
    name: 'Doji',
    bars: 1,
    direction: 'neutral',
    description: 'Body ≤ 10% of the range: indecision.',
  },
  {
    id: 'spinning_top',
    name: 'Spinning top',
    bars: 1,
    direction: 'neutral',
    description: 'Body ≤ 35% of the range with both shadows ≥ the body, not a doji.',
  },
  {
    id: 'hammer',
    name: 'Hammer',
    bars: 1,
    direction: 'bullish',
    description:
      'Small body (≤ 35% of the range), lower shadow ≥ 2× body, upper shadow ≤ 10% of the range, after a decline (C[i−1] < C[i−4]).',
  },
  {
    id: 'shooting_star',
    name: 'Shooting star',
    bars: 1,
    direction: 'bearish',
    description:
      'Small body (≤ 35% of the range), upper shadow ≥ 2× body, lower shadow ≤ 10% of the range, after an advance (C[i−1] > C[i−4]).',
  },
  {
    id: 'bullish_pin_bar',
    name: 'Bullish pin bar',
    bars: 1,
    direction: 'bullish',
    description: 'Lower shadow ≥ 2/3 of the range and the body in the upper third.',
  },
  {
    id: 'bearish_pin_bar',
    name: 'Bearish pin bar',
    bars: 1,
    direction: 'bearish',
    description: 'Upper shadow ≥ 2/3 of the range and the body in the lower third.',
  },
  {
    id: 'bullish_engulfing',
    name: 'Bullish engulfing',
    bars: 2,
    direction: 'bullish',
    description:
      'A down bar, then an up bar whose body engulfs it (TA-Lib: 100, or 80 when one end is equal).',
  },
  {
    id: 'bearish_engulfing',
    name: 'Bearish engulfing',
    bars: 2,
    direction: 'bearish',
    description:
      'An up bar (or one with open = close, which TA-Lib counts as white), then a down bar whose body engulfs it (TA-Lib: 100, or 80 when one end is equal).',
  },
  {
    id: 'inside_bar',
    name: 'Inside bar',
    bars: 2,
    direction: 'neutral',
    description: 'High below and low above the previous bar’s (strict): contraction.',
  },
  {
    id: 'morning_star',
    name: 'Morning star',
    bars: 3,
    direction: 'bullish',
    description:
      'A long down bar (body ≥ 60% of range), a small body (≤ 30%) gapping below its close, then an up bar closing above C1 + 0.3·body1.',
  },
  {
    id: 'evening_star',
    name: 'Evening star',
    bars: 3,
    direction: 'bearish',
    description:
      'A long up bar, a small body gapping above its close, then a down bar closing below C1 − 0.3·body1.',
  },
]

export const CANDLE_IDS = new Set<string>(CANDLES.map((c) => c.id))

export interface CandleHit {
  pattern: CandleId
  direction: CandleDirection
  strength: number
  /** The bar that completes the pattern. */
  index: number
  /** The first bar of the pattern. */
  first: number
  /** The prior move at the first bar: 'decline' when C[j−1] < C[j−4], 'advance' when >, else null. */
  context: 'decline' | 'advance' | null
  /** Pattern-specific numbers (the star's penetration level, the engulfing score). */
  values: Record<string, number>
}

export function priorMove(bars: readonly Bar[], j: number): 'decline' | 'advance' | null {
  if (j - 1 - CONTEXT_BARS < 0) return null
  const now = bars[j - 1]!.close
  const then = bars[j - 1 - CONTEXT_BARS]!.close
  return now < then ? 'decline' : now > then ? 'advance' : null
}

function hit(
  bars: readonly Bar[],
  pattern: CandleId,
  index: number,
  span: number,
  strength: number,
  values: Record<string, number> = {},
): CandleHit {
  const info = CANDLES.find((c) => c.id === pattern)!
  const first = index - span + 1
  return {
    pattern,
    direction: info.direction,
    strength,
    index,
    first,
    context: priorMove(bars, first),
    values,
  }
}

function singleBar(bars: readonly Bar[], i: number, out: CandleHit[]): void {
  const c = bars[i]!
  const move = priorMove(bars, i)
  if (A.isDoji(c)) out.push(hit(bars, 'doji', i, 1, 100))
  if (A.isSpinningTop(c)) out.push(hit(bars, 'spinning_top', i, 1, 100))
  if (A.isHammerShape(c) && move === 'decline') out.push(hit(bars, 'hammer', i, 1, 100))
  if (A.isShootingStarShape(c) && move === 'advance') out.push(hit(bars, 'shooting_star', i, 1, 100))
  if (A.isBullishPin(c)) out.push(hit(bars, 'bullish_pin_bar', i, 1, NON_TALIB_STRENGTH))
  if (A.isBearishPin(c)) out.push(hit(bars, 'bearish_pin_bar', i, 1, NON_TALIB_STRENGTH))
}

function multiBar(bars: readonly Bar[], i: number, out: CandleHit[]): void {
  if (i >= 1) {
    const e = A.engulfing(bars[i - 1]!, bars[i]!)
    if (e > 0) out.push(hit(bars, 'bullish_engulfing', i, 2, e, { talib: e }))
    if (e < 0) out.push(hit(bars, 'bearish_engulfing', i, 2, -e, { talib: e }))
    if (A.isInside(bars[i - 1]!, bars[i]!)) out.push(hit(bars, 'inside_bar', i, 2, NON_TALIB_STRENGTH))
  }
  if (i >= 2) {
    const [c1, c2, c3] = [bars[i - 2]!, bars[i - 1]!, bars[i]!]
    const ms = A.morningStar(c1, c2, c3)
    if (ms !== null) out.push(hit(bars, 'morning_star', i, 3, 100, { penetration_level: ms }))
    const es = A.eveningStar(c1, c2, c3)
    if (es !== null) out.push(hit(bars, 'evening_star', i, 3, 100, { penetration_level: es }))
  }
}

/** Every pattern completed at bar i (catalog order). */
export function candlesAt(bars: readonly Bar[], i: number): CandleHit[] {
  const out: CandleHit[] = []
  singleBar(bars, i, out)
  multiBar(bars, i, out)
  return out
}

/** Every pattern in the series, oldest first. */
export function findCandles(bars: readonly Bar[]): CandleHit[] {
  const out: CandleHit[] = []
  for (let i = 0; i < bars.length; i++) out.push(...candlesAt(bars, i))
  return out
}

/**
 * The direction a hit votes for: its own, or for a neutral pattern the reversal of the prior move
 * (indecision after a decline hints up); null when a neutral pattern has no prior move.
 */
export function votedDirection(h: CandleHit): 'bullish' | 'bearish' | null {
  if (h.direction !== 'neutral') return h.direction
  return h.context === 'decline' ? 'bullish' : h.context === 'advance' ? 'bearish' : null
}
