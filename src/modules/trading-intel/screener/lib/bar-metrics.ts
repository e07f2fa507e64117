/**
 * The daily-bar fields of the screener snapshot, for one symbol at one session (index `t` of its
 * bars, oldest first). Pure: the bars in, numbers out, NaN where a value cannot be known (too little
 * history, a zero denominator). Definitions (each in percentage points where a percent):
 * - change % = (close_t / close_t−1 − 1) × 100; gap % = (open_t / close_t−1 − 1) × 100;
 * - avg volume = mean volume of the 20 sessions before t (t excluded); relative volume = volume / avg;
 * - RSI(14) Wilder; ATR % = ATR(14)_t / close_t × 100; SMA n = mean of the last n closes;
 * - dist_x = (close / x − 1) × 100; 52-week high/low = highest high / lowest low of the last 252 sessions;
 * - perf over 5, 21, 63, 252 sessions = (close_t / close_t−n − 1) × 100; YTD from the last close of the
 *   previous calendar year;
 * - beta = cov(r, r_SPY) / var(r_SPY) of the daily simple returns of the last 252 sessions the symbol
 *   and SPY share (fewer than 60 shared returns → null).
 */
import type { Bar } from '../../../../kernel/bars.ts'
import { atr, rsi, sma } from '../../../../kernel/quant/index.ts'

export const AVG_VOLUME_SESSIONS = 20
export const YEAR_SESSIONS = 252
export const BETA_MIN_RETURNS = 60
const PERF: ReadonlyArray<readonly [string, number]> = [
  ['perf_1w', 5],
  ['perf_1m', 21],
  ['perf_3m', 63],
  ['perf_1y', 252],
]

/** Values of one session; `previous` holds the crossable fields at t − 1. */
export interface BarFields {
  current: Record<string, number>
  previous: Record<string, number>
}

/** A daily bar's session date: daily bars start at the New York midnight of their date (04:00 or 05:00 UTC). */
export const dateOf = (b: Bar): string => b.time.slice(0, 10)

const pct = (a: number, b: number): number => (b > 0 && Number.isFinite(a) ? (a / b - 1) * 100 : Number.NaN)

function windowMax(xs: ArrayLike<number>, from: number, to: number, min: boolean): number {
  if (from < 0) return Number.NaN
  let m = min ? Infinity : -Infinity
  for (let i = from; i <= to; i++) m = min ? Math.min(m, xs[i]!) : Math.max(m, xs[i]!)
  return m
}

function meanVolume(vol: ArrayLike<number>, t: number): number {
  if (t < AVG_VOLUME_SESSIONS) return Number.NaN
  let s = 0
  for (let i = t - AVG_VOLUME_SESSIONS; i < t; i++) s += vol[i]!
  return s / AVG_VOLUME_SESSIONS
}

/** The crossable technical values at index i (used for t and t − 1). */
function technicalAt(c: Float64Array, h: Float64Array, l: Float64Array, s: Series3, i: number) {
  const price = c[i] ?? Number.NaN
  const high = windowMax(h, i - YEAR_SESSIONS + 1, i, false)
  const low = windowMax(l, i - YEAR_SESSIONS + 1, i, true)
  return {
    price,
    rsi_14: s.rsi[i] ?? Number.NaN,
    sma_20: s.sma20[i] ?? Number.NaN,
    sma_50: s.sma50[i] ?? Number.NaN,
    sma_200: s.sma200[i] ?? Number.NaN,
    dist_sma_20: pct(price, s.sma20[i] ?? Number.NaN),
    dist_sma_50: pct(price, s.sma50[i] ?? Number.NaN),
    dist_sma_200: pct(price, s.sma200[i] ?? Number.NaN),
    dist_52w_high: pct(price, high),
    dist_52w_low: pct(price, low),
    high_52w: high,
    low_52w: low,
  }
}

interface Series3 {
  rsi: Float64Array
  sma20: Float64Array
  sma50: Float64Array
  sma200: Float64Array
}

/** The fields of `bars[t]` (bars oldest first; t defaults to the last). Empty bars → every field NaN. */
export function barFields(
  bars: readonly Bar[],
  t = bars.length - 1,
  spy?: ReadonlyMap<string, number>,
): BarFields {
  const n = t + 1
  const c = Float64Array.from(bars.slice(0, n), (b) => b.close)
  const h = Float64Array.from(bars.slice(0, n), (b) => b.high)
  const l = Float64Array.from(bars.slice(0, n), (b) => b.low)
  const v = Float64Array.from(bars.slice(0, n), (b) => b.volume)
  const series: Series3 = { rsi: rsi(c, 14), sma20: sma(c, 20), sma50: sma(c, 50), sma200: sma(c, 200) }
  const cur = technicalAt(c, h, l, series, t)
  const prevClose = c[t - 1] ?? Number.NaN
  const avg = meanVolume(v, t)
  const atr14 = n > 14 ? atr(h, l, c, 14)[t]! : Number.NaN
  const current: Record<string, number> = {
    ...cur,
    change_pct: pct(cur.price, prevClose),
    gap_pct: pct(bars[t]?.open ?? Number.NaN, prevClose),
    volume: v[t] ?? Number.NaN,
    avg_volume: avg,
    relative_volume: avg > 0 ? v[t]! / avg : Number.NaN,
    atr_pct: cur.price > 0 ? (atr14 / cur.price) * 100 : Number.NaN,
    perf_ytd: ytd(bars, t),
    beta: spy ? beta(bars, t, spy) : Number.NaN,
  }
  for (const [id, k] of PERF) current[id] = pct(cur.price, c[t - k] ?? Number.NaN)
  const prev = t >= 1 ? technicalAt(c, h, l, series, t - 1) : undefined
  const previous: Record<string, number> = {}
  for (const k of Object.keys(cur)) previous[k] = prev ? prev[k as keyof typeof prev] : Number.NaN
  return { current, previous }
}

function ytd(bars: readonly Bar[], t: number): number {
  const year = dateOf(bars[t]!).slice(0, 4)
  for (let i = t - 1; i >= 0; i--)
    if (dateOf(bars[i]!).slice(0, 4) < year) return pct(bars[t]!.close, bars[i]!.close)
  return Number.NaN
}

/** SPY's daily simple return by session date (the beta benchmark). */
export function returnsByDate(bars: readonly Bar[]): Map<string, number> {
  const out = new Map<string, number>()
  for (let i = 1; i < bars.length; i++) out.set(dateOf(bars[i]!), bars[i]!.close / bars[i - 1]!.close - 1)
  return out
}

function beta(bars: readonly Bar[], t: number, spy: ReadonlyMap<string, number>): number {
  const xs: number[] = []
  const ys: number[] = []
  for (let i = Math.max(1, t - YEAR_SESSIONS + 1); i <= t; i++) {
    const m = spy.get(dateOf(bars[i]!))
    if (m === undefined) continue
    xs.push(m)
    ys.push(bars[i]!.close / bars[i - 1]!.close - 1)
  }
  if (xs.length < BETA_MIN_RETURNS) return Number.NaN
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length
  const my = ys.reduce((a, b) => a + b, 0) / ys.length
  let cov = 0
  let varx = 0
  for (let i = 0; i < xs.length; i++) {
    cov += (xs[i]! - mx) * (ys[i]! - my)
    varx += (xs[i]! - mx) ** 2
  }
  return varx > 0 ? cov / varx : Number.NaN
}

/** Forward returns in percent from the close of bars[t]: 1, 5 and 20 sessions on; null past the end. */
export function forwardReturns(
  bars: readonly Bar[],
  t: number,
): { d1: number | null; d5: number | null; d20: number | null } {
  const at = (k: number) => {
    const f = bars[t + k]
    return f && bars[t]!.close > 0 ? (f.close / bars[t]!.close - 1) * 100 : null
  }
  return { d1: at(1), d5: at(5), d20: at(20) }
}
