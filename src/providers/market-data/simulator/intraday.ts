/**
 * One symbol-day of 1-minute bars, generated to agree with its daily bar: a seeded Brownian
 * bridge through the day's open, high, low and close (the extremes pinned at times a Brownian
 * path could reach them, extreme-times.ts; the path folded back into [low, high]), so the last
 * regular bar closes at the daily close and every intraday high/low stays inside the daily range. Pre/post-market bars are quieter walks inside
 * the same range. Volume is the daily volume spread over a U-shaped profile with spikes
 * (volume-shape.ts).
 */
import type { Bar } from '../market-data.port.ts'
import type { Session } from './calendar.ts'
import type { DailyBar } from './daily.ts'
import { px } from './daily.ts'
import { Rng } from './random.ts'
import { extremeTimes } from './extreme-times.ts'
import { volumeShape } from './volume-shape.ts'

export const MINUTE_MS = 60_000

export interface DayPath {
  /** Start of minute 0 (pre-market open, or the regular open without extended hours), ms. */
  t0: number
  nPre: number
  nReg: number
  nPost: number
  o: Float64Array
  h: Float64Array
  l: Float64Array
  c: Float64Array
  v: Float64Array
  vwap: Float64Array
  hasVolume: boolean
}

/** Reflects x into [lo, hi] (a Brownian path folded at barriers stays Brownian-looking). */
function fold(x: number, lo: number, hi: number): number {
  const w = hi - lo
  if (w <= 0) return lo
  let y = (x - lo) % (2 * w)
  if (y < 0) y += 2 * w
  return lo + (y <= w ? y : 2 * w - y)
}

/** Sequential Brownian bridge from a at index `from` to b at `to`, written into x (folded). */
function bridge(
  x: Float64Array,
  from: number,
  to: number,
  a: number,
  b: number,
  s: number,
  rng: Rng,
  lo: number,
  hi: number,
): void {
  let cur = a
  x[from] = a
  for (let k = from; k < to - 1; k++) {
    const left = to - k
    cur += (b - cur) / left + s * Math.sqrt((left - 1) / left) * rng.quickNormal()
    x[k + 1] = fold(cur, lo, hi)
  }
  x[to] = b
}

export interface DayInput {
  seed: number
  bar: DailyBar
  prevClose: number
  session: Session
  extended: boolean
  hasVolume: boolean
}

/**
 * Works in price space (an intraday range is a few percent, so arithmetic and log paths look
 * alike) and with cheap approximate normals: no transcendental call per minute keeps a day of
 * 960 minutes far under a millisecond.
 */
export function generateDay({ seed, bar, prevClose, session, extended, hasVolume }: DayInput): DayPath {
  const nReg = Math.round((session.close - session.open) / MINUTE_MS)
  const nPre = extended ? Math.round((session.open - session.preOpen) / MINUTE_MS) : 0
  const nPost = extended ? Math.round((session.postClose - session.close) / MINUTE_MS) : 0
  const n = nPre + nReg + nPost
  const rng = new Rng(seed)
  const lo = bar.l
  const hi = bar.h
  const s = Math.max(hi - lo, 1e-4 * hi) / (1.7 * Math.sqrt(nReg)) // per-minute vol that fills the range
  const x = new Float64Array(n + 1)

  // Regular session: bridges through the open, the pinned high and low, and the close.
  const times = extremeTimes(nReg, bar, s, rng)
  const tL = times.tL
  let tH = times.tH
  if (tH === tL) tH = tL > 1 ? tL - 1 : tL + 1
  const anchors = [
    [0, bar.o],
    [tH, hi],
    [tL, lo],
    [nReg, bar.c],
  ].sort((p, q) => p[0]! - q[0]!)
  for (let k = 0; k < 3; k++) {
    const [ta, a] = anchors[k]!
    const [tb, b] = anchors[k + 1]!
    bridge(x, nPre + ta!, nPre + tb!, a!, b!, s, rng, lo, hi)
  }
  // Pre-market drifts from the previous close (folded into today's range) to the open.
  if (nPre > 0) bridge(x, 0, nPre, fold(prevClose, lo, hi), bar.o, 0.5 * s, rng, lo, hi)
  let cur = x[nPre + nReg]!
  for (let k = nPre + nReg; k < n; k++) x[k + 1] = fold((cur += 0.4 * s * rng.quickNormal()), lo, hi)
  for (let k = 0; k <= n; k++) x[k] = Math.min(hi, Math.max(lo, px(x[k]!)))

  const o = new Float64Array(n)
  const h = new Float64Array(n)
  const l = new Float64Array(n)
  const c = new Float64Array(n)
  const v = new Float64Array(n)
  const vwap = new Float64Array(n)
  const weights = new Float64Array(n)
  const shape = volumeShape(nPre, nReg, nPost)
  let total = 0
  for (let k = 0; k < n; k++) {
    const reg = k - nPre
    const sk = reg < 0 ? 0.5 * s : reg < nReg ? s : 0.4 * s
    const a = x[k]!
    const b = x[k + 1]!
    const up = rng.uniform()
    const down = rng.uniform()
    o[k] = a
    c[k] = b
    // Wicks: a skewed excursion beyond the bar's body, never past the day's range.
    h[k] = Math.min(hi, Math.max(px((a > b ? a : b) + 0.8 * sk * up * up), a, b))
    l[k] = Math.max(lo, Math.min(px((a < b ? a : b) - 0.8 * sk * down * down), a, b))
    vwap[k] = Math.round(((a + h[k]! + l[k]! + b) / 4) * 10_000) / 10_000
    if (!hasVolume) continue
    const spike = rng.uniform() < 0.008 ? 3 + 5 * rng.uniform() : 1
    weights[k] = shape[k]! * spike * (0.45 + 1.1 * rng.uniform())
    total += weights[k]!
  }
  if (hasVolume && total > 0) {
    // Cumulative rounding: integer volumes that add up exactly to the daily volume.
    let acc = 0
    let given = 0
    for (let k = 0; k < n; k++) {
      acc += weights[k]!
      const upTo = Math.round((bar.v * acc) / total)
      v[k] = upTo - given
      given = upTo
    }
  }
  return { t0: nPre > 0 ? session.preOpen : session.open, nPre, nReg, nPost, o, h, l, c, v, vwap, hasVolume }
}

/** ISO string of a whole-minute instant; Date#toISOString per bar was most of a day's cost. */
let isoDay = Number.NaN
let isoPrefix = ''
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n))
function isoMinute(ms: number): string {
  const day = Math.floor(ms / 86_400_000)
  if (day !== isoDay) {
    isoDay = day
    isoPrefix = new Date(day * 86_400_000).toISOString().slice(0, 11)
  }
  const minute = Math.floor((ms - day * 86_400_000) / MINUTE_MS)
  return `${isoPrefix}${pad2(Math.floor(minute / 60))}:${pad2(minute % 60)}:00.000Z`
}

export interface AggregateWindow {
  session: 'regular' | 'extended'
  /** Only bars that have ended by `now` exist. */
  now: number
  start: number
  end: number
}

/**
 * Bars of `minutes` length, bucketed from each session segment's start (so no bar straddles the
 * open or the close): open of the first minute, close of the last, extremes, summed volume and
 * the volume-weighted vwap.
 */
export function aggregate(day: DayPath, minutes: number, w: AggregateWindow): Bar[] {
  const out: Bar[] = []
  const segments: Array<[number, number]> =
    w.session === 'extended'
      ? [
          [0, day.nPre],
          [day.nPre, day.nPre + day.nReg],
          [day.nPre + day.nReg, day.nPre + day.nReg + day.nPost],
        ]
      : [[day.nPre, day.nPre + day.nReg]]
  for (const [from, to] of segments) {
    for (let b = from; b < to; b += minutes) {
      const e = Math.min(b + minutes, to)
      const time = day.t0 + b * MINUTE_MS
      if (day.t0 + e * MINUTE_MS > w.now || time > w.end) return out
      if (time < w.start) continue
      let high = -Infinity
      let low = Infinity
      let volume = 0
      let pv = 0
      for (let k = b; k < e; k++) {
        if (day.h[k]! > high) high = day.h[k]!
        if (day.l[k]! < low) low = day.l[k]!
        volume += day.v[k]!
        pv += day.vwap[k]! * day.v[k]!
      }
      out.push({
        time: isoMinute(time),
        open: day.o[b]!,
        high,
        low,
        close: day.c[e - 1]!,
        volume,
        vwap: volume > 0 ? Math.round((pv / volume) * 10_000) / 10_000 : null,
      })
    }
  }
  return out
}
