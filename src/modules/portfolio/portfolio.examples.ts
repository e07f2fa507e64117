/** Realistic values for the OpenAPI examples of the portfolio routes (the contract test validates them). */

export const ACCOUNT = {
  id: 1,
  name: 'Club brokerage',
  broker_type: 'manual',
  account_type: 'taxable',
  currency: 'USD',
  cost_method: 'fifo',
  status: 'active',
  archived: false,
  archived_at: null,
  created_at: '2026-11-24T15:05:00.000Z',
  updated_at: '2026-11-24T15:05:00.000Z',
  cash: [] as { currency: string; balance: number }[],
}

export const POSITION = {
  position_id: 9,
  account_id: 1,
  symbol: 'MSFT',
  quantity: 60,
  cost_basis: 19800,
  as_of: '2026-11-24',
  created_at: '2026-11-24T15:12:00.000Z',
  updated_at: '2026-11-24T15:12:00.000Z',
}

export const TRADE = {
  transaction_id: 459,
  account_id: 1,
  symbol: 'NVDA',
  quantity: 11,
  date_acquired: '2025-07-07',
  date_sold: '2025-12-26',
  date_sold_valid: true,
  proceeds: 2895.31,
  cost_basis: 2711.1,
  fees: 1,
  gain_loss: 183.21,
  term: 'short',
  created_at: '2026-11-24T15:25:00.000Z',
  updated_at: '2026-11-24T15:25:00.000Z',
}

/** GET /api/analytics/aum: two history points and today (no trade after 11-20, so cash stays put). */
export const AUM_EXAMPLE = {
  currency: 'USD',
  current: {
    net_capital: 117500,
    unrealized: -7372.9,
    realized_ytd: 11993.34,
    total_aum: 122120.44,
    nav: 151357.65,
    income: 0,
    market_value: 139251.05,
    implied_cash: 12106.6,
    as_of: '2026-11-24',
  },
  history: [
    {
      date: '2026-11-13',
      net_capital: 117500,
      unrealized: -6120.4,
      realized_ytd: 11410.2,
      total_aum: 122789.8,
      nav: 152027.01,
      income: 0,
      market_value: 140503.55,
      implied_cash: 11523.46,
    },
    {
      date: '2026-11-20',
      net_capital: 117500,
      unrealized: -7012.15,
      realized_ytd: 11993.34,
      total_aum: 122481.19,
      nav: 151718.4,
      income: 0,
      market_value: 139611.8,
      implied_cash: 12106.6,
    },
  ],
}

/** GET /api/analytics/drawdown?year=2025: the realized-P&L drawdown and the nav one. */
export const DRAWDOWN_EXAMPLE = {
  currency: 'USD',
  max_drawdown: 4289.45,
  max_drawdown_pct: 119.3,
  peak_date: '2025-02-07',
  trough_date: '2025-03-10',
  recovery_date: '2025-05-09',
  series: [
    { date: '2025-01-02', cumulative: 188.6, drawdown: 0 },
    { date: '2025-01-06', cumulative: -1389.38, drawdown: 1577.98 },
  ],
  nav_drawdown: {
    max_drawdown: -0.039078368793433696,
    amount: 6210.35,
    peak_date: '2025-02-14',
    peak_nav: 158920.4,
    trough_date: '2025-04-11',
    trough_nav: 152710.05,
    recovery_date: null,
  },
}
