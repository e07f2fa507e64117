/**
 * Exit levels of one open position from its daily bars (docs/definitions.md#stops): the ATR stop from the entry (entry ∓ k·ATR_n),
 * the chandelier exit (HH_m − c·ATR_m long, LL_m + c·ATR_m short) raw and ratcheted from the entry bar,
 * and a percent stop; the method picks the effective stop, from which the distance and the money at
 * risk are measured against the last close. A stop is triggered (breached) when the last close is at
 * or below it for a long, at or above it for a short; each kind of stop carries its own flag.
 */
import {
  atr,
  atrStop,
  chandelier,
  rollingMax,
  rollingMin,
  toNullable,
  trailingStop,
  type Side,
} from '../../../../kernel/quant/index.ts'
import type { Bar } from '../../../../providers/market-data/index.ts'
import { cents } from '../../../../kernel/decimal/cents.ts'
import { barDate } from './align.ts'

export type ExitMethod = 'atr' | 'chandelier' | 'percent'

export const DEFAULT_ATR_PERIOD = 14
export const DEFAULT_MULTIPLIER = 2
export const CHANDELIER_PERIOD = 22
export const CHANDELIER_MULTIPLIER = 3

export interface StopParams {
  method: ExitMethod
  atrPeriod: number
  multiplier: number
  chandelierPeriod: number
  chandelierMultiplier: number
  /** Percent below (long) or above (short) the entry, for the percent method. */
  percent: number | null
  trailing: boolean
}

export interface OpenPosition {
  symbol: string
  quantity: number
  entry_price: number
  entry_date: string | null
}

export interface StopLevels {
  side: Side
  as_of: string | null
  last_close: number | null
  bars: number
  atr: number | null
  atr_stop: number | null
  atr_stop_triggered: boolean | null
  chandelier: {
    atr: number | null
    highest_high: number | null
    lowest_low: number | null
    raw: number | null
    raw_triggered: boolean | null
    trailing: number | null
    trailing_triggered: boolean | null
    trailing_from: string | null
  }
  percent_stop: number | null
  percent_stop_triggered: boolean | null
  stop: number | null
  distance_pct: number | null
  /** USD lost if the stop fills now: |quantity| × (close − stop) long; 0 once the stop is breached. */
  at_risk: number | null
  /** USD the close is already past a breached stop (|quantity| × the gap); null while it holds. */
  past_stop: number | null
  triggered: boolean | null
}

const r6 = (v: number | null) => (v === null ? null : Math.round(v * 1e6) / 1e6)
const at = (s: Float64Array, i: number) => (i >= 0 ? toNullable(s[i]!) : null)

export function stopLevels(pos: OpenPosition, bars: readonly Bar[], p: StopParams): StopLevels {
  const side: Side = pos.quantity < 0 ? 'short' : 'long'
  const H = bars.map((b) => b.high)
  const L = bars.map((b) => b.low)
  const C = bars.map((b) => b.close)
  const last = bars.length - 1
  const dates = bars.map(barDate)
  const a = at(atr(H, L, C, p.atrPeriod), last)
  const ch = chandelier(H, L, C, p.chandelierPeriod, p.chandelierMultiplier)
  const raw = side === 'long' ? ch.long : ch.short
  const from = pos.entry_date ? dates.findIndex((d) => d >= pos.entry_date!) : 0
  const trail = r6(from < 0 ? null : at(trailingStop(raw, side, from), last))
  const rawStop = r6(at(raw, last))
  const atrLevel = r6(a === null ? null : atrStop(pos.entry_price, a, side, p.multiplier))
  const percentStop = r6(percentLevel(pos, C, dates, side, p))
  const stop =
    p.method === 'atr' ? atrLevel : p.method === 'chandelier' ? (p.trailing ? trail : rawStop) : percentStop
  const close = last >= 0 ? C[last]! : null
  /** How far the close is on the safe side of a stop (negative: through it); null without one. */
  const gapTo = (level: number | null) =>
    level === null || close === null ? null : side === 'long' ? close - level : level - close
  const hit = (level: number | null) => {
    const g = gapTo(level)
    return g === null ? null : g <= 0
  }
  const gap = gapTo(stop)
  const exposure = (g: number) => cents(Math.abs(pos.quantity) * g)
  return {
    side,
    as_of: last >= 0 ? dates[last]! : null,
    last_close: close,
    bars: bars.length,
    atr: r6(a),
    atr_stop: atrLevel,
    atr_stop_triggered: hit(atrLevel),
    chandelier: {
      atr: r6(at(atr(H, L, C, p.chandelierPeriod), last)),
      highest_high: at(rollingMax(H, p.chandelierPeriod), last),
      lowest_low: at(rollingMin(L, p.chandelierPeriod), last),
      raw: rawStop,
      raw_triggered: hit(rawStop),
      trailing: trail,
      trailing_triggered: hit(trail),
      trailing_from: from < 0 ? null : (dates[from] ?? null),
    },
    percent_stop: percentStop,
    percent_stop_triggered: hit(percentStop),
    stop,
    distance_pct: gap === null || !close ? null : Math.round((gap / close) * 100 * 1e4) / 1e4,
    at_risk: gap === null ? null : gap > 0 ? exposure(gap) : 0,
    past_stop: gap === null || gap > 0 ? null : exposure(-gap),
    triggered: gap === null ? null : gap <= 0,
  }
}

/**
 * entry ∓ p %. Trailing, it ratchets from that entry-based stop: each close since the entry date
 * (every bar read without one) moves it to close × (1 − p) for a long, × (1 + p) for a short, when
 * that is tighter, and it never loosens — so it is p % from the best close since entry only once
 * that close is beyond the entry price.
 */
function percentLevel(
  pos: OpenPosition,
  C: number[],
  dates: string[],
  side: Side,
  p: StopParams,
): number | null {
  if (p.percent === null) return null
  const f = p.percent / 100
  let ref = pos.entry_price
  if (p.trailing)
    C.forEach((c, i) => {
      if (!pos.entry_date || dates[i]! >= pos.entry_date)
        ref = side === 'long' ? Math.max(ref, c) : Math.min(ref, c)
    })
  return side === 'long' ? ref * (1 - f) : ref * (1 + f)
}
