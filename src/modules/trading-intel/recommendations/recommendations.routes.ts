/** /api/trading-intel/recommendations: list, create (manual), get and close (unlisted). */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { HOLD_BAND_PCT, SCRATCH_BAND_PCT } from './lib/outcome.ts'
import { EXAMPLE_CLOSED, EXAMPLE_REC } from './recommendations.examples.ts'
import {
  CloseBody,
  CreateBody,
  DEFAULT_HORIZON_DAYS,
  IdParams,
  ListQuery,
  Recommendation,
  RecommendationPage,
} from './recommendations.schemas.ts'
import type { RecommendationsService } from './recommendations.service.ts'

const tags = ['trading-intel']
const BASE = '/api/trading-intel/recommendations'

export const OUTCOME_RULES =
  `return_pct = (exit / price_at − 1) × 100 for buy and hold, its negative for sell (4 decimals). ` +
  `buy/sell: hit when return_pct > ${SCRATCH_BAND_PCT}, miss when < −${SCRATCH_BAND_PCT}, otherwise scratch ` +
  `(the band is inclusive). hold: hit when |return_pct| ≤ ${HOLD_BAND_PCT}, else miss. A recommendation ` +
  `without price_at closes with return_pct and outcome null.`

export function recommendationsRoutes(app: App, { recs }: { recs: RecommendationsService }): void {
  app.get(
    BASE,
    {
      schema: {
        operationId: 'listRecommendations',
        summary: "The tenant's recommendations, newest first",
        description:
          'Recommendations recorded by the investment committee (promotion), market research or by hand, ' +
          'newest first (by id), paged (page_size 25/50/100, default 25; cursor). Filters: status, symbol, ' +
          'origin, min_confidence (inclusive). They are the ALERT (confidence ≥ 0.80) / SIGNAL items of the ' +
          'intel feed. Administrators may pass tenant_id.',
        examples: {
          query: { status: 'open', min_confidence: 0.8 },
          200: {
            description: 'One page',
            value: { items: [EXAMPLE_REC], next_cursor: null, page: 1, page_size: 25 },
          },
        },
        tags,
        querystring: ListQuery,
        response: { 200: RecommendationPage, ...problems(401, 403, 422) },
      },
    },
    (req) => recs.list(scopeOf(req), req.query),
  )
  createRoute(app, recs)
  app.get(
    `${BASE}/:id`,
    {
      schema: {
        operationId: 'getRecommendation',
        summary: 'One recommendation, with its outcome once closed',
        description: "Unknown ids and other tenants' recommendations answer 404 recommendations.not_found.",
        examples: { params: { id: 7 }, 200: { description: 'A closed call', value: EXAMPLE_CLOSED } },
        tags,
        params: IdParams,
        response: { 200: Recommendation, ...problems(401, 404, 422) },
      },
    },
    (req) => recs.get(scopeOf(req), req.params.id),
  )
  closeRoute(app, recs)
}

function createRoute(app: App, recs: RecommendationsService): void {
  app.post(
    BASE,
    {
      schema: {
        operationId: 'createRecommendation',
        summary: 'Record a manual recommendation',
        description:
          `A call made by hand (origin manual). price_at defaults to the current quote (null when the quote ` +
          `cannot be read: such a call is listed but never scored); horizon_days (trading days) defaults to ` +
          `${DEFAULT_HORIZON_DAYS}. origin_ref is an idempotency key: the same key answers the stored row ` +
          `with 200 (the first call's values stand); a new one 201. Without it every call creates a row.`,
        examples: {
          body: {
            symbol: 'AAPL',
            action: 'buy',
            confidence: 0.7,
            rationale: 'Earnings beat',
            price_at: 189.2,
          },
          200: {
            description: 'Already recorded under this origin_ref: the stored call',
            value: { ...EXAMPLE_REC, origin: 'manual', origin_ref: 'manual-1' },
          },
          201: {
            description: 'Recorded',
            value: { ...EXAMPLE_REC, origin: 'manual', origin_ref: 'manual-1' },
          },
        },
        tags,
        body: CreateBody,
        response: { 200: Recommendation, 201: Recommendation, ...problems(401, 422) },
      },
    },
    async (req, reply) => {
      const r = await recs.create(scopeOf(req), req.body)
      return reply.code(r.created ? 201 : 200).send(r.recommendation)
    },
  )
}

function closeRoute(app: App, recs: RecommendationsService): void {
  app.post(
    `${BASE}/:id/close`,
    {
      schema: {
        operationId: 'closeRecommendation',
        summary: 'Close a recommendation and record how it played out',
        description:
          `open → closed, once. The exit is exit_price, else the current quote (422 recommendations field ` +
          `exit_price "no_quote" when the provider has none; 502 upstream.<kind> when it cannot be read). ` +
          `${OUTCOME_RULES} Closing a closed recommendation is a 409 recommendations.already_closed whose body ` +
          `carries the stored recommendation (the first close stands; an outcome is never rewritten). ` +
          `Unknown or another tenant's → 404.`,
        examples: {
          params: { id: 7 },
          body: { exit_price: 196.5, note: 'target reached' },
          200: { description: 'Closed', value: EXAMPLE_CLOSED },
        },
        tags,
        params: IdParams,
        body: CloseBody,
        response: { 200: Recommendation, ...problems(401, 404, 409, 422, 502) },
      },
    },
    (req) => recs.close(scopeOf(req), req.params.id, req.body ?? {}),
  )
}
