/**
 * Volume spikes (docs/definitions.md#volume-spike): each bar's volume against the bar at the same time of day in the previous
 * `spike_lookback_sessions` full sessions (half days are not baselines; ratio = V/mean,
 * z = (V − mean)/sd, sd with ddof = 1). On a half day, "the same time of day" is the same place in
 * the session (types.ts baselineKey): its first half by minutes after the open, its second half by
 * minutes before the close, since intraday volume is U-shaped around the open and the close. Spike when ratio ≥ spike_ratio and z ≥ spike_z (ratio only when sd = 0); extreme when
 * z ≥ 3. With fewer sessions holding that bar, the baseline is the session's previous 20 bars and
 * the confidence is × 0.8; with fewer than 20 either, the bar is not judged. Direction: the sign
 * of C − O, else the side of VWAP, else no signal.
 *
 * confidence = min(0.95, 0.5 + 0.1·min(4, z − spike_z)) (z unknown → 0.5), × 0.8 on the fallback
 */
import { relativeVolume } from '../../../../kernel/quant/index.ts'
import { SPIKE_FALLBACK_BARS, SPIKE_FALLBACK_CONFIDENCE, type DetectParams } from './params.ts'
import { baselineKey, num, round4, type DetectInput, type Direction, type RawSignal } from './types.ts'

const EXTREME_Z = 3

function direction(input: DetectInput, i: number): Direction | null {
  const { open, close } = input.bars
  const c = close[i]!
  const body = c - open[i]!
  if (body !== 0) return body > 0 ? 'long' : 'short'
  const vwap = input.vwap[i]!
  if (!Number.isFinite(vwap) || c === vwap) return null
  return c > vwap ? 'long' : 'short'
}

/** The baseline of bar i: same time of day if enough sessions have it, else the fallback. */
function baseline(
  input: DetectInput,
  p: DetectParams,
  i: number,
): { values: number[]; timeOfDay: boolean } | null {
  const same = input.priorVolumes.get(baselineKey(input, input.bars.time[i]!)) ?? []
  if (same.length >= p.spike_lookback_sessions)
    return { values: same.slice(0, p.spike_lookback_sessions), timeOfDay: true }
  if (i < SPIKE_FALLBACK_BARS) return null
  const values: number[] = []
  for (let k = i - SPIKE_FALLBACK_BARS; k < i; k++) values.push(input.bars.volume[k]!)
  return { values, timeOfDay: false }
}

export function detectVolumeSpikes(input: DetectInput, p: DetectParams): RawSignal[] {
  const { time, close, volume } = input.bars
  const out: RawSignal[] = []
  for (let i = 0; i < time.length; i++) {
    const base = baseline(input, p, i)
    if (!base) continue
    const v = volume[i]!
    const rv = relativeVolume(v, base.values)
    const zOk = Number.isFinite(rv.z) ? rv.z >= p.spike_z : rv.sd === 0
    if (!(rv.rvol >= p.spike_ratio) || !zOk) continue
    const dir = direction(input, i)
    if (!dir) continue
    const zScore = Number.isFinite(rv.z) ? 0.1 * Math.min(4, rv.z - p.spike_z) : 0
    const factor = base.timeOfDay ? 1 : SPIKE_FALLBACK_CONFIDENCE
    out.push({
      setup: 'volume_spike',
      direction: dir,
      confidence: round4(Math.min(0.95, 0.5 + zScore) * factor),
      price: close[i]!,
      trigger_time: time[i]!,
      evidence: {
        volume: v,
        baseline: base.timeOfDay ? 'time_of_day' : 'previous_bars',
        baseline_n: base.values.length,
        baseline_mean: num(rv.mean),
        baseline_sd: num(rv.sd),
        ratio: num(rv.rvol),
        z: num(rv.z),
        extreme: Number.isFinite(rv.z) && rv.z >= EXTREME_Z,
        close: num(close[i]!),
        open: num(input.bars.open[i]!),
        vwap: num(input.vwap[i]!),
      },
    })
  }
  return out
}
