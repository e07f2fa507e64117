/**
 * The accumulation state machine of docs/definitions.md#wyckoff (distribution = the same machine on the
 * mirrored series). avgV and avgR are the means over the 10 bars before the bar tested; the
 * `avgR(SC)` tolerances use the climax bar's average range.
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'

export const AVG_BARS = 10
export const LOW_LOOKBACK = 20
export const SC_VOLUME = 2
export const SC_RANGE = 1.5
export const SC_CLOSE_POSITION = 0.4
export const PS_VOLUME = 1.5
export const PS_CLOSE_POSITION = 0.5
export const AR_WINDOW = 10
export const RETEST_AVGR = 0.5
export const ST_VOLUME_OF_SC = 0.7
export const SPRING_DEPTH_AVGR = 1
export const SOS_VOLUME = 1.5
/** This project's own rule: before the SOS, a close more than 1·avgR(SC) below support ends the schematic as failed. */
export const FAIL_DEPTH_AVGR = 1
/** This project's own rule: no next event within this many bars of the last one: the schematic expires. */
export const MAX_EVENT_GAP = 40

type Stage = 'AR' | 'ST' | 'Spring' | 'SOS' | 'LPS'
export interface Found {
  index: number
  confirmed: number
  values: Record<string, number>
}
export interface Machine {
  status: 'in_progress' | 'complete' | 'failed' | 'expired'
  stage: Stage
  events: Partial<Record<'PS' | 'SC' | 'AR' | 'ST' | 'Spring' | 'SOS' | 'LPS', Found>>
  sc: number
  support: number | null
  resistance: number | null
  avgR: number | null
  avgV: number | null
  arBest: number
  last: number
}

const range = (b: Bar) => b.high - b.low
const closePos = (b: Bar) => (range(b) > 0 ? (b.close - b.low) / range(b) : 0)

function avg(bars: readonly Bar[], i: number, f: (b: Bar) => number): number {
  let s = 0
  for (let k = i - AVG_BARS; k < i; k++) s += f(bars[k]!)
  return s / AVG_BARS
}
const avgV = (bars: readonly Bar[], i: number) => avg(bars, i, (b) => b.volume)

function isSc(bars: readonly Bar[], i: number): boolean {
  if (i < AVG_BARS) return false
  const b = bars[i]!
  for (let k = Math.max(0, i - LOW_LOOKBACK + 1); k < i; k++) if (bars[k]!.low < b.low) return false
  return (
    bars[i - 1]!.close < bars[i - AVG_BARS]!.close &&
    b.volume >= SC_VOLUME * avgV(bars, i) &&
    range(b) >= SC_RANGE * avg(bars, i, range) &&
    closePos(b) >= SC_CLOSE_POSITION
  )
}

function findPs(bars: readonly Bar[], sc: number): Found | undefined {
  for (let k = sc - 1; k >= Math.max(AVG_BARS, sc - AVG_BARS); k--) {
    const b = bars[k]!
    const v = avgV(bars, k)
    if (b.volume >= PS_VOLUME * v && closePos(b) >= PS_CLOSE_POSITION && b.close < bars[k - AVG_BARS]!.close)
      return {
        index: k,
        confirmed: sc,
        values: { volume: b.volume, avg_volume: v, close_position: closePos(b) },
      }
  }
  return undefined
}

/** A machine when bar i is a selling climax, else null. */
export function startAt(bars: readonly Bar[], i: number): Machine | null {
  if (!isSc(bars, i)) return null
  const b = bars[i]!
  const [r, v] = [avg(bars, i, range), avgV(bars, i)]
  const sc: Found = {
    index: i,
    confirmed: i,
    values: {
      volume: b.volume,
      avg_volume: v,
      range: range(b),
      avg_range: r,
      close_position: closePos(b),
      low: b.low,
    },
  }
  const ps = findPs(bars, i)
  return {
    status: 'in_progress',
    stage: 'AR',
    events: ps ? { PS: ps, SC: sc } : { SC: sc },
    sc: i,
    support: b.low,
    resistance: null,
    avgR: r,
    avgV: v,
    arBest: -1,
    last: i,
  }
}

function found(m: Machine, name: keyof Machine['events'], f: Found, next: Stage | null): void {
  m.events[name] = f
  m.last = f.confirmed
  if (next) m.stage = next
  else m.status = 'complete'
}

/** The automatic rally: the highest high until a low retests the climax low, or 10 bars. */
function stepAr(m: Machine, bars: readonly Bar[], i: number): void {
  const b = bars[i]!
  const retest = i >= m.sc + 2 && b.low <= m.support! + RETEST_AVGR * m.avgR!
  if (!retest && (m.arBest < 0 || b.high > bars[m.arBest]!.high)) m.arBest = i
  if (!retest && i < m.sc + AR_WINDOW) return
  m.resistance = bars[m.arBest]!.high
  found(m, 'AR', { index: m.arBest, confirmed: i, values: { high: m.resistance } }, 'ST')
}

function stepLater(m: Machine, bars: readonly Bar[], i: number): void {
  const b = bars[i]!
  const [sup, res, r] = [m.support!, m.resistance!, m.avgR!]
  const vSc = bars[m.sc]!.volume
  const vals = { low: b.low, close: b.close, volume: b.volume }
  if (
    m.stage === 'ST' &&
    i > m.events.AR!.index &&
    b.low >= sup &&
    b.low <= sup + RETEST_AVGR * r &&
    b.volume <= ST_VOLUME_OF_SC * vSc
  )
    found(m, 'ST', { index: i, confirmed: i, values: { ...vals, sc_volume: vSc } }, 'Spring')
  else if (
    m.stage === 'Spring' &&
    b.low < sup &&
    b.close >= sup &&
    b.low >= sup - SPRING_DEPTH_AVGR * r &&
    b.volume < vSc
  )
    found(m, 'Spring', { index: i, confirmed: i, values: { ...vals, support: sup } }, 'SOS')
  else if (m.stage === 'SOS' && b.close > res && b.volume >= SOS_VOLUME * avgV(bars, i))
    found(
      m,
      'SOS',
      { index: i, confirmed: i, values: { ...vals, avg_volume: avgV(bars, i), resistance: res } },
      'LPS',
    )
  else if (m.stage === 'LPS' && i - 1 > m.events.SOS!.index) {
    const p = bars[i - 1]!
    const vSos = bars[m.events.SOS!.index]!.volume
    if (p.close < p.open && p.low >= res - RETEST_AVGR * r && p.volume < vSos && b.close > p.close)
      found(
        m,
        'LPS',
        {
          index: i - 1,
          confirmed: i,
          values: { low: p.low, close: p.close, volume: p.volume, sos_volume: vSos },
        },
        null,
      )
  }
}

/** Feed bar i (after the climax) to the machine. */
export function accumulationStep(m: Machine, bars: readonly Bar[], i: number): void {
  const preSos = m.stage !== 'LPS'
  if (preSos && bars[i]!.close < m.support! - FAIL_DEPTH_AVGR * m.avgR!) {
    m.status = 'failed'
    return
  }
  if (m.stage === 'AR') stepAr(m, bars, i)
  // The bar that closes the AR window may itself be the secondary test.
  if (m.stage !== 'AR') stepLater(m, bars, i)
  if (m.status === 'in_progress' && i - m.last > MAX_EVENT_GAP) m.status = 'expired'
}
