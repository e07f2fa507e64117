/** GET /intraday/bars: query and answer. */
import { Type, type Static } from 'typebox'
import { Bar } from '../../../platform/http/schemas.ts'
import { Symbol } from './signals.schemas.ts'

export const BAR_INTERVALS = ['1m', '5m', '15m'] as const
export type BarInterval = (typeof BAR_INTERVALS)[number]
export const MAX_BARS = 390
export const INTERVAL_MINUTES: Record<BarInterval, number> = { '1m': 1, '5m': 5, '15m': 15 }

export const BarsQuery = Type.Object({
  symbol: Symbol('The ticker (case-insensitive)'),
  interval: Type.Enum([...BAR_INTERVALS], { default: '5m', description: 'Bar length; default 5m' }),
  limit: Type.Integer({
    minimum: 1,
    maximum: MAX_BARS,
    default: MAX_BARS,
    description: `The session's most recent bars, at most this many (default and max ${MAX_BARS}: a full day of 1m bars)`,
  }),
})
export type BarsQuery = Static<typeof BarsQuery>

const nullable = (description: string) => Type.Union([Type.Number(), Type.Null()], { description })

export const IntradayBar = Type.Object({
  ...Bar('Session VWAP on the typical price (H+L+C)/3, from 09:30 to this bar').properties,
  rsi: nullable(
    'RSI(14), Wilder, seeded from the 5 previous sessions; null only while fewer than 15 closes exist in all',
  ),
  macd: nullable('MACD line, EMA12 − EMA26 (TA-Lib seeding), seeded likewise; null until 26 closes exist'),
  macd_signal: nullable('EMA9 of the MACD line; null until 34 closes exist (warm-up included)'),
  macd_hist: nullable('macd − macd_signal; null until 34 closes exist (warm-up included)'),
})

export const IntradayBars = Type.Object({
  symbol: Type.String(),
  interval: Type.Enum([...BAR_INTERVALS]),
  session_date: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
    description: 'The New York date of the session shown; null when no session has begun yet',
  }),
  complete: Type.Boolean({ description: 'True when the session has closed (the answer is final)' }),
  source: Type.Enum(['stored', 'live'], {
    description: 'stored: read back from the table; live: fetched and computed now',
  }),
  degraded: Type.Boolean({
    description: 'True when the provider failed and the stored (possibly partial) session is served',
  }),
  items: Type.Array(IntradayBar, { description: 'Oldest first; only bars that have closed' }),
})
export type IntradayBars = Static<typeof IntradayBars>
