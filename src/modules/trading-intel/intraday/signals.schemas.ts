/** The stored signal and the read operations: GET /intraday/signals and /intraday/signal-dashboard. */
import { Type, type Static } from 'typebox'
import { Id } from '../../../platform/http/schemas.ts'
import { HoursParam, SessionsParam, WindowSchema } from '../../../platform/session-window.ts'
import { DETECTORS } from './lib/types.ts'

export const SYMBOL_PATTERN = '^[A-Za-z0-9.\\-^]{1,16}$'
export const Symbol = (description: string) => Type.String({ pattern: SYMBOL_PATTERN, description })

export const MAX_HOURS = 720
export const MAX_SIGNALS = 500
export const DEFAULT_SIGNALS = 100
export const MAX_DASHBOARD_SIGNALS = 1000

const tenantId = Type.Optional(Id({ description: 'Administrators only: read another tenant' }))
const hours = HoursParam(MAX_HOURS, "the trigger bar's start")
const sessions = SessionsParam('signals of those session dates, pre- and post-market included')

/** Which window a read covered: `sessions` (and its first session date) or `hours`, and its start. */
export const Window = WindowSchema(
  'Trigger bars starting at or after this instant (04:00 New York of from_session_date, or now − hours)',
)
export type Window = Static<typeof Window>

export const SignalsQuery = Type.Object({
  symbol: Type.Optional(Symbol('Only this symbol (case-insensitive)')),
  sessions,
  hours,
  limit: Type.Integer({
    minimum: 1,
    maximum: MAX_SIGNALS,
    default: DEFAULT_SIGNALS,
    description: `At most this many (default ${DEFAULT_SIGNALS}, at most ${MAX_SIGNALS})`,
  }),
  tenant_id: tenantId,
})
export type SignalsQuery = Static<typeof SignalsQuery>

export const DashboardQuery = Type.Object({
  symbol: Type.Optional(Symbol('Only this symbol (case-insensitive)')),
  sessions,
  hours,
  tenant_id: tenantId,
})
export type DashboardQuery = Static<typeof DashboardQuery>

const Evidence = Type.Record(
  Type.String(),
  Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Null()]),
  {
    description: 'The numbers that justify the signal (per setup: see the operation description)',
  },
)

export const Signal = Type.Object({
  id: Type.Integer(),
  symbol: Type.String(),
  setup: Type.Enum([...DETECTORS]),
  direction: Type.Enum(['long', 'short']),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  price: Type.Number({ description: 'Close of the trigger bar (the open for a gap)' }),
  trigger_time: Type.String({ format: 'date-time', description: 'Start of the bar that triggers it' }),
  session_date: Type.String({ format: 'date' }),
  session: Type.Enum(['REGULAR', 'PRE', 'POST', 'EXTENDED']),
  interval: Type.Enum(['1m', '5m', '15m']),
  evidence: Evidence,
  created_at: Type.String({ format: 'date-time', description: 'When it was first detected' }),
})
export type Signal = Static<typeof Signal>

export const SignalList = Type.Object({
  window: Window,
  items: Type.Array(Signal, { description: 'Newest trigger first (then id)' }),
})
export type SignalList = Static<typeof SignalList>

const Split = {
  long: Type.Integer({ minimum: 0 }),
  short: Type.Integer({ minimum: 0 }),
}

export const Dashboard = Type.Object({
  window: Window,
  stats: Type.Object({
    total: Type.Integer({ minimum: 0 }),
    by_direction: Type.Object(Split),
    avg_confidence: Type.Union([Type.Number(), Type.Null()], { description: 'null without signals' }),
    symbols: Type.Integer({ minimum: 0, description: 'Distinct symbols with a signal' }),
  }),
  setup_breakdown: Type.Array(
    Type.Object({
      setup: Type.Enum([...DETECTORS]),
      count: Type.Integer({ minimum: 0 }),
      avg_confidence: Type.Number(),
      ...Split,
    }),
    { description: 'Setups with at least one signal, most signals first (then name)' },
  ),
  signals: Type.Array(Signal, {
    description: `Every signal of the window, newest trigger first (at most ${MAX_DASHBOARD_SIGNALS})`,
  }),
})
export type Dashboard = Static<typeof Dashboard>
