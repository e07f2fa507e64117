/** Realistic values for the OpenAPI examples of Alpaca's routes (the contract test validates them). */

const STATE =
  'eyJ0IjoxMiwidSI6MzQsImIiOiJicm9rZXJhIiwibiI6Ik5pOGZQcTJ4TDR2UXRZOWtNM3dSenNBYiIsImUiOjE3OTU2Mjg2MDB9.' +
  'mH3Lk2x8vQ0pZr7TtYc1bN5sWq9eUd4fGh6jKl2aXo4'

export const AUTH_URL = {
  url:
    'https://app.alpaca.markets/oauth/authorize?response_type=code&client_id=3f1e9c0b&redirect_uri=' +
    `https%3A%2F%2Fsextant.example%2Fapi%2Fbrokera%2Fconnect&state=${STATE}&scope=account%3Awrite+trading`,
  state: STATE,
  expires_at: '2026-11-25T15:10:00.000Z',
}

export const CONNECT_QUERY = { code: '8e2f4c1a-6b3d-4f7e-9a20-5c1d7b3e9f04', state: STATE }
export const CONNECT_BODY = { auth_code: '8e2f4c1a-6b3d-4f7e-9a20-5c1d7b3e9f04', state: STATE }

export const STATUS = {
  connected: true,
  expires_at: null,
  extra: {
    connected_at: '2026-11-25T15:01:12.000Z',
    last_sync_at: '2026-11-25T15:02:40.000Z',
    last_error: null,
    sandbox: false,
    accounts: [{ account_id: 7, number: '••••ABCD' }],
  },
}

export const DISCONNECTED = {
  disconnected: true,
  revoked: true,
  detail: 'brokera disconnected',
  archived_account_ids: [7],
}

export const REFRESHED = {
  refreshed: false,
  detail:
    'Alpaca access tokens do not expire and come without a refresh token; the stored token was verified',
  status: STATUS,
}

export const HEALTH = { ok: true, broker: 'brokera', configured: true, connected: true, latency_ms: 84 }

export const POSITIONS = {
  account_id: 7,
  snapshot_date: '2026-11-25',
  sync_id: 31,
  positions: [
    {
      symbol: 'AAPL',
      quantity: '12',
      avg_entry_price: '171.35',
      cost_basis: '2056.2',
      current_price: '187.25',
      market_value: '2247',
      unrealized_pl: '190.8',
      asset_class: 'us_equity',
    },
  ],
  skipped: [],
}

export const ORDER_BODY = {
  symbol: 'AAPL',
  side: 'buy',
  type: 'limit',
  time_in_force: 'day',
  qty: '10',
  limit_price: '185.50',
  client_order_id: 'rebalance-2026-11-25-1',
}

export const ORDER = {
  id: '61e69015-8549-4bfd-b9c3-01e75843f47d',
  client_order_id: 'rebalance-2026-11-25-1',
  symbol: 'AAPL',
  side: 'buy',
  type: 'limit',
  time_in_force: 'day',
  status: 'new',
  qty: '10',
  notional: null,
  filled_qty: '0',
  filled_avg_price: null,
  limit_price: '185.5',
  stop_price: null,
  extended_hours: false,
  created_at: '2026-11-25T15:20:01.942282Z',
  submitted_at: '2026-11-25T15:20:01.942282Z',
  filled_at: null,
  canceled_at: null,
}

export const ORDER_QUERY = { status: 'all', limit: 50, direction: 'desc' }

export const ACTIVITIES_QUERY = { activity_type: 'FILL,DIV', page_size: 25 }

export const ACTIVITIES = {
  items: [
    {
      id: '20261124135509981::2d7b6f3e-0c1a-4e5b-9f2d-8a7c6b5e4d3c',
      activity_type: 'FILL',
      time: '2026-11-24T18:55:09.981482Z',
      symbol: 'AAPL',
      side: 'buy',
      qty: '2',
      price: '184.78',
      net_amount: null,
      description: null,
      order_id: 'b5ab0c7d-1e2f-4a3b-8c9d-0e1f2a3b4c5d',
    },
  ],
  next_cursor: 'eyJ2IjoxLCJ0IjoiMjAyNjExMjQxMzU1MDk5ODEiLCJmIjoiYWJjIn0',
}

export const CANCELLED = { order_id: ORDER.id, cancel_requested: true }
