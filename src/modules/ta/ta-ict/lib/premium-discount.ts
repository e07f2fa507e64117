/**
 * Premium/discount and OTE (docs/definitions.md#premium-and-discount). The dealing range runs from the latest confirmed swing low `lo` to
 * the latest confirmed swing high `hi`; EQ = (hi + lo)/2; position = (C − lo)/(hi − lo): above 0.5
 * premium, below discount. The leg is up when the high came after the low: the long OTE is
 * [hi − 0.79R, hi − 0.62R] (sweet spot 70.5 %); the short OTE mirrors it from lo. Both are reported;
 * `leg` says which one applies.
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { barRef, px, type BarRef } from './bars.ts'
import { MAX_BARS_LISTED, OTE_FIB, OTE_HIGH, OTE_LOW, OTE_SWEET } from './constants.ts'
import type { Swing } from './swings.ts'

export type PdZone = 'premium' | 'discount' | 'equilibrium'

export interface OteBand {
  bottom: number
  top: number
  sweet: number
  fib_618: number
}

export interface BarPosition {
  index: number
  time: string
  close: number
  position: number
  zone: PdZone
  /** below / above the dealing range, or null inside it. */
  outside: 'below' | 'above' | null
  /** Its low (up leg) or high (down leg) lies in the leg's OTE band. */
  in_ote: boolean
}

export interface PremiumDiscount {
  low: { index: number; time: string; price: number }
  high: { index: number; time: string; price: number }
  leg: 'up' | 'down'
  range: number
  equilibrium: number
  last: BarPosition
  ote: { long: OteBand; short: OteBand }
  /** Bars after the range's later swing whose low (up leg) or high (down leg) lies in the OTE band. */
  ote_entries: BarRef[]
  /** Each bar after the range's later swing (the latest MAX_BARS_LISTED). */
  bars_since_range: BarPosition[]
}

const zoneOf = (p: number): PdZone => (p > 0.5 ? 'premium' : p < 0.5 ? 'discount' : 'equilibrium')

function bands(hi: number, lo: number): { long: OteBand; short: OteBand } {
  const r = hi - lo
  return {
    long: {
      bottom: px(hi - OTE_HIGH * r),
      top: px(hi - OTE_LOW * r),
      sweet: px(hi - OTE_SWEET * r),
      fib_618: px(hi - OTE_FIB * r),
    },
    short: {
      bottom: px(lo + OTE_LOW * r),
      top: px(lo + OTE_HIGH * r),
      sweet: px(lo + OTE_SWEET * r),
      fib_618: px(lo + OTE_FIB * r),
    },
  }
}

/** The latest confirmed swing of a kind as of the last bar. */
const latest = (list: readonly Swing[], kind: Swing['kind']) => list.filter((s) => s.kind === kind).at(-1)

/** Null when there is no confirmed swing high and low yet, or they are equal (no range). */
export function premiumDiscount(bars: readonly Bar[], swingList: readonly Swing[]): PremiumDiscount | null {
  const hiS = latest(swingList, 'high')
  const loS = latest(swingList, 'low')
  if (!hiS || !loS || !(hiS.price > loS.price)) return null
  const hi = hiS.price
  const lo = loS.price
  const leg = hiS.index > loS.index ? 'up' : 'down'
  const ote = bands(hi, lo)
  const band = leg === 'up' ? ote.long : ote.short
  const at = (i: number): BarPosition => {
    const b = bars[i]!
    const position = (b.close - lo) / (hi - lo)
    const edge = leg === 'up' ? b.low : b.high
    return {
      index: i,
      time: b.time,
      close: b.close,
      position: px(position),
      zone: zoneOf(position),
      outside: position < 0 ? 'below' : position > 1 ? 'above' : null,
      in_ote: edge >= band.bottom && edge <= band.top,
    }
  }
  const after: BarPosition[] = []
  for (let i = Math.max(hiS.index, loS.index) + 1; i < bars.length; i++) after.push(at(i))
  return {
    low: { index: loS.index, time: bars[loS.index]!.time, price: lo },
    high: { index: hiS.index, time: bars[hiS.index]!.time, price: hi },
    leg,
    range: px(hi - lo),
    equilibrium: px((hi + lo) / 2),
    last: at(bars.length - 1),
    ote,
    ote_entries: after.filter((p) => p.in_ote).map((p) => barRef(bars, p.index)),
    bars_since_range: after.slice(-MAX_BARS_LISTED),
  }
}
