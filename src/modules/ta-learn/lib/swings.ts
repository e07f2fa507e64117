/**
 * Minimal causal structure readings for the worked examples (quant-definitions §4.1–§4.3): pivots,
 * labels, trend and close-based breaks. The ta-structure module owns the full analysis; these are the
 * same rules, kept small, so that the learning content can show live numbers on its own.
 */
import type { Bar } from '../../../providers/market-data/index.ts'

export interface Pivot {
  index: number
  kind: 'high' | 'low'
  price: number
}

/** Daily pivots use L = R = 3 (§4.1 suggests 3–5 on daily). */
export const SWING_L = 3
export const SWING_R = 3

function isPivot(bars: readonly Bar[], i: number, l: number, r: number, kind: 'high' | 'low'): boolean {
  const v = (b: Bar) => (kind === 'high' ? b.high : -b.low)
  const x = v(bars[i]!)
  for (let k = i - l; k < i; k++) if (!(x > v(bars[k]!))) return false
  for (let k = i + 1; k <= i + r; k++) if (!(x >= v(bars[k]!))) return false
  return true
}

/** Confirmed pivots (i + R inside the series), oldest first. */
export function pivots(bars: readonly Bar[], l = SWING_L, r = SWING_R): Pivot[] {
  const out: Pivot[] = []
  for (let i = l; i + r < bars.length; i++) {
    if (isPivot(bars, i, l, r, 'high')) out.push({ index: i, kind: 'high', price: bars[i]!.high })
    if (isPivot(bars, i, l, r, 'low')) out.push({ index: i, kind: 'low', price: bars[i]!.low })
  }
  return out
}

export type Label = 'HH' | 'LH' | 'EQH' | 'HL' | 'LL' | 'EQL'

/** §4.2 labels, tolerance 0; the first pivot of each kind has none. */
export function labels(ps: readonly Pivot[]): (Label | null)[] {
  const prev: Record<'high' | 'low', number | null> = { high: null, low: null }
  return ps.map((p) => {
    const before = prev[p.kind]
    prev[p.kind] = p.price
    if (before === null) return null
    if (p.kind === 'high') return p.price > before ? 'HH' : p.price < before ? 'LH' : 'EQH'
    return p.price > before ? 'HL' : p.price < before ? 'LL' : 'EQL'
  })
}

export type Trend = 'bullish' | 'bearish' | 'ranging'

/** Bullish when the last high is HH and the last low HL; bearish on LH + LL; else ranging. */
export function trendOf(ps: readonly Pivot[]): { trend: Trend; high: Label | null; low: Label | null } {
  const ls = labels(ps)
  const last = (kind: 'high' | 'low') => {
    for (let k = ps.length - 1; k >= 0; k--) if (ps[k]!.kind === kind) return ls[k] ?? null
    return null
  }
  const high = last('high')
  const low = last('low')
  const trend =
    high === 'HH' && low === 'HL' ? 'bullish' : high === 'LH' && low === 'LL' ? 'bearish' : 'ranging'
  return { trend, high, low }
}

export interface Break {
  index: number
  direction: 'bullish' | 'bearish'
  kind: 'bos' | 'choch'
  level: number
  level_index: number
}

/** §4.3, close-based and causal: a pivot joins at bar i+R; each level breaks once. */
export function breaks(bars: readonly Bar[], l = SWING_L, r = SWING_R): Break[] {
  const ps = pivots(bars, l, r)
  const out: Break[] = []
  let hi: Pivot | null = null
  let lo: Pivot | null = null
  let trend: 'bullish' | 'bearish' | null = null
  let next = 0
  for (let j = 0; j < bars.length; j++) {
    while (next < ps.length && ps[next]!.index + r <= j) {
      const p = ps[next++]!
      if (p.kind === 'high') hi = p
      else lo = p
    }
    const c = bars[j]!.close
    const hit =
      hi && c > hi.price
        ? { p: hi, d: 'bullish' as const }
        : lo && c < lo.price
          ? { p: lo, d: 'bearish' as const }
          : null
    if (!hit) continue
    const kind = trend === null || trend === hit.d ? 'bos' : 'choch'
    out.push({ index: j, direction: hit.d, kind, level: hit.p.price, level_index: hit.p.index })
    trend = hit.d
    if (hit.d === 'bullish') hi = null
    else lo = null
  }
  return out
}
