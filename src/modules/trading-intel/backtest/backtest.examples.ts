/** OpenAPI example values of the backtest operations (validated against their schemas by the contract test). */
import type { RouteExamples } from '../../../platform/http/docs-transform.ts'

const summary = {
  final_equity: 10620,
  total_return: 0.062,
  cagr: 1.846951,
  cagr_periods: 1.952849,
  volatility: 0.211645,
  sharpe: 5.225053,
  sortino: 9.948128,
  downside_deviation: 0.111162,
  calmar: 54.089278,
  max_drawdown: {
    pct: -0.034146,
    amount: -350,
    duration_days: 7,
    peak_date: '2026-01-07',
    trough_date: '2026-01-12',
    recovery_date: '2026-01-14',
    open: false,
  },
  longest_drawdown_days: 7,
  trades: {
    count: 1,
    wins: 1,
    losses: 0,
    scratch: 0,
    win_rate: 1,
    profit_factor: null,
    gross_profit: 620,
    gross_loss: 0,
    avg_win: 620,
    avg_loss: null,
    payoff: null,
    expectancy: 620,
    expectancy_pct: 0.62,
    sqn: null,
  },
}

const trade = {
  trade_id: 812,
  symbol: 'AAPL',
  entry_date: '2026-01-02',
  exit_date: '2026-01-23',
  holding_days: 21,
  scale: 1,
  quantity: 10,
  entry_price: 100,
  exit_price: 162,
  cost: 1000,
  proceeds: 1620,
  fees: 0,
  pnl: 620,
  return_pct: 0.62,
  priced: true,
}

const run = {
  id: 31,
  strategy: 'replay',
  from: '2026-01-02',
  to: '2026-01-23',
  account_id: 4,
  initial_capital: 10000,
  created_at: '2026-11-26T04:30:00.000Z',
  summary,
  params: { symbols: [], exclude_symbols: [], sizing: 'as_traded', risk_free_rate: 0 },
  last_date: '2026-01-23',
  selection: {
    trades_read: 1,
    trades_used: 1,
    excluded: {
      undated_entry: 0,
      entered_before_from: 0,
      symbol_not_included: 0,
      symbol_excluded: 0,
      holding_period: 0,
      zero_cost_basis: 0,
      before_setup_history: 0,
      setup_not_matched: 0,
    },
  },
  prices: { symbols: 1, priced: 1, unpriced: [], failed: [], capped: [], degraded: false },
  note: null,
  equity_curve: [
    { date: '2026-01-02', equity: 10000, drawdown: 0 },
    { date: '2026-01-05', equity: 10120, drawdown: 0 },
    { date: '2026-01-06', equity: 10080, drawdown: -0.003953 },
  ],
  trades: [trade],
  trades_total: 1,
  trades_truncated: false,
  log_status: 'stored',
}

export const RUN_EXAMPLES: RouteExamples = {
  body: {
    strategy: 'replay',
    from: '2026-01-02',
    to: '2026-01-23',
    account_id: 4,
    initial_capital: 10000,
    params: { symbols: ['AAPL'], min_holding_days: 1, sizing: 'as_traded' },
  },
  200: { description: 'The run as stored (equity curve shortened here)', value: run },
}

export const GET_EXAMPLES: RouteExamples = {
  params: { id: 31 },
  200: { description: 'The saved run', value: run },
}

export const LIST_EXAMPLES: RouteExamples = {
  query: { strategy: 'replay', page_size: 25 },
  200: {
    description: 'Newest first',
    value: {
      items: [
        {
          id: 31,
          strategy: 'replay',
          from: '2026-01-02',
          to: '2026-01-23',
          account_id: 4,
          initial_capital: 10000,
          trades_total: 1,
          created_at: '2026-11-26T04:30:00.000Z',
          summary,
          log_status: 'stored',
        },
      ],
      next_cursor: null,
      page: 1,
      page_size: 25,
      total: 1,
    },
  },
}

export const TRADES_EXAMPLES: RouteExamples = {
  params: { id: 31 },
  query: { page_size: 100 },
  200: {
    description: 'One page of the log, by exit date',
    value: { items: [trade], next_cursor: null, page: 1, page_size: 100, total: 1 },
  },
}

export const DELETE_EXAMPLES: RouteExamples = {
  params: { id: 31 },
  204: { description: 'Deleted' },
}
