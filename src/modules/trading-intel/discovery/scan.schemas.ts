/** Request and response schemas of the discovery scan and its result feed. */
import { Type, type Static } from 'typebox'
import { Id, Text } from '../../../platform/http/schemas.ts'
import {
  DEFAULT_SESSIONS,
  HoursParam,
  MAX_SESSIONS,
  SessionsParam,
  WindowSchema,
} from '../../../platform/session-window.ts'
import { SCAN_TYPES } from './lib/scans.ts'

export const UNIVERSES = ['all', 'sp500', 'free', 'watchlist'] as const
export const DEFAULT_SCAN_LIMIT = 25
export const MAX_SCAN_LIMIT = 100
export const DEFAULT_FEED_LIMIT = 50
export const MAX_FEED_LIMIT = 500
/** 30 days: the most a wall-clock `hours` window reaches back. */
export const MAX_HOURS = 720

export const UniverseSchema = Type.Enum([...UNIVERSES], {
  description:
    'all: the market data provider universe (indices left out: no volume); sp500: the S&P 500 ' +
    'constituent list the provider knows; free: the free-feed universe; watchlist: the ' +
    "caller's portfolio holdings (until watchlists exist)",
})
export const ScanTypeSchema = Type.Enum([...SCAN_TYPES])
export const SortDir = Type.Enum(['asc', 'desc'], { description: 'Default desc' })
const SymbolFilter = Text({
  minLength: 1,
  maxLength: 16,
  description: 'Substring of the symbol, case-insensitive',
})
/** The feed's and the recompute's window over the results: sessions by default, or wall-clock hours. */
export const ResultSessions = SessionsParam(
  'the results whose latest scan (updated_at) is at or after 04:00 New York of the first of those session dates',
)
export const ResultHours = HoursParam(MAX_HOURS, 'updated_at (the latest scan that found a result)')
/**
 * The window rule of a discovery read, for its OpenAPI description: `rows` are what it lists
 * ("results"), `on` the time column compared with the window's start.
 */
export const windowText = (rows: string, on: string) =>
  `The window is in trading sessions, so Friday’s ${rows} stay in it over the weekend: by default ` +
  `(\`sessions\` ${DEFAULT_SESSIONS}) the latest session, the regular session that opened last (09:30 New ` +
  'York; on a Saturday, a holiday or before Monday’s open, Friday’s), and `sessions`=N (at most ' +
  `${MAX_SESSIONS}) adds the N−1 trading days before it; one of the ${rows} belongs to it when its ${on} is ` +
  'at or after 04:00 New York of the first of those dates. `hours` (1–' +
  `${MAX_HOURS}) instead asks for a wall-clock look-back on ${on}; giving both is a 422. \`window\` says ` +
  'which one was used and where it starts. '

/** The `window` of an answer over scanner results. */
export const ResultWindow = WindowSchema(
  'Results whose latest scan (updated_at) is at or after this instant: 04:00 New York of ' +
    'from_session_date, or now − hours',
)
export const TenantIdQuery = Id({ description: 'Administrators only: read another tenant' })

export const ScanBody = Type.Object(
  {
    universe: UniverseSchema,
    scan_type: ScanTypeSchema,
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_SCAN_LIMIT,
        description: `Top results kept and stored, 1–${MAX_SCAN_LIMIT}; default ${DEFAULT_SCAN_LIMIT}`,
      }),
    ),
  },
  { additionalProperties: false },
)
export type ScanBodyInput = Static<typeof ScanBody>

export const ResultSchema = Type.Object({
  id: Type.Integer(),
  symbol: Type.String(),
  universe: Type.String(),
  scan_type: Type.String(),
  trading_date: Type.String({ format: 'date', description: 'New York date of the session scanned' }),
  score: Type.Number({ description: 'The ranking figure of the scan type (see the scan operation)' }),
  direction: Type.Enum(['up', 'down']),
  price: Type.Number({ description: 'Last close of the session when scanned' }),
  change_pct: Type.Union([Type.Number(), Type.Null()], {
    description: 'Close-to-close change of the session, percent',
  }),
  evidence: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Null()]), {
    description: 'The numbers the rule read (gap_pct, rvol, z, rsi, prior_high, …)',
  }),
  created_at: Type.String({ format: 'date-time', description: 'First found' }),
  updated_at: Type.String({ format: 'date-time', description: 'Last re-scan that found it' }),
})
export type ResultOut = Static<typeof ResultSchema>

export const ScanResponse = Type.Object({
  universe: Type.String(),
  scan_type: Type.String(),
  scanned: Type.Integer({ description: 'Symbols of the universe with bars' }),
  matched: Type.Integer({ description: 'Symbols that met the rule (before the limit)' }),
  results: Type.Array(ResultSchema),
})
export type ScanOut = Static<typeof ScanResponse>

export const RESULT_SORTS = [
  'score',
  'created_at',
  'updated_at',
  'symbol',
  'change_pct',
  'trading_date',
] as const
export type ResultSort = (typeof RESULT_SORTS)[number]

export const FeedQuery = Type.Object({
  scan_type: Type.Optional(ScanTypeSchema),
  universe: Type.Optional(UniverseSchema),
  sessions: ResultSessions,
  hours: ResultHours,
  symbol: Type.Optional(SymbolFilter),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_FEED_LIMIT,
      description: `Results listed, 1–${MAX_FEED_LIMIT}; default ${DEFAULT_FEED_LIMIT}`,
    }),
  ),
  sort_by: Type.Optional(Type.Enum([...RESULT_SORTS], { description: 'Default score' })),
  sort_dir: Type.Optional(SortDir),
  tenant_id: Type.Optional(TenantIdQuery),
})
export type FeedQueryInput = Static<typeof FeedQuery>

export const BreakdownSchema = Type.Object({
  scan_type: Type.String(),
  count: Type.Integer(),
  avg_score: Type.Number(),
  top_symbol: Type.String({ description: 'Highest score (ties: alphabetical)' }),
  top_score: Type.Number(),
})

export const FeedResponse = Type.Object({
  window: ResultWindow,
  stats: Type.Object({
    total: Type.Integer({ description: 'Results matching the filters (before the limit)' }),
    symbols: Type.Integer({ description: 'Distinct symbols among them' }),
    by_scan_type: Type.Record(Type.String(), Type.Integer()),
    last_scan_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
  scan_breakdown: Type.Array(BreakdownSchema),
  results: Type.Array(ResultSchema),
})
export type FeedOut = Static<typeof FeedResponse>
export type Breakdown = Static<typeof BreakdownSchema>
