/**
 * VWAP reclaim and its short mirror, the VWAP reject (docs/definitions.md#vwap-reclaim). Reclaim bar i:
 * C[i] > VWAP[i] after at least `reclaim_min_bars_below` consecutive closes below VWAP, with
 * V[i] ≥ reclaim_volume_mult × mean(V[0..i−1]); the signal is emitted (and stamped) at the next bar
 * if it also closes above VWAP, and the reclaim bar is kept as evidence.trigger_bar.
 *
 * confidence = 0.5 + 0.2·min(1, bars_below/6) + 0.2·min(1, V[i]/mean − 1), in [0.5, 0.9]
 */
import type { DetectParams } from './params.ts'
import { clamp01, num, round4, type DetectInput, type Direction, type RawSignal } from './types.ts'

/** Consecutive closes on the far side that count fully towards confidence (30 min of 5m bars). */
const FULL_CONFIDENCE_BARS = 6

function side(close: number, vwap: number): -1 | 0 | 1 {
  if (!Number.isFinite(vwap)) return 0
  return close > vwap ? 1 : close < vwap ? -1 : 0
}

export function detectVwapReclaim(input: DetectInput, p: DetectParams): RawSignal[] {
  const { time, close, volume } = input.bars
  const vwap = input.vwap
  const out: RawSignal[] = []
  let run = 0 // consecutive closes on one side before the current bar, signed
  let volumeSum = 0
  for (let i = 0; i + 1 < time.length; i++) {
    const s = side(close[i]!, vwap[i]!)
    const flipped = s !== 0 && run !== 0 && Math.sign(run) === -s && Math.abs(run) >= p.reclaim_min_bars_below
    if (flipped && i > 0) {
      const mean = volumeSum / i
      const confirmed = side(close[i + 1]!, vwap[i + 1]!) === s
      if (volume[i]! >= p.reclaim_volume_mult * mean && confirmed) {
        out.push(reclaimSignal(input, i, Math.abs(run), mean, s === 1 ? 'long' : 'short'))
      }
    }
    run = s === 0 ? 0 : Math.sign(run) === s ? run + s : s
    volumeSum += volume[i]!
  }
  return out
}

function reclaimSignal(
  input: DetectInput,
  i: number,
  barsBeyond: number,
  meanVolume: number,
  direction: Direction,
): RawSignal {
  const { time, close, volume } = input.bars
  const ratio = meanVolume > 0 ? volume[i]! / meanVolume : Infinity
  const confidence = round4(0.5 + 0.2 * clamp01(barsBeyond / FULL_CONFIDENCE_BARS) + 0.2 * clamp01(ratio - 1))
  return {
    setup: 'vwap_reclaim',
    direction,
    confidence,
    price: close[i + 1]!,
    trigger_time: time[i + 1]!,
    evidence: {
      trigger_bar: new Date(time[i]!).toISOString(),
      trigger_close: num(close[i]!),
      trigger_vwap: num(input.vwap[i]!),
      bars_beyond_before: barsBeyond,
      trigger_volume: volume[i]!,
      mean_prior_volume: num(meanVolume),
      volume_ratio: num(ratio),
      confirm_close: num(close[i + 1]!),
      confirm_vwap: num(input.vwap[i + 1]!),
    },
  }
}
