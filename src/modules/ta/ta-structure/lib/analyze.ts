/**
 * The structure analysis of one series in wire form: every swing and break carries the
 * bar indexes, ISO times and OHLC values that justify it. Pure; the service feeds it timeframe bars.
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import type { Timeframe } from '../../../market/market-data/index.ts'
import { structureBreaks, type StructureBreak } from './breaks.ts'
import { findSwings, trendOf, trendSign, type Swing, type SwingOptions, type Trend } from './swings.ts'

/** Swing L = R per timeframe (2 on intraday timeframes, 3–5 on daily; we take 3 on 1d and 1w). */
export const SWING_LR: Record<Timeframe, number> = { '1m': 2, '5m': 2, '15m': 2, '1h': 2, '1d': 3, '1w': 3 }
/** EQH/EQL tolerance in price units (labelling default: 0, exact). */
export const EQUAL_TOLERANCE = 0

export interface BarRef {
  index: number
  time: string
  open: number
  high: number
  low: number
  close: number
}

export interface SwingOut {
  kind: 'high' | 'low'
  label: Swing['label']
  price: number
  bar: BarRef
  /** The bar that confirms the pivot (index + R). */
  confirmed: BarRef
}

export interface BreakOut {
  type: 'bos' | 'choch'
  direction: 'bullish' | 'bearish'
  /** The broken swing level. */
  level: SwingOut
  /** The bar whose close crossed the level. */
  bar: BarRef
  prior_trend: 'bullish' | 'bearish' | null
}

export interface StructureAnalysis {
  bars: number
  left: number
  right: number
  tolerance: number
  as_of: string | null
  last_close: number | null
  /** Labelling trend from the last swing high's and low's labels. */
  trend: Trend
  trend_sign: 1 | -1 | 0
  /** BOS/CHoCH trend after the last break (null: no break yet). */
  break_trend: 'bullish' | 'bearish' | null
  last_high: SwingOut | null
  last_low: SwingOut | null
  swings: SwingOut[]
  last_bos: BreakOut | null
  last_choch: BreakOut | null
  /** The latest confirmed swing high and low not broken by a close: the next break's levels. */
  levels: { resistance: SwingOut | null; support: SwingOut | null }
  /** Every break, oldest first. */
  events: BreakOut[]
}

export function barRef(bars: readonly Bar[], i: number): BarRef {
  const b = bars[i]!
  return { index: i, time: b.time, open: b.open, high: b.high, low: b.low, close: b.close }
}

function swingOut(bars: readonly Bar[], s: Swing): SwingOut {
  return {
    kind: s.kind,
    label: s.label,
    price: s.price,
    bar: barRef(bars, s.index),
    confirmed: barRef(bars, s.confirmedIndex),
  }
}

function breakOut(bars: readonly Bar[], b: StructureBreak): BreakOut {
  return {
    type: b.type,
    direction: b.direction,
    level: swingOut(bars, b.level),
    bar: barRef(bars, b.index),
    prior_trend: b.priorTrend,
  }
}

/** Swing options of a timeframe (L = R = SWING_LR, EQUAL_TOLERANCE). */
export function optionsFor(tf: Timeframe): SwingOptions {
  return { left: SWING_LR[tf], right: SWING_LR[tf], tolerance: EQUAL_TOLERANCE }
}

export function analyzeStructure(
  bars: readonly Bar[],
  o: SwingOptions = optionsFor('1d'),
): StructureAnalysis {
  const swings = findSwings(bars, o)
  const st = structureBreaks(bars, swings)
  const trend = trendOf(swings)
  const out = (s: Swing | null | undefined) => (s ? swingOut(bars, s) : null)
  const events = st.breaks.map((b) => breakOut(bars, b))
  return {
    bars: bars.length,
    left: o.left,
    right: o.right,
    tolerance: o.tolerance ?? 0,
    as_of: bars.at(-1)?.time ?? null,
    last_close: bars.at(-1)?.close ?? null,
    trend,
    trend_sign: trendSign(trend),
    break_trend: st.trend,
    last_high: out(swings.findLast((s) => s.kind === 'high')),
    last_low: out(swings.findLast((s) => s.kind === 'low')),
    swings: swings.map((s) => swingOut(bars, s)),
    last_bos: events.findLast((e) => e.type === 'bos') ?? null,
    last_choch: events.findLast((e) => e.type === 'choch') ?? null,
    levels: { resistance: out(st.activeHigh), support: out(st.activeLow) },
    events,
  }
}
