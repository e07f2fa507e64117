/**
 * Realistic values for the OpenAPI examples of the unified routes (the contract test validates them).
 * A connection's status, connect, disconnect and refresh are shown with Alpaca's.
 */
export { CONNECT_BODY, DISCONNECTED, REFRESHED, STATUS } from '../alpaca/alpaca.examples.ts'

export const BROKER_ACCOUNTS = {
  broker_type: 'brokera',
  items: [
    {
      id: 'e6fe16f3-64a4-4921-8928-cadf02f92f98',
      account_id: 7,
      number: '••••ABCD',
      name: 'Alpaca 010203ABCD',
      currency: 'USD',
      account_type: 'margin',
    },
  ],
}

export const BROKER_POSITIONS = {
  broker_type: 'brokera',
  account_id: 'e6fe16f3-64a4-4921-8928-cadf02f92f98',
  items: [
    {
      symbol: 'AAPL',
      quantity: '12',
      average_price: '171.35',
      cost_basis: '2056.2',
      price: '187.25',
      market_value: '2247',
      unrealized_pl: '190.8',
    },
  ],
}

export const BROKER_TRANSACTIONS = {
  broker_type: 'brokera',
  account_hash: 'e6fe16f3-64a4-4921-8928-cadf02f92f98',
  year: '2026',
  items: [
    {
      id: '20260302145501123::0f4d2c1e-9b8a-4c7d-8e6f-5a4b3c2d1e0f',
      type: 'FILL',
      time: '2026-03-02T19:55:01.123Z',
      symbol: 'MSFT',
      side: 'buy',
      quantity: '5',
      price: '402.1',
      net_amount: null,
    },
  ],
  next_cursor: null,
  page: 1,
  page_size: 100,
  total: 1,
}

export const SYNC_RESULT = {
  sync_id: 42,
  broker: 'brokera',
  kind: 'manual',
  accounts: 1,
  positions: 8,
  fills_received: 64,
  fills_new: 3,
  activities_new: 5,
  trades: 21,
}

export const SYNC_LOG = {
  items: [
    {
      id: 42,
      broker_type: 'brokera',
      sync_kind: 'scheduled',
      status: 'ok',
      positions: 8,
      transactions: 3,
      error: null,
      user_id: null,
      started_at: '2026-11-24T22:30:00.120Z',
      finished_at: '2026-11-24T22:30:01.480Z',
    },
  ],
  next_cursor: null,
  page: 1,
  page_size: 25,
}

export const BROKER_QUOTES = {
  broker_type: 'brokerb',
  delayed: false,
  items: [
    {
      symbol: 'AAPL',
      last: 187.25,
      bid: 187.24,
      ask: 187.26,
      volume: 41234567,
      as_of: '2026-11-25T15:40:02.000Z',
    },
  ],
}
