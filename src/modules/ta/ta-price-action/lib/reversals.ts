/**
 * Reversal candidates of docs/definitions.md#reversal-candidates (this project's own rule): a reversal candlestick pattern, a prior move
 * against it, and a location (near a swing, in the discount/premium half of the recent range, or
 * outside the Bollinger band); confirmed when the next bar closes beyond the pattern.
 * Score = 0.4·pattern + 0.3·location + 0.3·volume, each term 0 or 1.
 */
import { atr, bollinger, sma } from '../../../../kernel/quant/index.ts'
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { findCandles, type CandleHit, type CandleId } from './candles.ts'
import { swings } from './swings.ts'

export const BULLISH_REVERSAL: readonly CandleId[] = [
  'hammer',
  'bullish_engulfing',
  'bullish_pin_bar',
  'morning_star',
]
export const BEARISH_REVERSAL: readonly CandleId[] = [
  'shooting_star',
  'bearish_engulfing',
  'bearish_pin_bar',
  'evening_star',
]
export const ATR_PERIOD = 14
export const SWING_ATR = 0.5
export const SMA_PERIOD = 20
export const RANGE_BARS = 20
export const VOLUME_BARS = 20
export const VOLUME_SPIKE = 1.5
export const WEIGHTS = { pattern: 0.4, location: 0.3, volume: 0.3 } as const

export type Dir = 'bullish' | 'bearish'
export type Status = 'pending' | 'confirmed' | 'failed'

export interface Reversal {
  direction: Dir
  patterns: CandleId[]
  first: number
  index: number
  /** The pattern's high (bullish) or low (bearish) the next close must pass. */
  trigger: number
  status: Status
  /** The bar that confirmed or failed it; null while pending. */
  resolved_index: number | null
  score: number
  context: { prior_close: number; close_4_back: number | null; sma20: number | null }
  location: {
    swing: { index: number; price: number; distance: number; limit: number } | null
    range_half: { high: number; low: number; equilibrium: number; close: number } | null
    bollinger: { band: number; extreme: number } | null
  }
  volume: { volume: number; average: number | null; ratio: number | null; spike: boolean }
  atr: number | null
}

const num = (x: number | undefined): number | null => (x === undefined || Number.isNaN(x) ? null : x)

function context(
  bars: readonly Bar[],
  close20: Float64Array,
  j: number,
  dir: Dir,
): Reversal['context'] | null {
  if (j < 1) return null
  const prior = bars[j - 1]!.close
  const back = j - 4 >= 0 ? bars[j - 4]!.close : null
  const avg = num(close20[j - 1])
  const against = (a: number | null) => a !== null && (dir === 'bullish' ? prior < a : prior > a)
  return against(back) || against(avg) ? { prior_close: prior, close_4_back: back, sma20: avg } : null
}

interface Series {
  atr: Float64Array
  sma: Float64Array
  lower: Float64Array
  upper: Float64Array
  lows: number[]
  highs: number[]
  swingLr: number
}

function swingNear(bars: readonly Bar[], s: Series, h: CandleHit, dir: Dir, extreme: number) {
  const a = num(s.atr[h.index])
  if (a === null) return null
  const pivots = dir === 'bullish' ? s.lows : s.highs
  let best: Reversal['location']['swing'] = null
  for (const p of pivots) {
    if (p + s.swingLr > h.index) break
    const price = dir === 'bullish' ? bars[p]!.low : bars[p]!.high
    const distance = Math.abs(extreme - price)
    if (distance <= SWING_ATR * a) best = { index: p, price, distance, limit: SWING_ATR * a }
  }
  return best
}

function rangeHalf(bars: readonly Bar[], i: number, dir: Dir) {
  if (i + 1 < RANGE_BARS) return null
  let high = -Infinity
  let low = Infinity
  for (let k = i - RANGE_BARS + 1; k <= i; k++) {
    high = Math.max(high, bars[k]!.high)
    low = Math.min(low, bars[k]!.low)
  }
  const eq = (high + low) / 2
  const close = bars[i]!.close
  const inside = dir === 'bullish' ? close < eq : close > eq
  return inside ? { high, low, equilibrium: eq, close } : null
}

function volumeTerm(bars: readonly Bar[], i: number): Reversal['volume'] {
  const volume = bars[i]!.volume
  if (i < VOLUME_BARS) return { volume, average: null, ratio: null, spike: false }
  let sum = 0
  for (let k = i - VOLUME_BARS; k < i; k++) sum += bars[k]!.volume
  const average = sum / VOLUME_BARS
  const ratio = average > 0 ? volume / average : null
  return { volume, average, ratio, spike: ratio !== null && ratio >= VOLUME_SPIKE }
}

function candidate(bars: readonly Bar[], s: Series, group: CandleHit[], dir: Dir): Reversal | null {
  const h = group[0]!
  const first = Math.min(...group.map((g) => g.first))
  const ctx = context(bars, s.sma, first, dir)
  if (!ctx) return null
  const span = bars.slice(first, h.index + 1)
  const extreme =
    dir === 'bullish' ? Math.min(...span.map((b) => b.low)) : Math.max(...span.map((b) => b.high))
  const band = num(dir === 'bullish' ? s.lower[h.index] : s.upper[h.index])
  const outside = band !== null && (dir === 'bullish' ? extreme < band : extreme > band)
  const location = {
    swing: swingNear(bars, s, h, dir, extreme),
    range_half: rangeHalf(bars, h.index, dir),
    bollinger: outside ? { band: band, extreme } : null,
  }
  if (!location.swing && !location.range_half && !location.bollinger) return null
  const volume = volumeTerm(bars, h.index)
  const trigger =
    dir === 'bullish' ? Math.max(...span.map((b) => b.high)) : Math.min(...span.map((b) => b.low))
  const next = bars[h.index + 1]
  const passed = next && (dir === 'bullish' ? next.close > trigger : next.close < trigger)
  return {
    direction: dir,
    patterns: group.map((g) => g.pattern),
    first,
    index: h.index,
    trigger,
    status: next ? (passed ? 'confirmed' : 'failed') : 'pending',
    resolved_index: next ? h.index + 1 : null,
    score: WEIGHTS.pattern + WEIGHTS.location + (volume.spike ? WEIGHTS.volume : 0),
    context: ctx,
    location,
    volume,
    atr: num(s.atr[h.index]),
  }
}

/** Every reversal candidate, oldest first; one per bar and direction (its patterns merged). */
export function findReversals(bars: readonly Bar[], swingLr: number): Reversal[] {
  const closes = bars.map((b) => b.close)
  const bb = bollinger(closes, SMA_PERIOD, 2)
  const sw = swings(bars, swingLr)
  const s: Series = {
    atr: atr(
      bars.map((b) => b.high),
      bars.map((b) => b.low),
      closes,
      ATR_PERIOD,
    ),
    sma: sma(closes, SMA_PERIOD),
    lower: bb.lower,
    upper: bb.upper,
    lows: sw.lows,
    highs: sw.highs,
    swingLr,
  }
  const byBar = new Map<string, CandleHit[]>()
  for (const h of findCandles(bars)) {
    const dir = BULLISH_REVERSAL.includes(h.pattern)
      ? 'bullish'
      : BEARISH_REVERSAL.includes(h.pattern)
        ? 'bearish'
        : null
    if (!dir) continue
    const key = `${h.index}:${dir}`
    byBar.set(key, [...(byBar.get(key) ?? []), h])
  }
  const out: Reversal[] = []
  for (const [key, group] of byBar) {
    const r = candidate(bars, s, group, key.endsWith('bullish') ? 'bullish' : 'bearish')
    if (r) out.push(r)
  }
  return out.sort((a, b) => a.index - b.index || a.direction.localeCompare(b.direction))
}
