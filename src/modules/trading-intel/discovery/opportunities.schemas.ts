/** Request and response schemas of the opportunity scores and the discovery watchlist. */
import { Type, type Static } from 'typebox'
import { Text } from '../../../platform/http/schemas.ts'
import { HoursParam, SessionsParam, WindowSchema } from '../../../platform/session-window.ts'
import {
  MAX_HOURS,
  ResultHours,
  ResultSessions,
  ResultWindow,
  ScanTypeSchema,
  SortDir,
  TenantIdQuery,
  UniverseSchema,
} from './scan.schemas.ts'

export const DEFAULT_OPPORTUNITY_LIMIT = 50
export const MAX_OPPORTUNITY_LIMIT = 500
export const DEFAULT_WATCHLIST_LIMIT = 20
export const MAX_WATCHLIST_LIMIT = 100

const Limit = (def: number, max: number) =>
  Type.Integer({ minimum: 1, maximum: max, description: `1–${max}; default ${def}` })

export const ComputeBody = Type.Object(
  {
    sessions: ResultSessions,
    hours: ResultHours,
    universe: Type.Optional(UniverseSchema),
    min_signals: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 5,
        description: 'Distinct scan types a symbol needs to be scored, 1–5; default 1',
      }),
    ),
    limit: Type.Optional(Limit(DEFAULT_OPPORTUNITY_LIMIT, MAX_OPPORTUNITY_LIMIT)),
  },
  { additionalProperties: false },
)
export type ComputeBodyInput = Static<typeof ComputeBody>

export const ComponentSchema = Type.Object({
  scan_type: Type.String(),
  score: Type.Number({ description: "The symbol's best raw score of this scan type" }),
  normalized: Type.Number({ description: 'min(score / full-strength score, 1)' }),
  weight: Type.Number(),
  points: Type.Number({ description: 'weight × normalized' }),
  universe: Type.String({ description: 'Universe of the best result' }),
  trading_date: Type.String({ format: 'date' }),
})

export const OpportunitySchema = Type.Object({
  symbol: Type.String(),
  score: Type.Number({ minimum: 0, maximum: 100 }),
  signals: Type.Integer({ description: 'Distinct scan types' }),
  confluence_bonus: Type.Number(),
  scan_types: Type.Array(Type.String()),
  universes: Type.Array(Type.String()),
  components: Type.Array(ComponentSchema),
  computed_at: Type.String({ format: 'date-time' }),
})
export type OpportunityOut = Static<typeof OpportunitySchema>

export const ComputeResponse = Type.Object({
  window: ResultWindow,
  computed: Type.Integer({ description: 'Opportunities written (before the limit)' }),
  results_read: Type.Integer({ description: 'Scanner results the scores were computed from' }),
  items: Type.Array(OpportunitySchema),
})
export type ComputeOut = Static<typeof ComputeResponse>

export const OPPORTUNITY_SORTS = ['score', 'computed_at', 'symbol', 'signals'] as const
export type OpportunitySort = (typeof OPPORTUNITY_SORTS)[number]

export const OpportunitiesQuery = Type.Object({
  min_score: Type.Optional(
    Type.Number({ minimum: 0, maximum: 100, description: 'Composite score at least this; default 0' }),
  ),
  limit: Type.Optional(Limit(DEFAULT_OPPORTUNITY_LIMIT, MAX_OPPORTUNITY_LIMIT)),
  sessions: SessionsParam(
    'the opportunities computed (computed_at) at or after 04:00 New York of the first of those session dates',
  ),
  hours: HoursParam(MAX_HOURS, 'computed_at'),
  scan_type: Type.Optional(ScanTypeSchema),
  universe: Type.Optional(UniverseSchema),
  symbol: Type.Optional(
    Text({ minLength: 1, maxLength: 16, description: 'Substring of the symbol, case-insensitive' }),
  ),
  sort_by: Type.Optional(Type.Enum([...OPPORTUNITY_SORTS], { description: 'Default score' })),
  sort_dir: Type.Optional(SortDir),
  tenant_id: Type.Optional(TenantIdQuery),
})
export type OpportunitiesQueryInput = Static<typeof OpportunitiesQuery>

/** The `window` of an answer over opportunity scores. */
const OpportunityWindow = WindowSchema(
  'Opportunities computed (computed_at) at or after this instant: 04:00 New York of from_session_date, ' +
    'or now − hours',
)

export const OpportunitiesResponse = Type.Object({
  window: OpportunityWindow,
  total: Type.Integer({ description: 'Opportunities matching the filters (before the limit)' }),
  items: Type.Array(OpportunitySchema),
})
export type OpportunitiesOut = Static<typeof OpportunitiesResponse>

export const WatchlistQuery = Type.Object({
  limit: Type.Optional(Limit(DEFAULT_WATCHLIST_LIMIT, MAX_WATCHLIST_LIMIT)),
  tenant_id: Type.Optional(TenantIdQuery),
})
export type WatchlistQueryInput = Static<typeof WatchlistQuery>

export const WatchlistResponse = Type.Object({
  window: OpportunityWindow,
  held_excluded: Type.Integer({ description: 'Scored symbols left out because the portfolio holds them' }),
  items: Type.Array(OpportunitySchema),
})
export type WatchlistOut = Static<typeof WatchlistResponse>
