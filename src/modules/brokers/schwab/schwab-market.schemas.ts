/**
 * Request and response schemas of Schwab's market data: quotes, market hours, movers,
 * option chains, price history, instruments. Schwab's objects are passed on as sent; their fields
 * (docs/vendor-formats.md#schwab-market-data) are summarised in each description.
 */
import { Type, type Static } from 'typebox'
import { Day, Enum, NNum, NStr, Str, SymbolParam, Vendor } from './schwab.schemas.ts'

export const QuotesQuery = Type.Object({
  symbols: Type.String({
    pattern: '^[A-Za-z0-9.$/^_-]{1,32}(,[A-Za-z0-9.$/^_-]{1,32}){0,99}$',
    description: 'Comma-separated, at most 100',
  }),
})

export const Quotes = Type.Object({
  delayed: Type.Boolean({
    description: 'true: 15-minute delayed market data, because Schwab was unavailable',
  }),
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
  markets: Vendor(
    'Market → product (EQ, EQO, IND, …) → {date, marketType, product, productName, isOpen, sessionHours{preMarket, regularMarket, postMarket: [{start, end}]}}; no sessionHours on a closed day',
  ),
  persisted: Type.Integer({ description: 'Rows stored (0 without persist=true)' }),
})

export const MOVER_INDEXES = [
  '$DJI',
  '$COMPX',
  '$SPX',
  'NYSE',
  'NASDAQ',
  'OTCBB',
  'INDEX_ALL',
  'EQUITY_ALL',
  'OPTION_ALL',
  'OPTION_PUT',
  'OPTION_CALL',
]
export const MoversQuery = Type.Object({
  index: Type.Optional(Enum(MOVER_INDEXES, 'The index (default $SPX)')),
  sort: Type.Optional(Enum(['VOLUME', 'TRADES', 'PERCENT_CHANGE_UP', 'PERCENT_CHANGE_DOWN'], 'Sort order')),
  frequency: Type.Optional(
    Type.Integer({ enum: [0, 1, 5, 10, 30, 60], description: 'Minimum percent change; 0 = all (default)' }),
  ),
})

export const Movers = Type.Object({
  index: Str,
  sort: NStr,
  frequency: Type.Integer(),
  items: Type.Array(
    Vendor(
      'Schwab’s screener: symbol, description, lastPrice/last, netChange/change, netPercentChange, volume, totalVolume, direction…',
    ),
  ),
})

export const ChainQuery = Type.Object({
  symbol: SymbolParam('The underlying'),
  contract_type: Type.Optional(Enum(['CALL', 'PUT', 'ALL'], 'default ALL')),
  strike_count: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 200, description: 'Strikes above and below the money' }),
  ),
  strategy: Type.Optional(
    Enum(
      [
        'SINGLE',
        'ANALYTICAL',
        'COVERED',
        'VERTICAL',
        'CALENDAR',
        'STRANGLE',
        'STRADDLE',
        'BUTTERFLY',
        'CONDOR',
        'DIAGONAL',
        'COLLAR',
        'ROLL',
      ],
      'default SINGLE',
    ),
  ),
  from_date: Type.Optional(Day('First expiration, YYYY-MM-DD')),
  to_date: Type.Optional(Day('Last expiration, YYYY-MM-DD (not before from_date)')),
})
export type ChainQueryInput = Static<typeof ChainQuery>

export const Chain = Type.Object(
  {
    callExpDateMap: Vendor(
      '"<yyyy-MM-dd>:<days>" → strike ("150.0") → [OptionContract{putCall, symbol, bidPrice, askPrice, lastPrice, totalVolume, openInterest, delta, …}]',
    ),
    putExpDateMap: Vendor('As callExpDateMap, for puts'),
  },
  {
    additionalProperties: true,
    description:
      'Schwab’s chain: symbol, status, underlying, strategy, isDelayed, underlyingPrice, … and the two maps',
  },
)

export const HistoryQuery = Type.Object({
  symbol: SymbolParam('Ticker'),
  period_type: Type.Optional(Enum(['day', 'month', 'year', 'ytd'], 'default day')),
  period: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 20,
      description: 'day: 1,2,3,4,5,10; month: 1,2,3,6; year: 1,2,3,5,10,15,20; ytd: 1',
    }),
  ),
  frequency_type: Type.Optional(
    Enum(
      ['minute', 'daily', 'weekly', 'monthly'],
      'day: minute; month: daily|weekly; year: daily|weekly|monthly; ytd: daily|weekly',
    ),
  ),
  frequency: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 30, description: 'minute: 1,5,10,15,30; otherwise 1' }),
  ),
  need_extended_hours: Type.Optional(Type.Boolean()),
})
export type HistoryQueryInput = Static<typeof HistoryQuery>

export const History = Type.Object(
  {
    candles: Type.Array(Vendor('{open, high, low, close, volume, datetime (epoch ms)}')),
  },
  {
    additionalProperties: true,
    description: 'Schwab’s price history: symbol, empty, previousClose, candles',
  },
)

export const InstrumentQuery = Type.Object({
  symbol: Type.String({
    minLength: 1,
    maxLength: 64,
    pattern: '^[ -~]+$',
    description:
      'A 9-character CUSIP, a ticker (letters, digits, . $ / ^ _ - and space, at most 32), or with projection ' +
      'symbol-regex, desc-search or desc-regex a regular expression or text (printable ASCII, at most 64)',
  }),
  projection: Type.Optional(
    Enum(
      ['symbol-search', 'symbol-regex', 'desc-search', 'desc-regex', 'search', 'fundamental'],
      'default symbol-search; with a CUSIP none may be given (422)',
    ),
  ),
})

export const Instrument = Type.Object({
  query: Str,
  by: Type.Union([Type.Literal('symbol'), Type.Literal('cusip')]),
  projection: NStr,
  instruments: Type.Array(
    Vendor(
      'Schwab’s instrument: cusip, symbol, description, exchange, assetType, fundamental (projection=fundamental)',
    ),
  ),
})
