/**
 * Gaps (docs/definitions.md#gaps): gap % = (O − C_prev)/C_prev × 100 from the first bar's open and
 * the previous regular close; |gap %| ≥ gap_threshold_pct fires one signal stamped at the first
 * bar (long for a gap up, short for a gap down). Evidence: the type (full: beyond the prior high/low;
 * partial otherwise), the fill so far (first bar with L ≤ C_prev for a gap up, H ≥ C_prev for a gap
 * down; fraction (O − min L)/(O − C_prev) clipped to [0, 1]) and gap-and-go: the first bar within
 * gap_and_go_minutes that closes beyond the first 5 minutes' high (low), with no fill before it.
 *
 * confidence = clip(0.5 + 0.2·min(1, |gap%|/(2·threshold)) + 0.1·full + 0.15·gap_and_go − 0.2·filled,
 *                   0.05, 0.95)
 */
import { GAP_FIRST_RANGE_MINUTES, type DetectParams } from './params.ts'
import { clamp01, leadingBars, minutesIn, num, round4, type DetectInput, type RawSignal } from './types.ts'

interface GapProgress {
  fillIndex: number
  fillFraction: number
  goIndex: number
}

/** Where the gap was filled, how much of it, and the gap-and-go bar (−1 when none). */
function progress(input: DetectInput, p: DetectParams, prevClose: number, up: boolean): GapProgress {
  const { time, high, low, close } = input.bars
  const open = input.bars.open[0]!
  const first = leadingBars(input, GAP_FIRST_RANGE_MINUTES)
  let rangeEdge = up ? -Infinity : Infinity
  for (let i = 0; i < first; i++)
    rangeEdge = up ? Math.max(rangeEdge, high[i]!) : Math.min(rangeEdge, low[i]!)
  let fillIndex = -1
  let goIndex = -1
  let extreme = open
  for (let i = 0; i < time.length; i++) {
    extreme = up ? Math.min(extreme, low[i]!) : Math.max(extreme, high[i]!)
    if (fillIndex < 0 && (up ? low[i]! <= prevClose : high[i]! >= prevClose)) fillIndex = i
    const inWindow = minutesIn(input, time[i]!) < p.gap_and_go_minutes
    const beyond = up ? close[i]! > rangeEdge : close[i]! < rangeEdge
    if (goIndex < 0 && fillIndex < 0 && i >= first && inWindow && beyond) goIndex = i
  }
  return { fillIndex, fillFraction: clamp01((open - extreme) / (open - prevClose)), goIndex }
}

export function detectGap(input: DetectInput, p: DetectParams): RawSignal[] {
  const { prior } = input
  const { time, open } = input.bars
  if (!prior || !time.length || !(prior.close > 0)) return []
  const o = open[0]!
  const gapPct = ((o - prior.close) / prior.close) * 100
  if (Math.abs(gapPct) < p.gap_threshold_pct) return []
  const up = gapPct > 0
  const full = up ? o > prior.high : o < prior.low
  const g = progress(input, p, prior.close, up)
  const filled = g.fillIndex >= 0
  const go = g.goIndex >= 0
  const strength = clamp01(Math.abs(gapPct) / (2 * p.gap_threshold_pct))
  const raw = 0.5 + 0.2 * strength + (full ? 0.1 : 0) + (go ? 0.15 : 0) - (filled ? 0.2 : 0)
  const iso = (i: number) => (i >= 0 ? new Date(time[i]!).toISOString() : null)
  return [
    {
      setup: 'gap',
      direction: up ? 'long' : 'short',
      confidence: round4(Math.min(0.95, Math.max(0.05, raw))),
      price: o,
      trigger_time: time[0]!,
      evidence: {
        gap_pct: num(gapPct),
        gap_type: full ? 'full' : 'partial',
        open: num(o),
        prev_close: num(prior.close),
        prev_high: num(prior.high),
        prev_low: num(prior.low),
        fill_fraction: num(g.fillFraction),
        filled,
        fill_time: iso(g.fillIndex),
        gap_and_go: go,
        gap_and_go_time: iso(g.goIndex),
        threshold_pct: p.gap_threshold_pct,
      },
    },
  ]
}
