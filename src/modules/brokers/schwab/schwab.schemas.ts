/**
 * Request and response schemas of Schwab's routes, with the prefix, tag and description texts they share. Schwab's own objects (balances, chains,
 * candles, movers, instruments, market hours, transfer items) are passed on as Schwab sends them:
 * their shapes are described field by field in docs/vendor-formats.md#schwab-trader
 * and summarised in each description.
 */
import { PageQuery } from '../../../platform/http/pagination.ts'
import { Type } from 'typebox'

/** Where Schwab's routes live (the broker type `brokerb` names them) and their OpenAPI tag. */
export const SCHWAB_PREFIX = '/api/brokerb'
export const SCHWAB_TAGS = ['broker B']
/** What every account-scoped Schwab operation says about account_hash. */
export const HASH_RULE =
  ' account_hash is a hashValue from GET /api/brokerb/accounts: the plain account number is a 422 ' +
  '`broker.account_hash_required`; a hash not linked to your connection (another tenant’s) is a 404 ' +
  '`broker.account_not_found`.'
/** What every Schwab operation through the connection answers without a usable one. */
export const NOT_CONNECTED =
  ' 422 `broker.not_connected` without a connection, `broker.reconnect_required` past the 7-day authorisation.'

export const Str = Type.String()
export const NStr = Type.Union([Type.String(), Type.Null()])
export const NNum = Type.Union([Type.Number(), Type.Null()])
export const Vendor = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description })
export const Day = (description: string) =>
  Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description })
export const SymbolParam = (description: string) =>
  Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9.$/^_ -]+$', description })
export const Enum = (values: readonly string[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  )

/** A hashValue: Schwab's 64 hex digits (anything else shaped like an id is checked against your accounts). */
export const AccountHash = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'The account’s hashValue from GET /api/brokerb/accounts (never the plain account number)',
})
export const Year = Type.String({
  pattern: '^\\d{4}$',
  description: 'Tax year, 4 digits (New York calendar)',
})

const AccountRef = {
  accountNumber: Type.String({ description: 'The account number for display (masked: last four)' }),
  hashValue: Type.String({ description: 'What every account_hash parameter takes' }),
}

export const Accounts = Type.Object({
  items: Type.Array(
    Type.Object({
      ...AccountRef,
      account_id: Type.Union([Type.Integer(), Type.Null()], {
        description: 'The portfolio account it syncs into',
      }),
      linked: Type.Boolean({
        description: 'false for an account opened since you connected: connect again to link it',
      }),
      type: NStr,
      name: Str,
    }),
  ),
})

export const Balance = Type.Object({
  items: Type.Array(
    Type.Object({
      ...AccountRef,
      type: Type.Union([Type.String(), Type.Null()], { description: 'MARGIN or CASH' }),
      currentBalances: Vendor(
        'Schwab’s current balances: MarginBalance fields (buyingPower, availableFunds, equity, …) or CashBalance fields (cashAvailableForTrading, totalCash, …) plus liquidationValue, cashBalance, longMarketValue…; amounts as decimal strings (roundTrips, a count, and flags as sent)',
      ),
      projectedBalances: Vendor(
        'Schwab’s projected balances, the same fields as currentBalances (decimal strings)',
      ),
      initialBalances: Vendor('Schwab’s start-of-day balances (accountValue, totalCash, …; decimal strings)'),
      aggregatedBalance: Type.Union([
        Vendor('currentLiquidationValue, liquidationValue (decimal strings)'),
        Type.Null(),
      ]),
    }),
  ),
})

export const PurchasingPower = Type.Object({
  currency: Str,
  buying_power: Type.String({ description: 'Exact decimal sum over the linked accounts; "0" when degraded' }),
  degraded: Type.Boolean({ description: 'true: Schwab failed, the figures are zeros, not a measurement' }),
  reason: Type.Optional(Type.String({ description: 'Why it is degraded' })),
  accounts: Type.Array(
    Type.Object({
      ...AccountRef,
      buying_power: Type.String({
        description: 'MARGIN: currentBalances.buyingPower; CASH: cashAvailableForTrading',
      }),
    }),
  ),
})

const PositionItem = Type.Object({
  symbol: Str,
  quantity: Type.String({ description: 'decimal string; negative for a short' }),
  average_price: Str,
  cost_basis: Str,
  price: NStr,
  market_value: NStr,
  unrealized_pl: NStr,
  asset_class: Str,
})

export const Positions = Type.Object({
  snapshot_date: Type.String({ format: 'date' }),
  sync_id: Type.Integer({ description: 'The broker sync log row written (sync_kind manual)' }),
  accounts: Type.Array(
    Type.Object({ ...AccountRef, account_id: Type.Integer(), positions: Type.Array(PositionItem) }),
  ),
  skipped: Type.Array(Type.String(), { description: 'Symbols the portfolio snapshot cannot hold' }),
})

export const OpenOrdersQuery = Type.Object({ account_hash: Type.Optional(AccountHash) })

export const OpenOrders = Type.Object({
  items: Type.Array(
    Type.Object({
      ...AccountRef,
      id: Str,
      client_order_id: NStr,
      symbol: Str,
      side: Str,
      type: Str,
      time_in_force: Str,
      status: Str,
      qty: NStr,
      notional: NStr,
      filled_qty: Str,
      filled_avg_price: NStr,
      limit_price: NStr,
      stop_price: NStr,
      extended_hours: Type.Boolean(),
      created_at: Str,
      submitted_at: NStr,
      filled_at: NStr,
      canceled_at: NStr,
    }),
  ),
})

export const ActivityQuery = Type.Object({
  days: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 3660, description: 'How far back, in days (default 30)' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100,
      description: 'At most this many rows (default 100, at most 100)',
    }),
  ),
})

export const Activity = Type.Object({
  days: Type.Integer(),
  since: Type.String({ format: 'date-time' }),
  items: Type.Array(
    Type.Object({
      source: Type.Union([Type.Literal('event'), Type.Literal('transaction')], {
        description: 'event: an order status change the service observed; transaction: a stored TRADE fill',
      }),
      id: Str,
      hashValue: NStr,
      event_type: Type.String({ description: 'ORDER_<STATUS> (ORDER_WORKING, ORDER_FILLED, …) or TRADE' }),
      occurred_at: Type.String({ format: 'date-time' }),
      symbol: NStr,
      order_id: NStr,
      status: NStr,
      quantity: NStr,
      price: NStr,
      description: NStr,
    }),
  ),
})

/** Pages of a year's rows: page, page_size (25, 50, 100; default 100 here), cursor. */
const YearPages = {
  page: PageQuery.properties.page,
  page_size: PageQuery.properties.page_size,
  cursor: PageQuery.properties.cursor,
}
const PageFields = {
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'null on the last page' }),
  page: Type.Integer({ minimum: 1 }),
  page_size: Type.Integer(),
  total: Type.Optional(Type.Integer({ minimum: 0, description: 'All rows of the year (as count)' })),
}

export const TransactionsQuery = Type.Object({ account_hash: AccountHash, year: Year, ...YearPages })

const TxFields = {
  ...AccountRef,
  activityId: NStr,
  time: NStr,
  tradeDate: NStr,
  settlementDate: NStr,
  type: NStr,
  status: NStr,
  subAccount: NStr,
  activityType: NStr,
  description: NStr,
  netAmount: Type.Union([Type.String(), Type.Null()], { description: 'decimal string' }),
  orderId: NStr,
  positionId: NStr,
}

export const Transactions = Type.Object({
  ...AccountRef,
  year: Str,
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  count: Type.Integer({ description: 'The year’s TRADE transactions, all pages' }),
  ...PageFields,
  items: Type.Array(
    Type.Object({
      ...TxFields,
      transferItems: Type.Array(
        Vendor(
          'Schwab’s TransferItem: instrument{symbol, assetType, cusip…} as sent, amount, cost, price (decimal strings), feeType, positionEffect',
        ),
      ),
    }),
  ),
})

export const TransactionsAutoQuery = Type.Object({
  year: Year,
  types: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z_]{3,24}(,[A-Za-z_]{3,24}){0,15}$',
      description:
        'Schwab transaction types, comma-separated (TRADE, DIVIDEND_OR_INTEREST, ACH_RECEIPT, JOURNAL, …; DIVIDEND is short for DIVIDEND_OR_INTEREST); default all',
    }),
  ),
  ...YearPages,
})

export const TransactionsAuto = Type.Object({
  year: Str,
  types: Type.Array(Str),
  accounts: Type.Integer({ description: 'Linked accounts read' }),
  transactions: Type.Integer({ description: 'Transactions flattened' }),
  count: Type.Integer({
    description: 'Rows, all pages: one per transfer item (one for a transaction without any)',
  }),
  ...PageFields,
  items: Type.Array(
    Type.Object({
      ...TxFields,
      item_index: Type.Union([Type.Integer(), Type.Null()], {
        description: 'Position in transferItems; null: none',
      }),
      symbol: NStr,
      asset_type: NStr,
      cusip: NStr,
      amount: NStr,
      price: NStr,
      cost: NStr,
      fee_type: Type.Union([Type.String(), Type.Null()], {
        description: 'Set on fee items (COMMISSION, SEC_FEE, …)',
      }),
      position_effect: NStr,
    }),
  ),
})
