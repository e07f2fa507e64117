/**
 * The §8 figures of a replay, on the wire: the equity curve's statistics (quant kernels
 * `equityCurveStats`) and the trade list's (`tradeStats` on the scaled P&L), NaN → null, ratios
 * rounded to 6 decimals and money to 4. Also the per-trade log rows. Pure.
 */
import { equityCurveStats, toNullable, tradeStats } from '../../../platform/quant/index.ts'
import { dayString } from './calendar.ts'
import type { SourceTrade } from './select.ts'

const round = (x: number, digits: number) => {
  const v = toNullable(x)
  return v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits || 0 // no -0
}
export const ratio = (x: number) => round(x, 6)
export const money = (x: number) => round(x, 4)

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

/** One line of the per-trade log, compact as stored: see TRADE_FIELDS for the order. */
export type TradeTuple = [
  number,
  string,
  string,
  string,
  number,
  number,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  boolean,
]

export const TRADE_FIELDS = [
  'trade_id',
  'symbol',
  'entry_date',
  'exit_date',
  'holding_days',
  'scale',
  'quantity',
  'entry_price',
  'exit_price',
  'cost',
  'fees',
  'pnl',
  'return_pct',
  'priced',
] as const

export interface TradeLogItem {
  trade_id: number
  symbol: string
  entry_date: string
  exit_date: string
  holding_days: number
  scale: number
  quantity: number | null
  entry_price: number | null
  exit_price: number | null
  cost: number | null
  fees: number | null
  pnl: number | null
  return_pct: number | null
  priced: boolean
}

/** The log line of a trade replayed with scale `k`; `priced` when its symbol had daily closes. */
export function tradeTuple(
  t: SourceTrade,
  entry: number,
  exit: number,
  k: number,
  priced: boolean,
): TradeTuple {
  return [
    t.id,
    t.symbol,
    dayString(entry),
    t.sold_on,
    exit - entry,
    ratio(k) ?? 0,
    round(k * t.quantity, 8),
    t.quantity > 0 ? money(t.cost_basis / t.quantity) : null,
    t.quantity > 0 ? money(t.proceeds / t.quantity) : null,
    money(k * t.cost_basis),
    money(k * t.fees),
    money(k * t.gain_loss),
    t.cost_basis > 0 ? ratio(t.gain_loss / t.cost_basis) : null,
    priced,
  ]
}

export const tupleToItem = (t: TradeTuple) =>
  Object.fromEntries(TRADE_FIELDS.map((f, i) => [f, t[i]])) as unknown as TradeLogItem
