/**
 * Swing highs and lows (docs/definitions.md#swings) and their HH/HL/LH/LL/EQH/EQL labels and the trend
 * state. Pure, causal: a swing at bar i needs R later bars and is confirmed at bar i+R.
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'

export type SwingKind = 'high' | 'low'
export type SwingLabel = 'HH' | 'LH' | 'EQH' | 'HL' | 'LL' | 'EQL'
export type Trend = 'bullish' | 'bearish' | 'ranging'

export interface Swing {
  kind: SwingKind
  /** The pivot bar. */
  index: number
  /** The bar that confirms it (index + R): the first bar a live detector may use it on. */
  confirmedIndex: number
  /** The pivot's high (swing high) or low (swing low). */
  price: number
  /** Versus the previous swing of the same kind; null for the first one. */
  label: SwingLabel | null
}

export interface SwingOptions {
  /** Bars to the left that must be strictly lower (highs) / higher (lows). */
  left: number
  /** Bars to the right that must not be higher (highs) / lower (lows); the pivot is confirmed R bars later. */
  right: number
  /** |difference| ≤ tolerance labels EQH/EQL (default 0: exact). */
  tolerance?: number
}

function isPivot(bars: readonly Bar[], i: number, o: SwingOptions, kind: SwingKind): boolean {
  const v = (b: Bar) => (kind === 'high' ? b.high : -b.low)
  const x = v(bars[i]!)
  for (let j = i - o.left; j < i; j++) if (v(bars[j]!) >= x) return false
  for (let j = i + 1; j <= i + o.right; j++) if (v(bars[j]!) > x) return false
  return true
}

/** Every swing of `bars` (oldest first), in pivot order (highs before lows on the same bar), labelled. */
export function findSwings(bars: readonly Bar[], o: SwingOptions): Swing[] {
  const out: Swing[] = []
  const tol = o.tolerance ?? 0
  let lastHigh: number | null = null
  let lastLow: number | null = null
  for (let i = o.left; i + o.right < bars.length; i++) {
    const b = bars[i]!
    if (isPivot(bars, i, o, 'high')) {
      out.push({
        kind: 'high',
        index: i,
        confirmedIndex: i + o.right,
        price: b.high,
        label: label('high', b.high, lastHigh, tol),
      })
      lastHigh = b.high
    }
    if (isPivot(bars, i, o, 'low')) {
      out.push({
        kind: 'low',
        index: i,
        confirmedIndex: i + o.right,
        price: b.low,
        label: label('low', b.low, lastLow, tol),
      })
      lastLow = b.low
    }
  }
  return out
}

/** Versus the previous swing of the same kind; equal within the tolerance is EQH/EQL. */
export function label(kind: SwingKind, price: number, prev: number | null, tol: number): SwingLabel | null {
  if (prev === null) return null
  if (Math.abs(price - prev) <= tol) return kind === 'high' ? 'EQH' : 'EQL'
  if (kind === 'high') return price > prev ? 'HH' : 'LH'
  return price > prev ? 'HL' : 'LL'
}

/** Labels of an alternating or arbitrary sequence of swing points (the labelling vector's form). */
export function labelSequence(
  points: readonly { kind: SwingKind; price: number }[],
  tol = 0,
): (SwingLabel | null)[] {
  const prev: Record<SwingKind, number | null> = { high: null, low: null }
  return points.map((p) => {
    const l = label(p.kind, p.price, prev[p.kind], tol)
    prev[p.kind] = p.price
    return l
  })
}

/** Bullish if the last high is HH and the last low HL; bearish if LH and LL; else ranging. */
export function trendOf(swings: readonly Swing[]): Trend {
  const lastHigh = swings.findLast((s) => s.kind === 'high')?.label
  const lastLow = swings.findLast((s) => s.kind === 'low')?.label
  if (lastHigh === 'HH' && lastLow === 'HL') return 'bullish'
  if (lastHigh === 'LH' && lastLow === 'LL') return 'bearish'
  return 'ranging'
}

/** +1 bullish, −1 bearish, 0 ranging. */
export function trendSign(t: Trend): 1 | -1 | 0 {
  return t === 'bullish' ? 1 : t === 'bearish' ? -1 : 0
}
