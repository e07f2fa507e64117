/**
 * How a recommendation played out, from its reference price and an exit price. Pure.
 *
 * - return_pct = (exit / price_at − 1) × 100 for buy and hold, the negative of that for sell (a sell
 *   that was followed by a fall earned its return), rounded to 4 decimals;
 * - buy / sell: hit when return_pct > SCRATCH_BAND_PCT, miss when < −SCRATCH_BAND_PCT, otherwise
 *   scratch (|return_pct| ≤ the band, both ends inclusive);
 * - hold (the call is "no material move"): hit when |return_pct| ≤ HOLD_BAND_PCT, else miss.
 */
import type { RecAction, RecOutcome } from '../recommendations.tables.ts'

/** A buy/sell move within ±0.5 % is a scratch: neither right nor wrong. */
export const SCRATCH_BAND_PCT = 0.5
/** A hold is right when the price moved at most ±2 % either way. */
export const HOLD_BAND_PCT = 2

export interface Scored {
  return_pct: number
  outcome: RecOutcome
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4

export function signedReturnPct(action: RecAction, priceAt: number, exit: number): number {
  const raw = (exit / priceAt - 1) * 100
  return round4(action === 'sell' ? -raw : raw)
}

export function scoreOutcome(action: RecAction, priceAt: number, exit: number): Scored {
  const r = signedReturnPct(action, priceAt, exit)
  if (action === 'hold') return { return_pct: r, outcome: Math.abs(r) <= HOLD_BAND_PCT ? 'hit' : 'miss' }
  if (r > SCRATCH_BAND_PCT) return { return_pct: r, outcome: 'hit' }
  if (r < -SCRATCH_BAND_PCT) return { return_pct: r, outcome: 'miss' }
  return { return_pct: r, outcome: 'scratch' }
}
