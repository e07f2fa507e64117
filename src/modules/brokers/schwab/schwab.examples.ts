/** Realistic values for the OpenAPI examples of Schwab's routes (the contract test validates them). */
import { ORDER } from '../alpaca/alpaca.examples.ts'

export const HASH = '980170564C529B2E2F4C1A6B3D4F7E9A205C1D7B3E9F04A1B2C3D4E5F6A7B8C9'
const REF = { accountNumber: '••••6767', hashValue: HASH }
const STATE =
  'eyJ0IjoxMiwidSI6MzQsImIiOiJicm9rZXJiIiwibiI6Ik5pOGZQcTJ4TDR2UXRZOWtNM3dSenNBYiIsImUiOjE3OTU2Mjg2MDB9.' +
  'mH3Lk2x8vQ0pZr7TtYc1bN5sWq9eUd4fGh6jKl2aXo4'

export const AUTH_URL = {
  url:
    'https://api.schwabapi.com/v1/oauth/authorize?response_type=code&client_id=1wzwOrhivb2PkR1UCAUVTKYqC4MTNYlj' +
    `&redirect_uri=https%3A%2F%2Fsextant.example%2Fapi%2Fbrokerb%2Fconnect&state=${STATE}`,
  state: STATE,
  expires_at: '2026-11-25T15:10:00.000Z',
}
export const CODE = 'C0.b2F1dGgyLmNkYy5zY2h3YWIuY29t.vM1oJ2Kc9LrW4xT7pQ3nZ8yH6gF5dS0aE@'
export const CONNECT_QUERY = { code: CODE, state: STATE, session: '5f4b2c1e-7a3d-4e9b-8c2f-1d0e6a9b7c35' }
export const CONNECT_BODY = { auth_code: CODE, state: STATE }

export const STATUS = {
  connected: true,
  expires_at: '2026-12-02T15:01:12.000Z',
  extra: {
    access_expires_at: '2026-11-25T15:31:12.000Z',
    refreshed_at: null,
    reauthorize_required: false,
    reauthorize_hint:
      'access tokens are refreshed automatically until 2026-12-02T15:01:12.000Z; authorise again before then (GET /api/brokerb/auth-url, then connect)',
    connected_at: '2026-11-25T15:01:12.000Z',
    last_sync_at: '2026-11-25T15:02:40.000Z',
    last_error: null,
    sandbox: false,
    accounts: [
      { account_id: 9, number: '••••6767' },
      { account_id: 10, number: '••••4120' },
    ],
  },
}

export const DISCONNECTED = {
  disconnected: true,
  revoked: false,
  detail: 'brokerb disconnected',
  archived_account_ids: [9, 10],
}

export const REFRESHED = {
  refreshed: true,
  detail: 'a new access token was issued; it expires at 2026-11-25T15:31:12.000Z',
  status: STATUS,
}

export const ACCOUNTS = {
  items: [
    { ...REF, account_id: 9, linked: true, type: 'margin', name: 'Schwab Margin …6767' },
    {
      accountNumber: '••••4120',
      hashValue: 'A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8A9B0C1D2E3F4A5B6C7D8E9F0A1B2',
      account_id: 10,
      linked: true,
      type: 'cash',
      name: 'Schwab Cash …4120',
    },
  ],
}

export const BALANCE = {
  items: [
    {
      ...REF,
      type: 'MARGIN',
      currentBalances: {
        buyingPower: '24850.12',
        availableFunds: '12425.06',
        equity: '31200.5',
        liquidationValue: '31200.5',
      },
      projectedBalances: { buyingPower: '24850.12', availableFunds: '12425.06' },
      initialBalances: { accountValue: '30980.1', totalCash: '6200' },
      aggregatedBalance: { currentLiquidationValue: '31200.5', liquidationValue: '31200.5' },
    },
  ],
}

export const PURCHASING_POWER = {
  currency: 'USD',
  buying_power: '27350.12',
  degraded: false,
  accounts: [
    { ...REF, buying_power: '24850.12' },
    { accountNumber: '••••4120', hashValue: ACCOUNTS.items[1]!.hashValue, buying_power: '2500' },
  ],
}

export const POSITIONS = {
  snapshot_date: '2026-11-25',
  sync_id: 44,
  accounts: [
    {
      ...REF,
      account_id: 9,
      positions: [
        {
          symbol: 'AAPL',
          quantity: '10',
          average_price: '150.1',
          cost_basis: '1501',
          price: '155.1',
          market_value: '1551',
          unrealized_pl: '50',
          asset_class: 'us_equity',
        },
      ],
    },
  ],
  skipped: [],
}

export const OPEN_ORDERS = {
  items: [{ ...REF, ...ORDER, id: '1003188442747', client_order_id: null, status: 'working' }],
}

export const ACTIVITY = {
  days: 7,
  since: '2026-11-18T15:00:00.000Z',
  items: [
    {
      source: 'event',
      id: 'order:1003188442747:FILLED',
      hashValue: HASH,
      event_type: 'ORDER_FILLED',
      occurred_at: '2026-11-25T14:31:07.000Z',
      symbol: 'AAPL',
      order_id: '1003188442747',
      status: 'FILLED',
      quantity: '10',
      price: '185.5',
      description: 'BUY 10 AAPL limit FILLED',
    },
    {
      source: 'transaction',
      id: '95512265692',
      hashValue: HASH,
      event_type: 'TRADE',
      occurred_at: '2026-11-24T19:59:12.000Z',
      symbol: 'SFM',
      order_id: null,
      status: 'FILLED',
      quantity: '1.000000000',
      price: '164.8500000000',
      description: 'BUY 1.000000000 SFM',
    },
  ],
}

const TX = {
  ...REF,
  activityId: '95512265692',
  time: '2026-04-23T19:59:12.000Z',
  tradeDate: '2026-04-23T19:59:12.000Z',
  settlementDate: '2026-04-24T04:00:00.000Z',
  type: 'TRADE',
  status: 'VALID',
  subAccount: 'CASH',
  activityType: 'EXECUTION',
  description: 'BUY TRADE',
  netAmount: '-164.85',
  orderId: '1003188442747',
  positionId: '2788793997',
}

export const TRANSACTIONS = {
  ...REF,
  year: '2026',
  from: '2026-01-01T05:00:00.000Z',
  to: '2026-11-25T15:00:00.000Z',
  count: 1,
  next_cursor: null,
  page: 1,
  page_size: 100,
  total: 1,
  items: [
    {
      ...TX,
      transferItems: [
        {
          instrument: { assetType: 'EQUITY', symbol: 'SFM', instrumentId: 1806651 },
          amount: '1',
          cost: '-164.85',
          price: '164.85',
          positionEffect: 'OPENING',
        },
        {
          instrument: { assetType: 'CURRENCY', symbol: 'CURRENCY_USD' },
          amount: '0',
          cost: '0',
          feeType: 'COMMISSION',
        },
      ],
    },
  ],
}

export const TRANSACTIONS_AUTO = {
  year: '2026',
  types: ['TRADE'],
  accounts: 2,
  transactions: 1,
  count: 2,
  next_cursor: null,
  page: 1,
  page_size: 100,
  total: 2,
  items: [
    {
      ...TX,
      item_index: 0,
      symbol: 'SFM',
      asset_type: 'EQUITY',
      cusip: null,
      amount: '1',
      price: '164.85',
      cost: '-164.85',
      fee_type: null,
      position_effect: 'OPENING',
    },
    {
      ...TX,
      item_index: 1,
      symbol: 'CURRENCY_USD',
      asset_type: 'CURRENCY',
      cusip: null,
      amount: '0',
      price: null,
      cost: '0',
      fee_type: 'COMMISSION',
      position_effect: null,
    },
  ],
}
