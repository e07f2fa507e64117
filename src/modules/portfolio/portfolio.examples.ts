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
