/**
 * Opening range breakout (docs/definitions.md#opening-range-breakout), close rule with volume confirmation: the
 * opening range (OR) is the high/low of the bars starting in the first `orb_minutes` after the anchor
 * (none there: no ORB); a later bar that
 * closes above ORH (long) or below ORL (short) with volume ≥ orb_volume_mult × the OR bars' mean
 * volume fires, at most once per direction per session, never from orb_cutoff_minutes on.
 *
 * confidence = min(0.95, 0.5 + 0.25·min(1, (V/ORavgVol − mult)/mult) + 0.2·min(1, clearance/OR width))
 */
import type { DetectParams } from './params.ts'
import {
  clamp01,
  leadingBars,
  minutesIn,
  num,
  round4,
  type DetectInput,
  type Direction,
  type RawSignal,
} from './types.ts'

interface OpeningRange {
  bars: number
  high: number
  low: number
  avgVolume: number
}

function openingRange(input: DetectInput, minutes: number): OpeningRange | null {
  const k = leadingBars(input, minutes)
  const { high, low, volume } = input.bars
  if (k === 0 || high.length <= k) return null
  let h = -Infinity
  let l = Infinity
  let v = 0
  for (let i = 0; i < k; i++) {
    h = Math.max(h, high[i]!)
    l = Math.min(l, low[i]!)
    v += volume[i]!
  }
  return { bars: k, high: h, low: l, avgVolume: v / k }
}

function orbConfidence(volumeRatio: number, mult: number, clearance: number, width: number): number {
  const vol = mult > 0 ? clamp01((volumeRatio - mult) / mult) : 1
  const clear = width > 0 ? clamp01(clearance / width) : 1
  return round4(Math.min(0.95, 0.5 + 0.25 * vol + 0.2 * clear))
}

export function detectOrb(input: DetectInput, p: DetectParams): RawSignal[] {
  const or = openingRange(input, p.orb_minutes)
  if (!or) return []
  const { time, close, volume } = input.bars
  const out: RawSignal[] = []
  const fired = new Set<Direction>()
  for (let i = or.bars; i < time.length && fired.size < 2; i++) {
    if (minutesIn(input, time[i]!) >= p.orb_cutoff_minutes) break
    const c = close[i]!
    const v = volume[i]!
    if (v < p.orb_volume_mult * or.avgVolume) continue
    const direction: Direction | null = c > or.high ? 'long' : c < or.low ? 'short' : null
    if (!direction || fired.has(direction)) continue
    fired.add(direction)
    const level = direction === 'long' ? or.high : or.low
    const ratio = or.avgVolume > 0 ? v / or.avgVolume : Infinity
    out.push({
      setup: 'orb',
      direction,
      confidence: orbConfidence(ratio, p.orb_volume_mult, Math.abs(c - level), or.high - or.low),
      price: c,
      trigger_time: time[i]!,
      evidence: {
        or_minutes: p.orb_minutes,
        or_high: num(or.high),
        or_low: num(or.low),
        or_avg_volume: num(or.avgVolume),
        close: num(c),
        volume: v,
        volume_ratio: num(ratio),
        volume_mult: p.orb_volume_mult,
        clearance: num(Math.abs(c - level)),
      },
    })
  }
  return out
}
