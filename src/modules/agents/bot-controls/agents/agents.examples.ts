/** OpenAPI example values of the agents routes. */
export const AGENT_EXAMPLE = {
  agent_id: 7,
  name: 'Momentum rebalancer',
  enabled: true,
  trading_state: 'active',
  mode: 'paper',
  allowed_symbols: ['AAPL', 'MSFT', 'SPY'],
  allowed_hours: { start: '09:35', end: '15:55' },
  allowed_accounts: [12],
  strategy_label: 'weekly momentum, top 3',
  credential: {
    prefix: 'sxa_41.Q2vX',
    scopes: ['portfolio:read', 'market:read', 'orders:read', 'orders:propose'],
    created_at: '2026-11-24T15:02:00.000Z',
    last_used_at: '2026-11-24T15:40:11.000Z',
  },
  created_at: '2026-11-24T15:00:00.000Z',
  updated_at: '2026-11-24T15:00:00.000Z',
}

export const NEW_AGENT_EXAMPLE = {
  ...AGENT_EXAMPLE,
  allowed_symbols: null,
  allowed_hours: null,
  allowed_accounts: null,
  credential: null,
}

export const ISSUED_EXAMPLE = {
  agent_id: 7,
  key: 'sxa_41.Q2vXb0pN7c3kT9yW1eR5uI8oP2aS4dF6gH0jK3lZ5xC',
  prefix: 'sxa_41.Q2vX',
  scopes: ['portfolio:read', 'market:read', 'orders:read', 'orders:propose'],
  created_at: '2026-11-24T15:02:00.000Z',
}

export const LIMITS_INPUT_EXAMPLE = {
  max_orders_per_day: 20,
  max_notional_per_day: '25000.00',
  max_order_notional: '5000.00',
  max_position_weight: '0.25',
  max_open_positions: 5,
  max_orders_per_minute: 3,
}

export const LIMITS_EXAMPLE = { agent_id: 7, ...LIMITS_INPUT_EXAMPLE, updated_at: '2026-11-24T15:05:00.000Z' }

export const USAGE_EXAMPLE = {
  agent_id: 7,
  trading_day: '2026-11-24',
  orders: 4,
  notional: '8120.50',
  rejections: { 'limit.max_order_notional': 1, 'symbol.not_allowed': 2 },
  rejections_total: 3,
  pending_approvals: 1,
  open_positions: 2,
  limits: LIMITS_EXAMPLE,
  remaining: { orders_per_day: 16, notional_per_day: '16879.50' },
}

export const THRESHOLD_EXAMPLE = {
  tenant_id: 41,
  threshold: '2500.00',
  overrides: [{ account_id: 12, account_name: 'Schwab IRA', threshold: '500.00' }],
  updated_at: '2026-11-24T15:06:00.000Z',
}
