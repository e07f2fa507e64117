/**
 * Fair value gaps (SMC 3-candle rule, docs/definitions.md#fair-value-gaps): the middle candle i of an up move leaves a bullish gap
 * when H[i−1] < L[i+1] (top L[i+1], bottom H[i−1]); a down candle with L[i−1] > H[i+1] a bearish one
 * (top L[i−1], bottom H[i+1]). Known at bar i+1. Mitigation from bar i+2 on: touched (SMC
 * "mitigated": bullish L ≤ top), consequent encroachment (the midpoint reached) and filled (the far
 * edge reached: bullish L ≤ bottom). Adjacent gaps are not joined (SMC join_consecutive off).
 */
import type { Direction } from '../../../../platform/ta-layer.ts'
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { barRef, px, type BarRef } from './bars.ts'

/** unmitigated: never touched; partially: touched, far edge not reached; fully: filled. */
export type FvgState = 'unmitigated' | 'partially' | 'fully'

export interface Fvg {
  direction: Direction
  /** The middle candle. */
  index: number
  time: string
  /** The bar that confirms it (index + 1). */
  confirmed: number
  top: number
  bottom: number
  /** Consequent encroachment: the midpoint. */
  ce: number
  state: FvgState
  touched: BarRef | null
  ce_hit: BarRef | null
  filled: BarRef | null
  /** The three candles i−1, i, i+1. */
  evidence: { candles: BarRef[] }
}

function gapAt(bars: readonly Bar[], i: number): Pick<Fvg, 'direction' | 'top' | 'bottom'> | null {
  const prev = bars[i - 1]!
  const mid = bars[i]!
  const next = bars[i + 1]!
  if (prev.high < next.low && mid.close > mid.open)
    return { direction: 'bullish', top: next.low, bottom: prev.high }
  if (prev.low > next.high && mid.close < mid.open)
    return { direction: 'bearish', top: prev.low, bottom: next.high }
  return null
}

function mitigate(bars: readonly Bar[], g: Pick<Fvg, 'direction' | 'top' | 'bottom' | 'index'>) {
  const bull = g.direction === 'bullish'
  const ce = (g.top + g.bottom) / 2
  let touched: BarRef | null = null
  let ceHit: BarRef | null = null
  let filled: BarRef | null = null
  for (let j = g.index + 2; j < bars.length && !filled; j++) {
    const b = bars[j]!
    const reach = (level: number) => (bull ? b.low <= level : b.high >= level)
    if (!touched && reach(bull ? g.top : g.bottom)) touched = barRef(bars, j)
    if (!ceHit && reach(ce)) ceHit = barRef(bars, j)
    if (reach(bull ? g.bottom : g.top)) filled = barRef(bars, j)
  }
  const state: FvgState = filled ? 'fully' : touched ? 'partially' : 'unmitigated'
  return { ce: px(ce), state, touched, ce_hit: ceHit, filled }
}

/** Every FVG of `bars`, in bar order, with its mitigation state as of the last bar. */
export function fairValueGaps(bars: readonly Bar[]): Fvg[] {
  const out: Fvg[] = []
  for (let i = 1; i + 1 < bars.length; i++) {
    const gap = gapAt(bars, i)
    if (!gap) continue
    const base = { ...gap, index: i, time: bars[i]!.time }
    out.push({
      ...base,
      confirmed: i + 1,
      ...mitigate(bars, base),
      evidence: { candles: [barRef(bars, i - 1), barRef(bars, i), barRef(bars, i + 1)] },
    })
  }
  return out
}
