import { Type, type Static } from 'typebox'
import { Id, Nullable } from '../../../platform/http/schemas.ts'
import { HoursParam, SessionsParam, WindowSchema } from '../../../platform/session-window.ts'
import { FLOW_DIRECTIONS } from './lib/classify.ts'

/** Most symbols one detection call takes (one option-chain read each). */
export const MAX_DETECT_SYMBOLS = 25
export const MAX_HOURS = 168
/** Most signals the flow list answers (the stats cover up to STATS_ROWS_MAX of the window). */
export const FLOW_LIST_MAX = 200
export const STATS_ROWS_MAX = 5000

const SYMBOL_PATTERN = '^\\^?[A-Za-z0-9]{1,10}([.-][A-Za-z0-9]{1,5})?$'
const Symbol = Type.String({ pattern: SYMBOL_PATTERN, description: 'Ticker, case-insensitive (AAPL, BRK.B)' })
const Direction = Type.Enum([...FLOW_DIRECTIONS])

export const DetectBody = Type.Object(
  {
    symbols: Type.Array(Symbol, {
      minItems: 1,
      maxItems: MAX_DETECT_SYMBOLS,
      description: `1–${MAX_DETECT_SYMBOLS} tickers (duplicates count once); unknown tickers are a 422 naming them`,
    }),
  },
  { additionalProperties: false },
)
export type DetectInput = Static<typeof DetectBody>

const Evidence = Type.Object({
  put_volume: Type.Number({ description: 'Σ put volume of the expiration' }),
  call_volume: Type.Number({ description: 'Σ call volume of the expiration' }),
  total_volume: Type.Number(),
  put_call_ratio: Nullable(
    Type.Number({ description: 'put_volume / call_volume (6 decimals); null when call volume is 0 (∞)' }),
  ),
  contracts: Type.Integer({ description: 'Contracts that reported a volume (the ones summed)' }),
  expiration: Type.String({ format: 'date' }),
})

export const FlowSignal = Type.Object({
  id: Type.Integer(),
  symbol: Type.String(),
  trading_date: Type.String({
    format: 'date',
    description:
      'The regular session whose volumes were read: the latest that had opened (Friday on a weekend)',
  }),
  direction: Direction,
  confidence: Type.Number({ description: '0.50–0.99, 4 decimals (rule in the operation description)' }),
  evidence: Evidence,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time', description: 'Last re-run of the same day' }),
})
export type FlowSignalOut = Static<typeof FlowSignal>

const Skipped = Type.Object({
  symbol: Type.String(),
  reason: Type.Enum(['low_volume', 'no_volume', 'no_options']),
  put_volume: Type.Number(),
  call_volume: Type.Number(),
  contracts: Type.Integer(),
  expiration: Nullable(Type.String({ format: 'date' })),
})
export type SkippedOut = Static<typeof Skipped>

const Failed = Type.Object({
  symbol: Type.String(),
  code: Type.String({ description: 'e.g. upstream.timeout, upstream.server' }),
  detail: Type.String(),
})
export type FailedOut = Static<typeof Failed>

export const DetectResult = Type.Object({
  trading_date: Type.String({
    format: 'date',
    description: 'The regular session whose volumes were read (the latest that had opened)',
  }),
  signals: Type.Array(FlowSignal, { description: 'Rows written (inserted or updated)' }),
  skipped: Type.Array(Skipped, { description: 'Symbols without a signal, and why' }),
  failed: Type.Array(Failed, { description: 'Symbols whose option chain could not be read' }),
})
export type DetectResultOut = Static<typeof DetectResult>

export const FlowQuery = Type.Object({
  sessions: SessionsParam('the readings whose trading_date is on or after the first of those sessions'),
  hours: HoursParam(MAX_HOURS, 'updated_at (the latest re-run of a reading)'),
  symbol: Type.Optional(Symbol),
  tenant_id: Type.Optional(Id({ description: 'Administrators only: read another tenant' })),
})
export type FlowQueryInput = Static<typeof FlowQuery>

const Summary = Type.Object({
  count: Type.Integer(),
  avg_put_call_ratio: Nullable(Type.Number()),
  avg_confidence: Nullable(Type.Number()),
  symbols: Type.Array(Type.String()),
})

export const FlowList = Type.Object({
  window: WindowSchema(
    'The window’s start: 04:00 New York of from_session_date (every reading of those sessions was taken ' +
      'after it; the rows are matched on trading_date), or now − hours on updated_at',
  ),
  since: Type.String({ format: 'date-time', description: 'Same as window.since' }),
  stats: Type.Object({
    total: Type.Integer(),
    by_direction: Type.Object({
      CALL_DOMINANCE: Type.Integer(),
      PUT_DOMINANCE: Type.Integer(),
      NEUTRAL_FLOW: Type.Integer(),
    }),
    avg_put_call_ratio: Nullable(Type.Number({ description: 'Mean over finite ratios only' })),
    avg_confidence: Nullable(Type.Number()),
  }),
  direction_breakdown: Type.Object({
    CALL_DOMINANCE: Summary,
    PUT_DOMINANCE: Summary,
    NEUTRAL_FLOW: Summary,
  }),
  items: Type.Array(FlowSignal, { description: `Newest first (updated_at, id), at most ${FLOW_LIST_MAX}` }),
  truncated: Type.Boolean({ description: `True when the window holds more signals than the list shows` }),
})
export type FlowListOut = Static<typeof FlowList>
