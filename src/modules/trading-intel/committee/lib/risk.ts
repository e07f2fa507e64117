/**
 * The risk manager: annualized volatility of the last VOL_RETURNS daily simple returns, ATR(14),
 * and the position's current weight in the account (|market value| / Σ |market value|) against the
 * tenant's max_position_weight. score = −1 when the weight is at or above the limit (no room to
 * add); otherwise clamp((VOL_NEUTRAL − volatility)/VOL_SPAN): 30 % volatility is neutral, calmer
 * is mildly positive, wilder negative. confidence = min(1, returns used / VOL_RETURNS).
 * `headroom` (limit − weight, at least 0) caps what the portfolio manager may buy.
 */
import { annualVolatility, atr, simpleReturns } from '../../../../kernel/quant/index.ts'
import { num, opinion, round4, unavailable, type Opinion } from './opinion.ts'

export const VOL_RETURNS = 60
export const VOL_NEUTRAL = 0.3
export const VOL_SPAN = 0.4
export const ATR_PERIOD = 14
export const MIN_CLOSES = 21

export interface DailyBars {
  high: number[]
  low: number[]
  close: number[]
}

export interface Position {
  quantity: number
  market_value: number
  /** Σ |market value| of the account's (or tenant's) holdings; 0 when nothing is held. */
  account_value: number
}

export const weightOf = (p: Position): number =>
  p.account_value > 0 ? Math.abs(p.market_value) / p.account_value : 0

export function riskOpinion(bars: DailyBars, position: Position, maxPositionWeight: number): Opinion {
  const n = bars.close.length
  if (n < MIN_CLOSES)
    return unavailable('risk_manager', `insufficient_history: ${n} daily bars, ${MIN_CLOSES} needed`)
  const returns = simpleReturns(bars.close.slice(-(VOL_RETURNS + 1)))
  const vol = annualVolatility(returns)
  const atr14 = atr(bars.high, bars.low, bars.close, ATR_PERIOD)[n - 1]!
  const weight = weightOf(position)
  const over = weight >= maxPositionWeight
  const evidence = {
    annual_volatility: num(vol),
    atr14: num(atr14),
    atr_pct: num(atr14 / bars.close[n - 1]!),
    returns: returns.length,
    position_weight: round4(weight),
    max_position_weight: maxPositionWeight,
    headroom: round4(Math.max(0, maxPositionWeight - weight)),
    held_quantity: position.quantity,
    account_value: position.account_value,
    over_limit: over,
  }
  const score = over ? -1 : (VOL_NEUTRAL - vol) / VOL_SPAN
  const summary = over
    ? `position weight ${(weight * 100).toFixed(1)} % is at or above the ${(maxPositionWeight * 100).toFixed(1)} % limit`
    : `annualized volatility ${(vol * 100).toFixed(1)} %, position weight ${(weight * 100).toFixed(1)} %`
  return opinion(
    'risk_manager',
    Number.isFinite(score) ? score : 0,
    Math.min(1, returns.length / VOL_RETURNS),
    evidence,
    summary,
  )
}
