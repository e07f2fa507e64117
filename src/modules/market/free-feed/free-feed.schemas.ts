/** The free-tier feed: universe, publication and replay shapes. */
import { Type, type Static } from 'typebox'
import { Bar } from '../../../platform/http/schemas.ts'

export const UniverseSchema = Type.Object({
  symbols: Type.Array(Type.String(), { description: 'The free-tier symbols, in their configured order' }),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the list was last (re)loaded; null when it is empty',
  }),
})
export type UniverseOut = Static<typeof UniverseSchema>

export const PublicationSchema = Type.Object({
  published_at: Type.String({ format: 'date-time' }),
  symbols: Type.Integer({ description: 'Symbols published' }),
  bars: Type.Integer({ description: '1-minute bars published (the day so far, delayed 15 minutes)' }),
})
export type PublicationOut = Static<typeof PublicationSchema>

export const REPLAY_INTERVALS = ['1m', '5m', '15m'] as const
export type ReplayInterval = (typeof REPLAY_INTERVALS)[number]

export const ReplayParams = Type.Object({
  symbol: Type.String({
    pattern: '^\\^?[A-Za-z0-9]{1,10}([.-][A-Za-z0-9]{1,5})?$',
    description: 'Ticker, case-insensitive',
  }),
})

export const ReplayQuery = Type.Object({
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'New York trading date, YYYY-MM-DD' }),
  interval: Type.Enum([...REPLAY_INTERVALS], { default: '1m', description: 'Bar length; default 1m' }),
  limit: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 390,
    description: "The day's first N bars, 1–1000 (a series, not a page); default 390",
  }),
})

export const ReplayBarSchema = Bar('null when the source gave none')
export type ReplayBar = Static<typeof ReplayBarSchema>

export const ReplaySchema = Type.Object({
  symbol: Type.String(),
  date: Type.String({ format: 'date' }),
  interval: Type.Enum([...REPLAY_INTERVALS]),
  items: Type.Array(ReplayBarSchema, {
    description:
      'Oldest first: published minutes, completed from provider history under the 15-minute delay; ' +
      'empty only for today before its first delayed minute',
  }),
})
export type ReplayOut = Static<typeof ReplaySchema>

/** Stored with each publication (not served): a quote-like summary of a symbol's published bars. */
export interface FreeSummary {
  last: number
  open: number
  high: number
  low: number
  volume: number
  as_of: string
}
