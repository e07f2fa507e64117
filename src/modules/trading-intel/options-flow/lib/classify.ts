/**
 * Put/call flow classification (docs/definitions.md#options-flow): PCR = Σ put volume / Σ call volume over the
 * contracts of one expiration that report a volume. Pure, so every threshold is unit-tested.
 */
import type { OptionContract } from '../../../../providers/market-data/index.ts'

export const FLOW_DIRECTIONS = ['CALL_DOMINANCE', 'PUT_DOMINANCE', 'NEUTRAL_FLOW'] as const
export type FlowDirection = (typeof FLOW_DIRECTIONS)[number]

/** PCR at or above this (inclusive) → PUT_DOMINANCE: puts outnumber calls (~1.7× the equity norm). */
export const PUT_DOMINANCE_PCR = 1.0
/** PCR at or below this (inclusive) → CALL_DOMINANCE: calls are at least twice the puts. */
export const CALL_DOMINANCE_PCR = 0.5
/** Fewer contracts than this (puts + calls) → no signal: too thin to mean anything. */
export const MIN_TOTAL_VOLUME = 100
/** Confidence: the volume factor reaches 1 at 10^4 contracts; strength reaches 1 at 3× the threshold. */
export const VOLUME_FULL_LOG10 = 4
export const STRENGTH_FULL_RATIO = 3
export const CONFIDENCE_BASE = 0.5
export const CONFIDENCE_STRENGTH_WEIGHT = 0.35
export const CONFIDENCE_VOLUME_WEIGHT = 0.15
export const CONFIDENCE_CAP = 0.99

export interface FlowVolumes {
  put_volume: number
  call_volume: number
  /** Contracts with a reported volume (the ones summed). */
  contracts: number
}

export type FlowReading =
  | {
      kind: 'signal'
      direction: FlowDirection
      /** null when call volume is 0 and put volume is not (∞ is not valid JSON). */
      put_call_ratio: number | null
      confidence: number
    }
  | { kind: 'skip'; reason: 'low_volume' | 'no_volume' }

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000
/** Ratios are kept to 6 decimals (the reference vectors' precision). */
const round6 = (x: number): number => Math.round(x * 1_000_000) / 1_000_000

/** Sums put and call volume; contracts without a reported volume (null) are not counted. */
export function sumVolumes(contracts: readonly OptionContract[]): FlowVolumes {
  let put = 0
  let call = 0
  let counted = 0
  for (const c of contracts) {
    if (c.volume === null || !Number.isFinite(c.volume)) continue
    counted++
    if (c.type === 'put') put += c.volume
    else call += c.volume
  }
  return { put_volume: put, call_volume: call, contracts: counted }
}

/** Volume factor f = min(1, log10(total)/4). */
const volumeFactor = (total: number): number => Math.min(1, Math.log10(total) / VOLUME_FULL_LOG10)

function directional(strength: number, total: number): number {
  const s = Math.min(1, strength)
  const conf =
    CONFIDENCE_BASE + CONFIDENCE_STRENGTH_WEIGHT * s + CONFIDENCE_VOLUME_WEIGHT * volumeFactor(total)
  return round4(Math.min(CONFIDENCE_CAP, conf))
}

/** The classification and confidence of one expiration's volumes, or why there is none. */
export function classifyFlow(v: FlowVolumes): FlowReading {
  const total = v.put_volume + v.call_volume
  if (v.contracts === 0) return { kind: 'skip', reason: 'no_volume' }
  if (total < MIN_TOTAL_VOLUME) return { kind: 'skip', reason: 'low_volume' }
  if (v.call_volume === 0) {
    // Infinite PCR: the strongest put reading (s = 1).
    return {
      kind: 'signal',
      direction: 'PUT_DOMINANCE',
      put_call_ratio: null,
      confidence: directional(1, total),
    }
  }
  const pcr = v.put_volume / v.call_volume
  const ratio = round6(pcr)
  if (pcr >= PUT_DOMINANCE_PCR) {
    const s = Math.log(pcr / PUT_DOMINANCE_PCR) / Math.log(STRENGTH_FULL_RATIO)
    return {
      kind: 'signal',
      direction: 'PUT_DOMINANCE',
      put_call_ratio: ratio,
      confidence: directional(s, total),
    }
  }
  if (pcr <= CALL_DOMINANCE_PCR) {
    const s = pcr === 0 ? 1 : Math.log(CALL_DOMINANCE_PCR / pcr) / Math.log(STRENGTH_FULL_RATIO)
    return {
      kind: 'signal',
      direction: 'CALL_DOMINANCE',
      put_call_ratio: ratio,
      confidence: directional(s, total),
    }
  }
  const neutral = round4(CONFIDENCE_BASE + CONFIDENCE_VOLUME_WEIGHT * volumeFactor(total))
  return { kind: 'signal', direction: 'NEUTRAL_FLOW', put_call_ratio: ratio, confidence: neutral }
}
