/** POST /api/market/refresh. */
import { Type } from 'typebox'
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import type { MarketRefreshService } from './market-refresh.service.ts'

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

export function marketRefreshRoutes(
  app: App,
  { marketRefresh }: { marketRefresh: MarketRefreshService },
): void {
  app.post(
    '/api/market/refresh',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        operationId: 'refreshMarketPrices',
        summary: "Price the caller's holdings now and write today's snapshots",
        description:
          "Prices the caller's current holdings (or only the listed symbols among them) at the latest quote and " +
          "writes today's priced snapshot of each, which unrealized P&L and AUM read. Symbols not held or not " +
          'priced are listed in missing. When market data is unavailable the answer is 200 with degraded=true ' +
          'and nothing is written. Archived accounts (closed, or their broker disconnected) are not priced. At ' +
          'most 30 calls a minute (429).',
        examples: {
          query: { symbols: 'AAPL,MSFT' },
          200: {
            description: 'What was priced and written',
            value: {
              as_of: '2026-11-24',
              updated: 2,
              prices: [
                { symbol: 'AAPL', price: 300.7 },
                { symbol: 'MSFT', price: 329.51 },
              ],
              missing: [],
              degraded: false,
            },
          },
        },
        tags: ['analytics'],
        querystring: Query,
        response: { 200: Result, ...problems(401, 422, 429) },
      },
    },
    (req) => marketRefresh.refresh(scopeOf(req), req.query.symbols?.toUpperCase().split(',')),
  )
}
