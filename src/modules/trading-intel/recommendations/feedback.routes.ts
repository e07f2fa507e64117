/** GET /api/trading-intel/feedback: recommendations compared with realized outcomes. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { BUCKET_EDGES } from './lib/feedback.ts'
import { DEFAULT_FEEDBACK_DAYS, Feedback, FeedbackQuery, MAX_FEEDBACK_DAYS } from './feedback.schemas.ts'
import type { FeedbackService } from './feedback.service.ts'
import { OUTCOME_RULES } from './recommendations.routes.ts'

const DESCRIPTION =
  `The recommendations made within the last \`days\` (default ${DEFAULT_FEEDBACK_DAYS}, at most ` +
  `${MAX_FEEDBACK_DAYS}; on created_at), each scored against what happened. A closed call is scored at its ` +
  `close (exit_price). An open call whose horizon has passed — its horizon day is the horizon_days-th ` +
  `trading day after the New York date it was made, and that day's regular session has closed — is scored ` +
  `at that day's daily close (basis horizon); an open call before then is pending (counted, not scored). A ` +
  `call without price_at is unscored (no_reference_price), as is one whose horizon day has no daily bar ` +
  `(no_bar). ${OUTCOME_RULES} Aggregates over the scored calls: hit_rate = hits / scored (a scratch is not ` +
  `a hit), avg_return_pct the mean return, mean_confidence; overall, per action and per confidence bucket ` +
  `(edges ${BUCKET_EDGES.join(', ')}: [from, to), the last bucket includes 1.0; every bucket is listed, empty ` +
  `ones with null rates). Calibration: brier_score = mean((confidence − hit)²) with hit 1 for a hit and 0 ` +
  `otherwise (0 is perfect; a constant 0.5 scores 0.25), expected_calibration_error = Σ over non-empty ` +
  `buckets of (n_bucket / n) · |mean confidence − hit rate|. Figures are rounded to 4 decimals. When the ` +
  `daily bars cannot be read the answer is still 200, flagged degraded, and the horizon-due calls are ` +
  `unscored (bars_unavailable). At most 5000 calls are evaluated (newest first; truncated says when there ` +
  `were more) and 100 evaluations listed. Administrators may pass tenant_id.`

const EXAMPLE_GROUP = {
  count: 4,
  hits: 2,
  misses: 1,
  scratches: 1,
  hit_rate: 0.5,
  avg_return_pct: 0.8,
  mean_confidence: 0.75,
}

export function feedbackRoutes(app: App, { feedback }: { feedback: FeedbackService }): void {
  app.get(
    '/api/trading-intel/feedback',
    {
      schema: {
        operationId: 'getRecommendationFeedback',
        summary: 'How past recommendations played out: hit rate, returns per confidence bucket, calibration',
        description: DESCRIPTION,
        examples: {
          query: { days: 90 },
          200: {
            description: 'Four scored calls',
            value: {
              since: '2026-08-27T15:00:00.000Z',
              days: 90,
              counts: {
                recommendations: 5,
                scored: 4,
                scored_at_close: 3,
                scored_at_horizon: 1,
                pending: 1,
                unscored: 0,
              },
              overall: EXAMPLE_GROUP,
              by_action: {
                buy: EXAMPLE_GROUP,
                sell: {
                  ...EXAMPLE_GROUP,
                  count: 0,
                  hits: 0,
                  misses: 0,
                  scratches: 0,
                  hit_rate: null,
                  avg_return_pct: null,
                  mean_confidence: null,
                },
                hold: {
                  ...EXAMPLE_GROUP,
                  count: 0,
                  hits: 0,
                  misses: 0,
                  scratches: 0,
                  hit_rate: null,
                  avg_return_pct: null,
                  mean_confidence: null,
                },
              },
              buckets: [],
              calibration: { brier_score: 0.335, expected_calibration_error: 0.25 },
              evaluations: [],
              evaluations_truncated: false,
              truncated: false,
              degraded: false,
            },
          },
        },
        tags: ['trading-intel'],
        querystring: FeedbackQuery,
        response: { 200: Feedback, ...problems(401, 403, 422) },
      },
    },
    (req) => feedback.feedback(scopeOf(req), req.query),
  )
}
