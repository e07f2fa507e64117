import { Type, type Static } from 'typebox'
import { Id, Nullable } from '../../../platform/http/schemas.ts'

/** The three broad index funds and the volatility index, in answer order. */
export const INDEX_SYMBOLS = ['SPY', 'QQQ', 'IWM', '^VIX'] as const
export const INDICES_TTL_MS = 60_000
/** How long the last good answer is kept to be served stale when the provider fails. */
export const INDICES_STALE_MS = 24 * 3_600_000

export const DEFAULT_MOVERS = 20
export const MAX_MOVERS = 50
/** Symbols considered: the tenant's largest holdings plus the provider's most active. */
export const HELD_SYMBOLS = 25
export const MOST_ACTIVE_SYMBOLS = 10

const IndexQuote = Type.Object({
  symbol: Type.String(),
  price: Type.Number({ description: 'The quote’s last price' }),
  change: Type.Number({ description: 'price − previous_close' }),
  change_pct: Type.Number({ description: 'Percent, relative to previous_close' }),
  previous_close: Type.Number(),
  delayed: Type.Boolean(),
  as_of: Type.String({ format: 'date-time' }),
})
export type IndexQuoteOut = Static<typeof IndexQuote>

export const Indices = Type.Object({
  items: Type.Array(IndexQuote),
  missing: Type.Array(Type.String(), { description: 'Instruments the provider answered no quote for' }),
  fetched_at: Type.String({ format: 'date-time', description: 'When the provider was asked' }),
  stale: Type.Boolean({
    description: 'True when served from the last good answer because the provider failed',
  }),
})
export type IndicesOut = Static<typeof Indices>

export const ExtendedQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_MOVERS,
      default: DEFAULT_MOVERS,
      description: `Movers answered, 1–${MAX_MOVERS}; default ${DEFAULT_MOVERS}`,
    }),
  ),
  tenant_id: Type.Optional(Id({ description: 'Administrators only: use another tenant’s holdings' })),
})
export type ExtendedQueryInput = Static<typeof ExtendedQuery>

const Leg = Nullable(
  Type.Object({
    price: Type.Number({ description: 'Close of the session’s last bar' }),
    change: Type.Number(),
    change_pct: Type.Number({ description: 'Percent' }),
    volume: Type.Number({ description: 'Σ volume of the session’s bars' }),
  }),
)

const Mover = Type.Object({
  symbol: Type.String(),
  previous_close: Nullable(Type.Number({ description: 'Previous trading day’s regular-session close' })),
  pre_market: Leg,
  regular_close: Nullable(
    Type.Number({ description: 'The day’s regular-session close (latest, while open)' }),
  ),
  post_market: Leg,
  move_pct: Type.Number({
    description: 'post_market.change_pct when it has started, else pre_market.change_pct',
  }),
})
export type MoverOut = Static<typeof Mover>

export const ExtendedHours = Type.Object({
  trading_date: Type.String({ format: 'date', description: 'The New York trading day read' }),
  session: Type.Enum(['pre', 'regular', 'post', 'closed'], {
    description: 'The session at the time of the request',
  }),
  symbols_considered: Type.Integer(),
  items: Type.Array(Mover, { description: 'Largest |move_pct| first' }),
})
export type ExtendedHoursOut = Static<typeof ExtendedHours>
