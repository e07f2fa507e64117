/**
 * Request and response schemas of broker B (spec §4.9). Schwab's own objects (balances, chains,
 * candles, movers, instruments, market hours, transfer items) are passed on as Schwab sends them:
 * their shapes, which the spec leaves "not shown", are described field by field in wire-facts §3–§4
 * and summarised in each description.
 */
import { Type, type Static } from 'typebox'

const Str = Type.String()
const NStr = Type.Union([Type.String(), Type.Null()])
const NNum = Type.Union([Type.Number(), Type.Null()])
const Vendor = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description })
const Day = (description: string) => Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description })
const SymbolParam = (description: string) =>
  Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9.$/^_ -]+$', description })
const Enum = (values: readonly string[], description: string) =>
  Type.Union(values.map((v) => Type.Literal(v)), { description })

/** A hashValue: Schwab's 64 hex digits (anything else shaped like an id is checked against your accounts). */
export const AccountHash = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'The account’s hashValue from GET /api/brokerb/accounts (never the plain account number)',
})
export const Year = Type.String({ pattern: '^\\d{4}$', description: 'Tax year, 4 digits (New York calendar)' })

const AccountRef = {
  accountNumber: Type.String({ description: 'The account number for display (masked: last four)' }),
  hashValue: Type.String({ description: 'What every account_hash parameter takes' }),
}

export const Accounts = Type.Object({
  items: Type.Array(
    Type.Object({
      ...AccountRef,
      account_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The portfolio account it syncs into' }),
      linked: Type.Boolean({ description: 'false for an account opened since you connected: connect again to link it' }),
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
      currentBalances: Vendor('Schwab’s current balances: MarginBalance fields (buyingPower, availableFunds, equity, …) or CashBalance fields (cashAvailableForTrading, totalCash, …) plus liquidationValue, cashBalance, longMarketValue…'),
      projectedBalances: Vendor('Schwab’s projected balances, the same fields as currentBalances'),
      initialBalances: Vendor('Schwab’s start-of-day balances (accountValue, totalCash, …)'),
      aggregatedBalance: Type.Union([Vendor('currentLiquidationValue, liquidationValue'), Type.Null()]),
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
      buying_power: Type.String({ description: 'MARGIN: currentBalances.buyingPower; CASH: cashAvailableForTrading' }),
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
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3660, description: 'How far back, in days (default 30)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'At most this many rows (default 100)' })),
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

export const TransactionsQuery = Type.Object({ account_hash: AccountHash, year: Year })

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
  count: Type.Integer(),
  items: Type.Array(
    Type.Object({
      ...TxFields,
      transferItems: Type.Array(
        Vendor('Schwab’s TransferItem: instrument{symbol, assetType, cusip…}, amount, cost, price, feeType, positionEffect'),
      ),
    }),
  ),
})

export const TransactionsAutoQuery = Type.Object({
  year: Year,
  types: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z_]{3,24}(,[A-Za-z_]{3,24}){0,15}$',
      description: 'Schwab transaction types, comma-separated (TRADE, DIVIDEND_OR_INTEREST, ACH_RECEIPT, JOURNAL, …; DIVIDEND is short for DIVIDEND_OR_INTEREST); default all',
    }),
  ),
})

export const TransactionsAuto = Type.Object({
  year: Str,
  types: Type.Array(Str),
  accounts: Type.Integer({ description: 'Linked accounts read' }),
  transactions: Type.Integer({ description: 'Transactions flattened' }),
  count: Type.Integer({ description: 'Rows: one per transfer item (one for a transaction without any)' }),
  items: Type.Array(
    Type.Object({
      ...TxFields,
      item_index: Type.Union([Type.Integer(), Type.Null()], { description: 'Position in transferItems; null: none' }),
      symbol: NStr,
      asset_type: NStr,
      cusip: NStr,
      amount: NStr,
      price: NStr,
      cost: NStr,
      fee_type: Type.Union([Type.String(), Type.Null()], { description: 'Set on fee items (COMMISSION, SEC_FEE, …)' }),
      position_effect: NStr,
    }),
  ),
})

export const QuotesQuery = Type.Object({
  symbols: Type.String({
    pattern: '^[A-Za-z0-9.$/^_-]{1,32}(,[A-Za-z0-9.$/^_-]{1,32}){0,99}$',
    description: 'Comma-separated, at most 100',
  }),
})

export const Quotes = Type.Object({
  delayed: Type.Boolean({ description: 'true: 15-minute delayed market data, because Schwab was unavailable' }),
  source: Type.Union([Type.Literal('schwab'), Type.Literal('market-data')]),
  reason: Type.Optional(Str),
  items: Type.Array(
    Type.Object({
      symbol: Str,
      last: Type.Number(),
      bid: NNum,
      ask: NNum,
      volume: Type.Number(),
      change: NNum,
      change_pct: NNum,
      as_of: Type.String({ format: 'date-time' }),
    }),
  ),
  invalid_symbols: Type.Array(Str),
})

export const MARKETS = ['equity', 'option', 'bond', 'future', 'forex'] as const
export const HoursQuery = Type.Object({
  markets: Type.Optional(
    Type.String({
      pattern: '^(equity|option|bond|future|forex)(,(equity|option|bond|future|forex)){0,4}$',
      description: 'Comma-separated of equity, option, bond, future, forex (default equity,option)',
    }),
  ),
  date: Type.Optional(Day('YYYY-MM-DD (default today in New York), at most a year ahead')),
  persist: Type.Optional(Type.Boolean({ description: 'true: store the hours (default false)' })),
})

export const Hours = Type.Object({
  date: Str,
  markets: Vendor('Market → product (EQ, EQO, IND, …) → {date, marketType, product, productName, isOpen, sessionHours{preMarket, regularMarket, postMarket: [{start, end}]}}; no sessionHours on a closed day'),
  persisted: Type.Integer({ description: 'Rows stored (0 without persist=true)' }),
})

export const MOVER_INDEXES = ['$DJI', '$COMPX', '$SPX', 'NYSE', 'NASDAQ', 'OTCBB', 'INDEX_ALL', 'EQUITY_ALL', 'OPTION_ALL', 'OPTION_PUT', 'OPTION_CALL']
export const MoversQuery = Type.Object({
  index: Type.Optional(Enum(MOVER_INDEXES, 'The index (default $SPX)')),
  sort: Type.Optional(Enum(['VOLUME', 'TRADES', 'PERCENT_CHANGE_UP', 'PERCENT_CHANGE_DOWN'], 'Sort order')),
  frequency: Type.Optional(Type.Integer({ enum: [0, 1, 5, 10, 30, 60], description: 'Minimum percent change; 0 = all (default)' })),
})

export const Movers = Type.Object({
  index: Str,
  sort: NStr,
  frequency: Type.Integer(),
  items: Type.Array(Vendor('Schwab’s screener: symbol, description, lastPrice/last, netChange/change, netPercentChange, volume, totalVolume, direction…')),
})

export const ChainQuery = Type.Object({
  symbol: SymbolParam('The underlying'),
  contract_type: Type.Optional(Enum(['CALL', 'PUT', 'ALL'], 'default ALL')),
  strike_count: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'Strikes above and below the money' })),
  strategy: Type.Optional(
    Enum(['SINGLE', 'ANALYTICAL', 'COVERED', 'VERTICAL', 'CALENDAR', 'STRANGLE', 'STRADDLE', 'BUTTERFLY', 'CONDOR', 'DIAGONAL', 'COLLAR', 'ROLL'], 'default SINGLE'),
  ),
  from_date: Type.Optional(Day('First expiration, YYYY-MM-DD')),
  to_date: Type.Optional(Day('Last expiration, YYYY-MM-DD (not before from_date)')),
})
export type ChainQueryInput = Static<typeof ChainQuery>

export const Chain = Type.Object(
  {
    callExpDateMap: Vendor('"<yyyy-MM-dd>:<days>" → strike ("150.0") → [OptionContract{putCall, symbol, bidPrice, askPrice, lastPrice, totalVolume, openInterest, delta, …}]'),
    putExpDateMap: Vendor('As callExpDateMap, for puts'),
  },
  { additionalProperties: true, description: 'Schwab’s chain: symbol, status, underlying, strategy, isDelayed, underlyingPrice, … and the two maps' },
)

export const HistoryQuery = Type.Object({
  symbol: SymbolParam('Ticker'),
  period_type: Type.Optional(Enum(['day', 'month', 'year', 'ytd'], 'default day')),
  period: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'day: 1,2,3,4,5,10; month: 1,2,3,6; year: 1,2,3,5,10,15,20; ytd: 1' })),
  frequency_type: Type.Optional(Enum(['minute', 'daily', 'weekly', 'monthly'], 'day: minute; month: daily|weekly; year: daily|weekly|monthly; ytd: daily|weekly')),
  frequency: Type.Optional(Type.Integer({ minimum: 1, maximum: 30, description: 'minute: 1,5,10,15,30; otherwise 1' })),
  need_extended_hours: Type.Optional(Type.Boolean()),
})
export type HistoryQueryInput = Static<typeof HistoryQuery>

export const History = Type.Object(
  {
    candles: Type.Array(Vendor('{open, high, low, close, volume, datetime (epoch ms)}')),
  },
  { additionalProperties: true, description: 'Schwab’s price history: symbol, empty, previousClose, candles' },
)

export const InstrumentQuery = Type.Object({
  symbol: SymbolParam('A ticker (or a search text/regex, by projection) or a 9-character CUSIP'),
  projection: Type.Optional(
    Enum(['symbol-search', 'symbol-regex', 'desc-search', 'desc-regex', 'search', 'fundamental'], 'default symbol-search; ignored for a CUSIP'),
  ),
})

export const Instrument = Type.Object({
  query: Str,
  by: Type.Union([Type.Literal('symbol'), Type.Literal('cusip')]),
  projection: NStr,
  instruments: Type.Array(Vendor('Schwab’s instrument: cusip, symbol, description, exchange, assetType, fundamental (projection=fundamental)')),
})
