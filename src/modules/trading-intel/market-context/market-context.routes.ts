/** GET /api/trading-intel/market-context/indices and GET /api/trading-intel/extended-hours. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import type { ExtendedHoursService } from './extended-hours.service.ts'
import type { IndicesService } from './indices.service.ts'
import {
  DEFAULT_MOVERS,
  ExtendedHours,
  ExtendedQuery,
  HELD_SYMBOLS,
  Indices,
  MAX_MOVERS,
  MOST_ACTIVE_SYMBOLS,
} from './market-context.schemas.ts'

const tags = ['trading-intel']

export interface MarketContextServices {
  indices: IndicesService
  extendedHours: ExtendedHoursService
}

export function marketContextRoutes(app: App, deps: MarketContextServices): void {
  indicesRoute(app, deps)
  extendedHoursRoute(app, deps)
}

function indicesRoute(app: App, { indices }: MarketContextServices): void {
  app.get(
    '/api/trading-intel/market-context/indices',
    {
      schema: {
        operationId: 'getMarketIndices',
        summary: 'SPY, QQQ, IWM and the VIX: price, change and percent change',
        description:
          'From the market data provider’s quotes: SPY, QQQ and IWM (broad index funds) and ^VIX (the CBOE ' +
          'volatility index itself, as the provider’s universe names it; an index has no volume, and a vendor ' +
          'without index quotes lists it in `missing`). price = last, change = last − previous_close, ' +
          'change_pct in percent. Cached 60 s for everyone (header `X-Cache: HIT|MISS`). When the provider ' +
          'fails, the last good answer (kept 24 h) is served with stale=true and `X-Cache: STALE`; with none, ' +
          '503 `market_context.unavailable`.',
        examples: {
          200: {
            description: 'The four instruments',
            value: {
              items: [
                {
                  symbol: 'SPY',
                  price: 664.38,
                  change: -1.37,
                  change_pct: -0.2058,
                  previous_close: 665.75,
                  delayed: false,
                  as_of: '2026-11-24T21:00:00.000Z',
                },
              ],
              missing: [],
              fetched_at: '2026-11-24T21:00:00.000Z',
              stale: false,
            },
          },
        },
        tags,
        response: { 200: Indices, ...problems(401, 503) },
      },
    },
    async (_req, reply) => {
      const { value, cache } = await indices.indices()
      return reply.header('x-cache', cache).send(value)
    },
  )
}

function extendedHoursRoute(app: App, { extendedHours }: MarketContextServices): void {
  app.get(
    '/api/trading-intel/extended-hours',
    {
      schema: {
        operationId: 'listExtendedHoursMovers',
        summary: 'Pre- and post-market movers of the tenant’s holdings and the most active symbols',
        description:
          `Symbols: the tenant’s ${HELD_SYMBOLS} largest holdings plus the provider’s ${MOST_ACTIVE_SYMBOLS} most ` +
          'active by volume. From 5-minute extended-session bars (04:00–20:00 New York) of the trading day in ' +
          'progress (from its 04:00 pre-open; before that, the previous trading day): pre_market = last ' +
          'pre-market bar close vs the previous day’s regular close, post_market = last post-market bar close ' +
          'vs the day’s regular close, each with the session’s summed volume; move_pct is the post-market ' +
          'move once it has started, else the pre-market one. Sorted by |move_pct| descending (then symbol); ' +
          `symbols with no extended move are left out; at most \`limit\` (default ${DEFAULT_MOVERS}, max ` +
          `${MAX_MOVERS}). 503 \`market_context.unavailable\` when the provider fails. Administrators may pass ` +
          'tenant_id.',
        examples: {
          query: { limit: 10 },
          200: {
            description: 'Movers by absolute percent move',
            value: {
              trading_date: '2026-11-24',
              session: 'post',
              symbols_considered: 12,
              items: [
                {
                  symbol: 'NVDA',
                  previous_close: 180.1,
                  pre_market: { price: 181.5, change: 1.4, change_pct: 0.7773, volume: 412000 },
                  regular_close: 178.2,
                  post_market: { price: 175.9, change: -2.3, change_pct: -1.2907, volume: 655000 },
                  move_pct: -1.2907,
                },
              ],
            },
          },
        },
        tags,
        querystring: ExtendedQuery,
        response: { 200: ExtendedHours, ...problems(401, 403, 422, 503) },
      },
    },
    (req) => extendedHours.movers(scopeOf(req), req.query),
  )
}
