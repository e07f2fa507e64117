/** Step 2 of detection: the chosen detectors over one symbol's session, in a stable order. */
import { detectGap } from './gap.ts'
import { detectOrb } from './orb.ts'
import type { DetectParams } from './params.ts'
import type { DetectInput, Detector, RawSignal } from './types.ts'
import { detectVolumeSpikes } from './volume-spike.ts'
import { detectVwapReclaim } from './vwap-reclaim.ts'

const RUN: Record<Detector, (input: DetectInput, p: DetectParams) => RawSignal[]> = {
  orb: detectOrb,
  vwap_reclaim: detectVwapReclaim,
  gap: detectGap,
  volume_spike: detectVolumeSpikes,
}

/** Signals of the chosen detectors, by trigger time then setup name. */
export function runDetectors(
  input: DetectInput,
  detectors: readonly Detector[],
  p: DetectParams,
): RawSignal[] {
  const out = detectors.flatMap((d) => RUN[d](input, p))
  return out.sort((a, b) => a.trigger_time - b.trigger_time || a.setup.localeCompare(b.setup))
}
