/**
 * Return statistics of an equity curve (docs/definitions.md#performance-metrics): total return, CAGR (calendar days
 * over a 365.25-day year, the project's pin, and by period count for parity with quantstats),
 * annualised volatility, Sharpe, Sortino and its downside deviation, Calmar.
 *
 * Statistics take the period returns (`simpleReturns`), one per trading day by default (252 a
 * year). An annual risk-free rate is converted per period as (1+rf)^(1/periods) − 1 (quantstats).
 * Undefined results (a zero σ or downside deviation, too few returns) are NaN, the reference's null.
 */
import type { Series } from './series.ts'

export interface AnnualizeOptions {
  /** Annual risk-free rate as a fraction (0.04 for 4 %); default 0. */
  rf?: number
  /** Periods in a year; default 252 (trading days). */
  periodsPerYear?: number
}

/** The per-period rate equivalent to an annual rate: (1 + annual)^(1/periods) − 1. */
export function perPeriodRate(annual: number, periodsPerYear = 252): number {
  return (1 + annual) ** (1 / periodsPerYear) - 1
}

/** E_end/E_start − 1; NaN when E_start is not positive. */
export function totalReturn(start: number, end: number): number {
  return start > 0 ? end / start - 1 : Number.NaN
}

/**
 * CAGR by calendar days: (E_end/E_start)^(daysPerYear/days) − 1, `days` the calendar days
 * from the first to the last equity date, a year 365.25 days (FFN). NaN when days ≤ 0, E_start ≤ 0
 * or E_end < 0.
 */
export function cagr(start: number, end: number, days: number, daysPerYear = 365.25): number {
  if (!(days > 0) || !(start > 0) || end < 0) return Number.NaN
  return (end / start) ** (daysPerYear / days) - 1
}

/** CAGR by period count (quantstats since 2025-08, backtesting.py): (E_end/E_start)^(periodsPerYear/periods) − 1. */
export function cagrPeriods(start: number, end: number, periods: number, periodsPerYear = 252): number {
  if (!(periods > 0) || !(start > 0) || end < 0) return Number.NaN
  return (end / start) ** (periodsPerYear / periods) - 1
}

function mean(r: Series, shift: number): number {
  let s = 0
  for (let i = 0; i < r.length; i++) s += r[i]! - shift
  return s / r.length
}

/** Sample σ (ddof = 1) of r; NaN with fewer than 2 values. */
function sampleSd(r: Series, m: number, shift: number): number {
  if (r.length < 2) return Number.NaN
  let ss = 0
  for (let i = 0; i < r.length; i++) ss += (r[i]! - shift - m) ** 2
  return Math.sqrt(ss / (r.length - 1))
}

/** Annualised volatility: σ(r, ddof = 1)·√periodsPerYear (quantstats, empyrical). */
export function annualVolatility(returns: Series, periodsPerYear = 252): number {
  return sampleSd(returns, mean(returns, 0), 0) * Math.sqrt(periodsPerYear)
}

/** Sharpe: mean(r − rf_p)/σ(r − rf_p, ddof = 1)·√periodsPerYear; NaN when σ = 0 or fewer than 2 returns. */
export function sharpe(returns: Series, options: AnnualizeOptions = {}): number {
  const { rf = 0, periodsPerYear = 252 } = options
  const rfp = perPeriodRate(rf, periodsPerYear)
  const m = mean(returns, rfp)
  const sd = sampleSd(returns, m, rfp)
  return sd > 0 ? (m / sd) * Math.sqrt(periodsPerYear) : Number.NaN
}

/** Per-period downside deviation DD = √(Σ min(r − rf_p, 0)² / N), N counting every return. */
function downside(returns: Series, rfp: number): number {
  let ss = 0
  for (let i = 0; i < returns.length; i++) {
    const e = returns[i]! - rfp
    if (e < 0) ss += e * e
  }
  return returns.length > 0 ? Math.sqrt(ss / returns.length) : Number.NaN
}

/** Annualised downside deviation: DD·√periodsPerYear (E1: 0.111162). */
export function downsideDeviation(returns: Series, options: AnnualizeOptions = {}): number {
  const { rf = 0, periodsPerYear = 252 } = options
  return downside(returns, perPeriodRate(rf, periodsPerYear)) * Math.sqrt(periodsPerYear)
}

/**
 * Sortino: mean(r − rf_p)/DD·√periodsPerYear, DD averaging the squared shortfalls over all N returns
 * (not the σ of the negative ones only); NaN when DD = 0 or there are no returns.
 */
export function sortino(returns: Series, options: AnnualizeOptions = {}): number {
  const { rf = 0, periodsPerYear = 252 } = options
  const rfp = perPeriodRate(rf, periodsPerYear)
  const dd = downside(returns, rfp)
  return dd > 0 ? (mean(returns, rfp) / dd) * Math.sqrt(periodsPerYear) : Number.NaN
}

/** Calmar: CAGR/|max drawdown|; NaN when the max drawdown is 0. */
export function calmar(cagrValue: number, maxDrawdown: number): number {
  return maxDrawdown !== 0 ? cagrValue / Math.abs(maxDrawdown) : Number.NaN
}
