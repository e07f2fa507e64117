import { Type, type Static } from 'typebox'
import { Bar } from '../../../platform/http/schemas.ts'

/** US tickers: letters/digits with an optional class suffix (BRK.B), or an index (^GSPC). */
export const SymbolParams = Type.Object({
  symbol: Type.String({
    pattern: '^\\^?[A-Za-z0-9]{1,10}([.-][A-Za-z0-9]{1,5})?$',
    description: 'Ticker, case-insensitive (AAPL, BRK.B, ^GSPC)',
  }),
})

const NullablePrice = (description: string) => Type.Union([Type.Number(), Type.Null()], { description })

export const QuoteSchema = Type.Object({
  symbol: Type.String(),
  last: Type.Number({
    description: 'The latest trade while the session trades; outside it, the close of session_date',
  }),
  bid: NullablePrice('null outside the session (no market is quoting; last is a closing price)'),
  ask: NullablePrice('null outside the session (no market is quoting; last is a closing price)'),
  volume: Type.Number({ description: "The session's volume so far (the whole day's once it has closed)" }),
  change: Type.Number({ description: 'last − previous_close' }),
  change_pct: Type.Number({ description: 'Percent, relative to previous_close' }),
  previous_close: Type.Number({ description: 'The close of the session before session_date' }),
  delayed: Type.Boolean({ description: 'True when the price is delayed rather than real time' }),
  as_of: Type.String({
    format: 'date-time',
    description: 'When last was the price: now while the session trades, else the close of session_date',
  }),
  session_date: Type.String({
    format: 'date',
    description: 'The New York date of the session last belongs to (Friday on a Saturday)',
  }),
  market_status: Type.Enum(['pre', 'regular', 'post', 'closed'], {
    description:
      "The NYSE session at the time of the request (New York hours; 'closed' on weekends and holidays)",
  }),
})
export type QuoteOut = Static<typeof QuoteSchema>

export const INTERVALS = ['1m', '5m', '15m', '1h', '1d'] as const
export const MAX_BARS = 1000

export const BarsQuery = Type.Object({
  interval: Type.Optional(
    Type.Enum([...INTERVALS], { default: '1d', description: 'Bar length; default 1d' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_BARS,
      default: 100,
      // Bars are a series, not a page: the general cap of 100 applies to paged lists only.
      description: 'The most recent N bars, 1–1000 (a series, not a page); default 100',
    }),
  ),
})

export const BarSchema = Bar('null when the vendor gives none')

export const BarsSchema = Type.Object({
  symbol: Type.String(),
  interval: Type.Enum([...INTERVALS]),
  items: Type.Array(BarSchema, { description: 'Oldest first' }),
})
export type BarsOut = Static<typeof BarsSchema>
