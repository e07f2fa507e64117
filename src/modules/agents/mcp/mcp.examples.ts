/** OpenAPI examples of POST /mcp: a tools/call of place_order and the order it recorded. */

export const PLACE_ORDER_CALL = {
  jsonrpc: '2.0' as const,
  id: 7,
  method: 'tools/call',
  params: {
    name: 'place_order',
    arguments: {
      account_id: 12,
      symbol: 'AAPL',
      side: 'buy',
      qty: '10',
      type: 'limit',
      limit_price: '187.50',
      time_in_force: 'day',
      client_order_id: 'rebalance-2026-11-24-aapl',
    },
  },
}

const ORDER = {
  order_id: 913,
  agent_id: 4,
  account_id: 12,
  client_order_id: 'rebalance-2026-11-24-aapl',
  symbol: 'AAPL',
  side: 'buy',
  qty: '10',
  notional: null,
  type: 'limit',
  limit_price: '187.50',
  time_in_force: 'day',
  mode: 'paper',
  priced_notional: '1875.00',
  reference_price: '187.50',
  status: 'pending_approval',
  reject_reason: null,
  reject_detail: null,
  approval_id: 58,
  via: 'mcp',
}

export const PLACE_ORDER_ANSWER = {
  jsonrpc: '2.0' as const,
  id: 7,
  result: {
    content: [{ type: 'text', text: JSON.stringify({ order: ORDER, replayed: false }) }],
    structuredContent: { order: ORDER, replayed: false },
  },
}
