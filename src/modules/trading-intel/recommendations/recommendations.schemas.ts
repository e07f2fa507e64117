import { Type, type Static } from 'typebox'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'
import { Id, MultilineText, Nullable, Text } from '../../../platform/http/schemas.ts'

/** Horizon of a call, in trading days, when its maker names none (about one month). */
export const DEFAULT_HORIZON_DAYS = 20
export const MAX_HORIZON_DAYS = 365
export const MAX_RATIONALE = 4000
export const MAX_NOTE = 1000
export const MAX_ORIGIN_REF = 120

const SYMBOL_PATTERN = '^\\^?[A-Za-z0-9]{1,10}([.-][A-Za-z0-9]{1,5})?$'
export const Symbol = Type.String({
  pattern: SYMBOL_PATTERN,
  description: 'Ticker, case-insensitive (AAPL, BRK.B)',
})
export const Action = Type.Enum(['buy', 'sell', 'hold'])
export const Origin = Type.Enum(['committee', 'research', 'manual'])
const Price = Type.Number({ exclusiveMinimum: 0, maximum: 1e9 })

const Outcome = Type.Object(
  {
    exit_price: Type.Number({ description: 'The price it was closed at' }),
    return_pct: Nullable(
      Type.Number({
        description:
          'Percent from price_at, sign-adjusted (a sell gains when the price falls); null without price_at',
      }),
    ),
    outcome: Nullable(Type.Enum(['hit', 'miss', 'scratch'], { description: 'null without price_at' })),
    note: Nullable(Type.String()),
    closed_at: Type.String({ format: 'date-time' }),
  },
  { description: 'null while open' },
)

export const Recommendation = Type.Object({
  id: Type.Integer(),
  symbol: Type.String(),
  action: Action,
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  rationale: Type.String(),
  origin: Origin,
  origin_ref: Type.String({ description: 'What made it (e.g. the committee run id); unique per origin' }),
  price_at: Nullable(
    Type.Number({ description: 'Reference price when made (the quote then when not given)' }),
  ),
  horizon_days: Type.Integer({ description: 'Trading days the call is meant to hold' }),
  evidence: Type.Record(Type.String(), Type.Unknown()),
  status: Type.Enum(['open', 'closed']),
  outcome: Nullable(Outcome),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
})
export type RecommendationView = Static<typeof Recommendation>

export const RecommendationPage = Page(Recommendation)

export const ListQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(Type.Enum(['open', 'closed'])),
  symbol: Type.Optional(Symbol),
  origin: Type.Optional(Origin),
  min_confidence: Type.Optional(
    Type.Number({ minimum: 0, maximum: 1, description: 'Confidence at least this' }),
  ),
  tenant_id: Type.Optional(Id({ description: 'Administrators only: read another tenant' })),
})
export type ListQueryInput = Static<typeof ListQuery>

export const IdParams = Type.Object({ id: Id({ description: 'Recommendation id' }) })

export const CreateBody = Type.Object(
  {
    symbol: Symbol,
    action: Action,
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    rationale: MultilineText({ minLength: 1, maxLength: MAX_RATIONALE }),
    origin_ref: Type.Optional(
      Text({
        minLength: 1,
        maxLength: MAX_ORIGIN_REF,
        description: 'Idempotency key of a manual call: the same key answers the stored row (200)',
      }),
    ),
    price_at: Type.Optional(Nullable(Price)),
    horizon_days: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_HORIZON_DAYS, default: DEFAULT_HORIZON_DAYS }),
    ),
  },
  { additionalProperties: false },
)
export type CreateInput = Static<typeof CreateBody>

export const CloseBody = Type.Object(
  {
    exit_price: Type.Optional(Price),
    note: Type.Optional(MultilineText({ maxLength: MAX_NOTE })),
  },
  { additionalProperties: false },
)
export type CloseInput = Static<typeof CloseBody>
