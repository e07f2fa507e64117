/** OpenAPI example values of the approval queue. */
export const HELD_ORDER_EXAMPLE = {
  order_id: 5102,
  agent_id: 12,
  account_id: 301,
  client_order_id: 'rebalance-2026-11-25-aapl',
  symbol: 'AAPL',
  side: 'buy',
  qty: '40',
  notional: null,
  type: 'market',
  limit_price: null,
  time_in_force: 'day',
  mode: 'paper',
  priced_notional: '9200.00',
  reference_price: '230',
  status: 'pending_approval',
  reject_reason: null,
  reject_detail: null,
  approval_id: 77,
  broker: null,
  broker_order_id: null,
  filled_qty: '0',
  filled_avg_price: null,
  via: 'mcp',
  trading_day: '2026-11-25',
  created_at: '2026-11-25T15:00:00.000Z',
  updated_at: '2026-11-25T15:00:00.000Z',
}

export const PENDING_EXAMPLE = {
  approval_id: 77,
  status: 'pending',
  order: HELD_ORDER_EXAMPLE,
  agent_name: 'Rebalancer',
  band_low: '225.4',
  band_high: '234.6',
  expires_at: '2026-11-25T15:15:00.000Z',
  decided_by: null,
  decided_at: null,
  decision_note: null,
  created_at: '2026-11-25T15:00:00.000Z',
}

export const SENT_EXAMPLE = {
  ...PENDING_EXAMPLE,
  status: 'sent',
  order: {
    ...HELD_ORDER_EXAMPLE,
    status: 'filled',
    broker: 'paper',
    broker_order_id: 'paper-5102',
    filled_qty: '40',
    filled_avg_price: '231.1',
    updated_at: '2026-11-25T15:04:00.000Z',
  },
  decided_by: 3,
  decided_at: '2026-11-25T15:04:00.000Z',
}

export const REJECTED_EXAMPLE = {
  ...PENDING_EXAMPLE,
  status: 'rejected',
  order: {
    ...HELD_ORDER_EXAMPLE,
    status: 'rejected',
    reject_reason: 'approval.rejected',
    reject_detail: 'Too large before earnings',
    updated_at: '2026-11-25T15:06:00.000Z',
  },
  decided_by: 3,
  decided_at: '2026-11-25T15:06:00.000Z',
  decision_note: 'Too large before earnings',
}
