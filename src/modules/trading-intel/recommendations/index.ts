/**
 * Recommendations: buy/sell/hold calls recorded by the investment committee,
 * market research or by hand, closed once with an outcome; the ALERT/SIGNAL source of the intel
 * feed; and GET /feedback, how past calls played out against their confidence. See README.md.
 */
import type { FeedQuery, FeedRow } from '../../../platform/feed-row.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import { feedbackRoutes } from './feedback.routes.ts'
import { FeedbackService } from './feedback.service.ts'
import * as m0018 from './migrations/0018_recommendations.ts'
import type { RecommendationInput } from './lib/input.ts'
import { RECOMMENDATION_TABLES } from './recommendations.tables.ts'
import { recommendationsRoutes } from './recommendations.routes.ts'
import type { RecommendationView } from './recommendations.schemas.ts'
import { RecommendationsService } from './recommendations.service.ts'
import { recommendationsSweep } from './recommendations.sweep.ts'

export type { RecommendationInput } from './lib/input.ts'
export type { RecommendationView } from './recommendations.schemas.ts'
export { RecommendationsService } from './recommendations.service.ts'

export interface Recommendations {
  recs: RecommendationsService
  feedback: FeedbackService
  /** Idempotent on (tenant, origin, origin_ref): a second call returns the stored row with created=false. */
  record(
    tenantId: number,
    input: RecommendationInput,
  ): Promise<{ recommendation: RecommendationView; created: boolean }>
  /** Open recommendations, newest first, at most `limit`. */
  open(tenantId: number, limit: number): Promise<RecommendationView[]>
  /** The intel-feed source contract (FeedRow/FeedQuery of src/platform/feed-row.ts). */
  feedItems(tenantId: number, q: FeedQuery): Promise<FeedRow[]>
}

function createRecommendations(ctx: ModuleContext): Recommendations {
  const recs = new RecommendationsService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    market: ctx.providers.market,
  })
  const feedback = new FeedbackService({ scopes: ctx.scopes, clock: ctx.clock, market: ctx.providers.market })
  return {
    recs,
    feedback,
    record: (t, i) => recs.record(t, i),
    open: (t, limit) => recs.open(t, limit),
    feedItems: (t, q) => recs.feedItems(t, q),
  }
}

export const recommendationsModule = defineModule({
  name: 'recommendations',
  key: 'recommendations',
  needs: {},
  tables: RECOMMENDATION_TABLES,
  migrations: [['0018_recommendations', m0018]],
  build: createRecommendations,
  routes: (app, api: Recommendations) => {
    recommendationsRoutes(app, api)
    feedbackRoutes(app, api)
  },
  sweep: recommendationsSweep,
})
