/** GET /eod/review and GET /eod/history: queries and the review document. */
import { Type, type Static } from 'typebox'
import { Id, Nullable } from '../../../platform/http/schemas.ts'

export const MAX_DAYS_BACK = 366
export const DEFAULT_HISTORY_DAYS = 30
/** Positions a review covers: the largest by |market value| (totals are over these). */
export const MAX_REVIEW_POSITIONS = 500
/** Signals of each source a review reads for its date. */
export const MAX_REVIEW_SIGNALS = 200

const tenantId = Type.Optional(Id({ description: 'Administrators only: read another tenant' }))
const accountId = Type.Optional(Id({ description: "One account of the tenant's; default all of them" }))

export const ReviewQuery = Type.Object({
  review_date: Type.Optional(
    Type.String({
      format: 'date',
      description:
        'New York trading date (YYYY-MM-DD) whose session has closed, at most ' +
        `${MAX_DAYS_BACK} days back; default the latest closed session (today after 16:00)`,
    }),
  ),
  account_id: accountId,
  tenant_id: tenantId,
})
export type ReviewQuery = Static<typeof ReviewQuery>

export const HistoryQuery = Type.Object({
  days: Type.Integer({
    minimum: 1,
    maximum: MAX_DAYS_BACK,
    default: DEFAULT_HISTORY_DAYS,
    description: `Reviews of the last N calendar days (default ${DEFAULT_HISTORY_DAYS}, at most ${MAX_DAYS_BACK})`,
  }),
  account_id: accountId,
  tenant_id: tenantId,
})
export type HistoryQuery = Static<typeof HistoryQuery>

const Num = Nullable(Type.Number())
const Outcome = Type.Enum(['hit', 'miss', 'flat', 'pending', 'unpriced', 'no_direction'])

const Position = Type.Object({
  symbol: Type.String(),
  quantity: Type.Number(),
  previous_close: Num,
  close: Num,
  change: Num,
  change_pct: Num,
  pnl: Nullable(Type.Number({ description: 'quantity × (close − previous close)' })),
  market_value: Num,
})

const SignalOut = Type.Object({
  source: Type.Union([Type.Literal('intraday'), Type.Literal('options_flow')]),
  id: Type.Integer(),
  symbol: Type.String(),
  kind: Type.String({ description: 'Intraday setup, or flow direction' }),
  direction: Type.Union([Type.Literal('long'), Type.Literal('short'), Type.Literal('neutral')]),
  confidence: Type.Number(),
  price: Nullable(Type.Number({ description: 'Trigger price (intraday); null for flow readings' })),
  at: Type.String({ description: 'Trigger time (intraday) or reading time (flow), ISO 8601' }),
  reference_price: Num,
  close: Num,
  next_close: Num,
  return_to_close: Nullable(Type.Number({ description: 'sign × (close − reference) ÷ reference' })),
  return_to_next_close: Num,
  outcome: Outcome,
  outcome_next: Outcome,
})

const Mover = Type.Object({ symbol: Type.String(), change_pct: Type.Number(), pnl: Type.Number() })
const Quote = Type.Object({ symbol: Type.String(), last: Type.Number(), change_pct: Type.Number() })

export const Review = Type.Object({
  review_date: Type.String({ format: 'date' }),
  previous_date: Type.String({ format: 'date' }),
  next_date: Type.String({ format: 'date' }),
  account_id: Nullable(Type.Integer({ description: 'null: all accounts' })),
  computed_at: Type.String(),
  complete: Type.Boolean({ description: 'Every outcome is known (the next session has closed)' }),
  degraded: Type.Boolean(),
  degraded_reasons: Type.Array(Type.String()),
  positions: Type.Array(Position),
  totals: Type.Object({
    positions: Type.Integer(),
    priced: Type.Integer(),
    unpriced: Type.Array(Type.String()),
    pnl: Num,
    market_value: Num,
    previous_market_value: Num,
    pnl_pct: Nullable(Type.Number({ description: 'pnl ÷ |previous market value| × 100' })),
  }),
  signals: Type.Array(SignalOut),
  signal_stats: Type.Object({
    count: Type.Integer(),
    directional: Type.Integer(),
    hits: Type.Integer(),
    misses: Type.Integer(),
    flat: Type.Integer(),
    hit_rate: Num,
    avg_return_to_close: Num,
    hits_next: Type.Integer(),
    misses_next: Type.Integer(),
    pending_next: Type.Integer(),
  }),
  movers: Type.Object({
    gainers: Type.Array(Mover),
    losers: Type.Array(Mover),
    market: Nullable(
      Type.Object(
        { gainers: Type.Array(Quote), losers: Type.Array(Quote) },
        { description: "The provider universe's movers; only for the latest session (live quotes)" },
      ),
    ),
  }),
})
export type Review = Static<typeof Review>

const Best = Nullable(Type.Object({ symbol: Type.String(), pnl: Type.Number() }))

export const HistoryItem = Type.Object({
  review_date: Type.String({ format: 'date' }),
  total_pnl: Num,
  signals: Type.Integer(),
  hits: Type.Integer(),
  misses: Type.Integer(),
  best: Best,
  worst: Best,
  complete: Type.Boolean(),
})
export type HistoryItem = Static<typeof HistoryItem>

export const History = Type.Object({
  from: Type.String({ format: 'date' }),
  to: Type.String({ format: 'date' }),
  account_id: Nullable(Type.Integer()),
  items: Type.Array(HistoryItem),
})
export type History = Static<typeof History>
