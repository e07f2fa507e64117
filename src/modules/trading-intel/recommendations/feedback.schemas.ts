import { Type, type Static } from 'typebox'
import { Id, Nullable } from '../../../platform/http/schemas.ts'
import { Action } from './recommendations.schemas.ts'

export const DEFAULT_FEEDBACK_DAYS = 90
export const MAX_FEEDBACK_DAYS = 365
/** Most recommendations one answer evaluates (newest first); `truncated` says when there were more. */
export const FEEDBACK_ROWS_MAX = 5000
/** Most evaluations listed (newest first); the aggregates cover all of them. */
export const FEEDBACK_ITEMS_MAX = 100

export const FeedbackQuery = Type.Object({
  days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_FEEDBACK_DAYS,
      default: DEFAULT_FEEDBACK_DAYS,
      description: `Look-back on created_at, 1–${MAX_FEEDBACK_DAYS} calendar days; default ${DEFAULT_FEEDBACK_DAYS}`,
    }),
  ),
  tenant_id: Type.Optional(Id({ description: 'Administrators only: read another tenant' })),
})
export type FeedbackQueryInput = Static<typeof FeedbackQuery>

const N = Nullable(Type.Number())
const GroupFields = {
  count: Type.Integer({ description: 'Scored calls' }),
  hits: Type.Integer(),
  misses: Type.Integer(),
  scratches: Type.Integer(),
  hit_rate: Nullable(Type.Number({ description: 'hits / count (a scratch is not a hit), 4 decimals' })),
  avg_return_pct: Nullable(Type.Number({ description: 'Mean sign-adjusted return, percent, 4 decimals' })),
  mean_confidence: N,
}
const Group = Type.Object(GroupFields)

const Evaluation = Type.Object({
  id: Type.Integer(),
  symbol: Type.String(),
  action: Action,
  confidence: Type.Number(),
  price_at: N,
  created_at: Type.String({ format: 'date-time' }),
  basis: Nullable(
    Type.Enum(['closed', 'horizon'], { description: 'Scored at its close, or at its horizon day' }),
  ),
  exit_price: N,
  exit_date: Nullable(Type.String({ format: 'date' })),
  return_pct: N,
  outcome: Nullable(Type.Enum(['hit', 'miss', 'scratch'])),
  unscored_reason: Nullable(Type.Enum(['no_reference_price', 'no_bar', 'bars_unavailable'])),
})
export type Evaluation = Static<typeof Evaluation>

export const Feedback = Type.Object({
  since: Type.String({ format: 'date-time' }),
  days: Type.Integer(),
  counts: Type.Object({
    recommendations: Type.Integer({ description: 'Made within the window (at most 5000)' }),
    scored: Type.Integer(),
    scored_at_close: Type.Integer(),
    scored_at_horizon: Type.Integer(),
    pending: Type.Integer({ description: 'Open, horizon day not closed yet' }),
    unscored: Type.Integer(),
  }),
  overall: Group,
  by_action: Type.Object({ buy: Group, sell: Group, hold: Group }),
  buckets: Type.Array(Type.Object({ from: Type.Number(), to: Type.Number(), ...GroupFields }), {
    description: 'Confidence [from, to); the last includes 1.0',
  }),
  calibration: Type.Object({
    brier_score: Nullable(
      Type.Number({ description: 'mean((confidence − hit)²), 4 decimals; null with nothing scored' }),
    ),
    expected_calibration_error: Nullable(
      Type.Number({ description: 'Σ (n_bucket / n) · |mean confidence − hit rate|, 4 decimals' }),
    ),
  }),
  evaluations: Type.Array(Evaluation, { description: `Newest first, at most ${FEEDBACK_ITEMS_MAX}` }),
  evaluations_truncated: Type.Boolean(),
  truncated: Type.Boolean({ description: `More than ${FEEDBACK_ROWS_MAX} recommendations in the window` }),
  degraded: Type.Boolean({
    description: 'Daily bars could not be read: horizon-due calls are unscored (bars_unavailable)',
  }),
})
export type FeedbackOut = Static<typeof Feedback>
