/** OpenAPI example values of the agent order routes. */
export const ORDER_INPUT_EXAMPLE = {
  account_id: 12,
  symbol: 'AAPL',
  side: 'buy',
  qty: '5',
  type: 'limit',
  limit_price: '190.50',
  time_in_force: 'day',
  client_order_id: 'momentum-2026-11-30-001',
}

export const ORDER_EXAMPLE = {
  order_id: 481,
  agent_id: 3,
  account_id: 12,
  client_order_id: 'momentum-2026-11-30-001',
  symbol: 'AAPL',
  side: 'buy',
  qty: '5',
  notional: null,
  type: 'limit',
  limit_price: '190.5',
  time_in_force: 'day',
  mode: 'paper',
  priced_notional: '952.50',
  reference_price: '190.5',
  status: 'filled',
  reject_reason: null,
  reject_detail: null,
  approval_id: null,
  broker: 'paper',
  broker_order_id: 'paper-481',
  filled_qty: '5',
  filled_avg_price: '189.97',
  via: 'rest',
  trading_day: '2026-11-30',
  created_at: '2026-11-30T15:02:11.000Z',
  updated_at: '2026-11-30T15:02:11.000Z',
}

export const REJECTED_EXAMPLE = {
  ...ORDER_EXAMPLE,
  order_id: 482,
  client_order_id: 'momentum-2026-11-30-002',
  qty: '50',
  priced_notional: '9525.00',
  status: 'rejected',
  reject_reason: 'limit.max_order_notional',
  reject_detail: 'order notional 9525.00; the limit is 5000.00',
  broker: null,
  broker_order_id: null,
  filled_qty: '0',
  filled_avg_price: null,
}

export const SIMULATION_EXAMPLE = {
  outcome: 'would_hold',
  reason: 'approval.required',
  detail: "the order's value 952.50 is above the approval threshold 500.00",
  priced_notional: '952.50',
  reference_price: '190.5',
  threshold: '500.00',
  checks: [
    { check: 'agent.disabled', passed: true, detail: 'enabled' },
    { check: 'state.active', passed: true, detail: 'trading state active' },
    {
      check: 'limit.max_order_notional',
      passed: true,
      detail: 'order notional 952.50; the limit is 5000.00',
    },
  ],
  post_trade: { position_weight: '0.0952', open_positions: 2 },
}
