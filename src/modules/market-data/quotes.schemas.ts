import { Type, type Static } from 'typebox'
import { Bar } from '../../platform/http/schemas.ts'

/** US tickers: letters/digits with an optional class suffix (BRK.B), or an index (^GSPC). */
export const SymbolParams = Type.Object({
  symbol: Type.String({
    pattern: '^\\^?[A-Za-z0-9]{1,10}([.-][A-Za-z0-9]{1,5})?$',
    description: 'Ticker, case-insensitive (AAPL, BRK.B, ^GSPC)',
  }),
})

export const QuoteSchema = Type.Object({
  symbol: Type.String(),
  last: Type.Number(),
  bid: Type.Number(),
  ask: Type.Number(),
  volume: Type.Number({ description: "The session's volume so far" }),
  change: Type.Number({ description: 'last − previous_close' }),
  change_pct: Type.Number({ description: 'Percent, relative to previous_close' }),
  previous_close: Type.Number(),
  delayed: Type.Boolean({ description: 'True when the price is delayed rather than real time' }),
  as_of: Type.String({ format: 'date-time' }),
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
