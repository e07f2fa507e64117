/**
 * The performance figures of a replay, on the wire: the equity curve's statistics (quant kernels
 * `equityCurveStats`) and the trade list's (`tradeStats` on the scaled P&L), NaN → null, ratios
 * rounded to 6 decimals, money (USD amounts) to cents and per-share prices to 4 decimals, each figure
 * rounded once from its unrounded value. Pure.
 */
import { centsOrNull } from '../../../../kernel/decimal/cents.ts'
import { equityCurveStats, toNullable, tradeStats } from '../../../../kernel/quant/index.ts'
import { dayString } from './calendar.ts'

const round = (x: number, digits: number) => {
  const v = toNullable(x)
  return v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits || 0 // no -0
}
export const ratio = (x: number) => round(x, 6)
/** A USD amount to the cent (half away from zero); NaN → null. */
export const money = (x: number) => centsOrNull(x)
/** A per-share price to 4 decimals. */
export const price = (x: number) => round(x, 4)

export interface Summary {
  final_equity: number | null
  total_return: number | null
  cagr: number | null
  cagr_periods: number | null
  volatility: number | null
  sharpe: number | null
  sortino: number | null
  downside_deviation: number | null
  calmar: number | null
  max_drawdown: {
    pct: number | null
    amount: number | null
    duration_days: number | null
    peak_date: string | null
    trough_date: string | null
    recovery_date: string | null
    open: boolean
  }
  longest_drawdown_days: number
  trades: {
    count: number
    wins: number
    losses: number
    scratch: number
    win_rate: number | null
    profit_factor: number | null
    gross_profit: number | null
    gross_loss: number | null
    avg_win: number | null
    avg_loss: number | null
    payoff: number | null
    expectancy: number | null
    expectancy_pct: number | null
    sqn: number | null
  }
}

function drawdownOf(days: Int32Array, s: ReturnType<typeof equityCurveStats>): Summary['max_drawdown'] {
  const e = s.maxDrawdownEpisode
  const date = (i: number | undefined) => (i === undefined || i < 0 ? null : dayString(days[i]!))
  return {
    pct: ratio(s.maxDrawdown),
    amount: e ? money(e.amount) : 0,
    duration_days: e ? e.durationDays : 0,
    peak_date: date(e?.peak),
    trough_date: date(e?.trough),
    recovery_date: date(e?.recovery),
    open: e?.open ?? false,
  }
}

/** Statistics of a curve (one point per trading day) and of the scaled P&L / return of each trade. */
export function summarize(
  days: Int32Array,
  equity: Float64Array,
  pnl: Float64Array,
  returns: Float64Array,
  rf: number,
): Summary {
  const s = equityCurveStats(days, equity, { rf })
  const t = tradeStats(pnl)
  let sumReturn = 0
  for (const r of returns) sumReturn += r
  return {
    final_equity: equity.length ? money(equity[equity.length - 1]!) : null,
    total_return: ratio(s.totalReturn),
    cagr: ratio(s.cagr),
    cagr_periods: ratio(s.cagrPeriods),
    volatility: ratio(s.volatility),
    sharpe: ratio(s.sharpe),
    sortino: ratio(s.sortino),
    downside_deviation: ratio(s.downsideDeviation),
    calmar: ratio(s.calmar),
    max_drawdown: drawdownOf(days, s),
    longest_drawdown_days: s.longestDrawdownDays,
    trades: {
      count: t.trades,
      wins: t.wins,
      losses: t.losses,
      scratch: t.scratch,
      win_rate: ratio(t.winRate),
      profit_factor: ratio(t.profitFactor),
      gross_profit: money(t.grossProfit),
      gross_loss: money(t.grossLoss),
      avg_win: money(t.avgWin),
      avg_loss: money(t.avgLoss),
      payoff: ratio(t.payoff),
      expectancy: money(t.expectancy),
      expectancy_pct: returns.length ? ratio(sumReturn / returns.length) : null,
      sqn: ratio(t.sqn),
    },
  }
}
