/**
 * The flow analyst: the put/call volume ratio (PCR) of the nearest expiration's contracts that
 * report a volume. score = clamp((NEUTRAL_PCR − PCR)/PCR_SPAN): PCR 0.7 (the equity norm) is
 * neutral, 0.2 or less fully bullish, 1.2 or more fully bearish (no calls → −1);
 * confidence = min(1, log10(puts + calls)/VOLUME_FULL_LOG10). Fewer than MIN_VOLUME contracts →
 * score 0, confidence 0 (too thin to read).
 */
import type { OptionContract } from '../../../../providers/market-data/index.ts'
import { num, opinion, type Opinion } from './opinion.ts'

export const NEUTRAL_PCR = 0.7
export const PCR_SPAN = 0.5
export const MIN_VOLUME = 100
export const VOLUME_FULL_LOG10 = 4

export function flowOpinion(contracts: readonly OptionContract[]): Opinion {
  const nearest = contracts.reduce<string | null>(
    (m, c) => (m === null || c.expiration < m ? c.expiration : m),
    null,
  )
  let put = 0
  let call = 0
  for (const c of contracts) {
    if (c.expiration !== nearest || c.volume === null || !Number.isFinite(c.volume)) continue
    if (c.type === 'put') put += c.volume
    else call += c.volume
  }
  const total = put + call
  const pcr = call > 0 ? put / call : null
  const evidence = {
    expiration: nearest,
    put_volume: put,
    call_volume: call,
    put_call_ratio: num(pcr ?? NaN),
  }
  if (total < MIN_VOLUME)
    return opinion('flow', 0, 0, evidence, `${total} option contracts traded: too thin to read`)
  const score = pcr === null ? -1 : (NEUTRAL_PCR - pcr) / PCR_SPAN
  const summary = `put/call ${pcr === null ? '∞' : pcr.toFixed(2)} on ${total} contracts (exp ${nearest})`
  return opinion('flow', score, Math.min(1, Math.log10(total) / VOLUME_FULL_LOG10), evidence, summary)
}
