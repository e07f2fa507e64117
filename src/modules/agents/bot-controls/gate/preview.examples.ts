/** OpenAPI example values of the threshold preview. */

/** One order as the preview names it, in either list. */
const ORDER = {
  order_id: 481,
  agent_id: 3,
  agent_name: 'Momentum bot',
  account_id: 12,
  client_order_id: 'mom-2026-11-27-0042',
  symbol: 'AAPL',
  side: 'buy',
  priced_notional: '1905.00',
  created_at: '2026-11-27T15:02:11.000Z',
}

export const PREVIEW_EXAMPLE = {
  proposed_threshold: '1000.00',
  days: 7,
  from: '2026-11-23T15:00:00.000Z',
  to: '2026-11-30T15:00:00.000Z',
  orders_considered: 14,
  would_need_approval: [
    {
      ...ORDER,
      status: 'filled',
      threshold: '1000.00',
      threshold_source: 'proposed',
      held_because: 'threshold',
    },
  ],
  count: 1,
  notional_total: '1905.00',
  limits_would_block: [
    { limit: 'limit.max_order_notional', agent_id: 3, agent_name: 'Momentum bot', count: 1, orders: [ORDER] },
  ],
}
