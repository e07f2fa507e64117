/**
 * Close-based, causal BOS and CHoCH (docs/definitions.md#bos-and-choch, ours): keep the latest confirmed,
 * unbroken swing high and low; a close above the high is a bullish break, below the low a bearish
 * one, each level broken at most once. With the trend (or no trend yet) it is a BOS, against it a
 * CHoCH; afterwards the trend is the break's direction. Not SMC's pattern-based, look-ahead rule.
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import type { Swing } from './swings.ts'

export type BreakDirection = 'bullish' | 'bearish'

export interface StructureBreak {
  type: 'bos' | 'choch'
  direction: BreakDirection
  /** The breaking bar (its close crossed the level). */
  index: number
  close: number
  /** The swing whose level was broken. */
  level: Swing
  /** The break trend before this break; null when there was none yet. */
  priorTrend: BreakDirection | null
}

export interface BreakState {
  breaks: StructureBreak[]
  /** The trend after the last break (null: no break yet). */
  trend: BreakDirection | null
  /** The latest confirmed swing high / low not broken yet (the levels the next break must cross). */
  activeHigh: Swing | null
  activeLow: Swing | null
}

/** Walks the bars once; `swings` must come from findSwings over the same bars. */
export function structureBreaks(bars: readonly Bar[], swings: readonly Swing[]): BreakState {
  const byConfirm = [...swings].sort((a, b) => a.confirmedIndex - b.confirmedIndex || a.index - b.index)
  const st: BreakState = { breaks: [], trend: null, activeHigh: null, activeLow: null }
  let next = 0
  for (let t = 0; t < bars.length; t++) {
    while (next < byConfirm.length && byConfirm[next]!.confirmedIndex <= t) {
      const s = byConfirm[next++]!
      if (s.kind === 'high') st.activeHigh = s
      else st.activeLow = s
    }
    const close = bars[t]!.close
    if (st.activeHigh && close > st.activeHigh.price) {
      record(st, 'bullish', t, close, st.activeHigh)
      st.activeHigh = null
    } else if (st.activeLow && close < st.activeLow.price) {
      record(st, 'bearish', t, close, st.activeLow)
      st.activeLow = null
    }
  }
  return st
}

function record(st: BreakState, direction: BreakDirection, index: number, close: number, level: Swing): void {
  const type = st.trend === null || st.trend === direction ? 'bos' : 'choch'
  st.breaks.push({ type, direction, index, close, level, priorTrend: st.trend })
  st.trend = direction
}
