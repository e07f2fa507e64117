/**
 * Every performance figure of one equity curve marked to market each trading day (docs/definitions.md#performance-metrics,
 * worked example E1), from its dates as day numbers (see drawdown.ts) and its values.
 */
import { maxDrawdown, type DrawdownEpisode } from './drawdown.ts'
import {
  annualVolatility,
  cagr,
  cagrPeriods,
  calmar,
  downsideDeviation,
  sharpe,
  sortino,
  totalReturn,
  type AnnualizeOptions,
} from './performance.ts'
import { simpleReturns } from './returns.ts'
import { requireSameLength, type Series } from './series.ts'

export interface EquityCurveStats {
  /** Calendar days from the first to the last date. */
  days: number
  totalReturn: number
  /** Calendar-day CAGR over a 365.25-day year (the performance pin). */
  cagr: number
  /** Period-count CAGR over `periodsPerYear` (quantstats, backtesting.py parity). */
  cagrPeriods: number
  volatility: number
  sharpe: number
  sortino: number
  /** Annualised downside deviation (Sortino's denominator ×√periodsPerYear). */
  downsideDeviation: number
  /** Deepest drawdown as a negative fraction; 0 when equity never fell below a peak. */
  maxDrawdown: number
  /** Its episode (peak, trough, recovery indexes, amount, calendar-day duration, open flag). */
  maxDrawdownEpisode: DrawdownEpisode | null
  /** Longest drawdown in calendar days. */
  longestDrawdownDays: number
  /** CAGR / |maxDrawdown|; NaN when there was no drawdown. */
  calmar: number
  /** cagrPeriods / |maxDrawdown|. */
  calmarPeriods: number
}

/** The performance statistics of an equity curve; NaN where a figure is undefined (fewer than 2 points, …). */
export function equityCurveStats(
  days: Series,
  equity: Series,
  options: AnnualizeOptions = {},
): EquityCurveStats {
  const len = requireSameLength(days, equity)
  const periodsPerYear = options.periodsPerYear ?? 252
  const first = len > 0 ? equity[0]! : Number.NaN
  const last = len > 0 ? equity[len - 1]! : Number.NaN
  const span = len > 0 ? days[len - 1]! - days[0]! : 0
  const returns = simpleReturns(equity)
  const dd = maxDrawdown(days, equity)
  const depth = dd.max?.depth ?? 0
  const yearly = cagr(first, last, span)
  const byPeriods = cagrPeriods(first, last, returns.length, periodsPerYear)
  return {
    days: span,
    totalReturn: totalReturn(first, last),
    cagr: yearly,
    cagrPeriods: byPeriods,
    volatility: annualVolatility(returns, periodsPerYear),
    sharpe: sharpe(returns, options),
    sortino: sortino(returns, options),
    downsideDeviation: downsideDeviation(returns, options),
    maxDrawdown: depth,
    maxDrawdownEpisode: dd.max,
    longestDrawdownDays: dd.longestDays,
    calmar: calmar(yearly, depth),
    calmarPeriods: calmar(byPeriods, depth),
  }
}
