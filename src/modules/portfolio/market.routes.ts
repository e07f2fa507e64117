/** POST /api/market/refresh (spec §4.14). */
import { Type } from 'typebox'
import type { App } from '../../app/types.ts'
import { scopeOf } from '../../platform/auth/authenticate.ts'
import { problems } from '../../platform/http/problem.ts'
import type { MarketRefreshService } from './market.service.ts'

const Query = Type.Object({
  symbols: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9.\\-^]{1,16}(,[A-Za-z0-9.\\-^]{1,16}){0,199}$',
      description: 'Comma-separated; default: every held symbol',
    }),
  ),
})
const Result = Type.Object({
  as_of: Type.String({ format: 'date', description: 'The snapshot date written (New York)' }),
  updated: Type.Integer({ description: 'Snapshot rows written' }),
  prices: Type.Array(Type.Object({ symbol: Type.String(), price: Type.Number() })),
  missing: Type.Array(Type.String(), { description: 'Requested symbols not held or not priced' }),
  degraded: Type.Boolean({ description: 'True when market data was unavailable; nothing was written' }),
  reason: Type.Optional(Type.String()),
})

export function marketRoutes(app: App, { market }: { market: MarketRefreshService }): void {
  app.post(
    '/api/market/refresh',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        operationId: 'refreshMarketPrices',
        summary: "Price the caller's holdings now and write today's snapshots",
        tags: ['analytics'],
        querystring: Query,
        response: { 200: Result, ...problems(401, 422, 429) },
      },
    },
    (req) => market.refresh(scopeOf(req), req.query.symbols?.toUpperCase().split(',')),
  )
}
