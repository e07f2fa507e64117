/**
 * The stock-screener surface, /api/trading-intel/stock-screener: the same engine and snapshot as
 * /api/screener, the catalog in its own shape (`metrics`) and its own saved set. POST /build lives in
 * the natural-language routes.
 */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import type { Screener } from './index.ts'
import { runSchema, savedRoutes } from './screener.routes.ts'
import * as S from './screener.schemas.ts'
import { METRICS_EXAMPLE } from './screener.examples.ts'

export const STOCK_SCREENER_BASE = '/api/trading-intel/stock-screener'

export function stockScreenerRoutes(app: App, api: Screener): void {
  const base = STOCK_SCREENER_BASE
  app.get(
    `${base}/metrics`,
    {
      schema: {
        operationId: 'stockScreenerMetrics',
        summary: 'The stock screener’s metrics (the screener catalog)',
        description:
          'The screener’s field catalog as metrics: key, name, category, data type, unit, definition, source, the ' +
          'source’s freshness (as_of; null when not available or computed per request) and the operators allowed.',
        tags: ['stock-screener'],
        examples: { 200: { description: 'The metrics and their sources', value: METRICS_EXAMPLE } },
        response: { 200: S.MetricsResponse, ...problems(401, 503) },
      },
    },
    () => api.catalog.metrics(),
  )
  app.post(
    `${base}/run`,
    { schema: { ...runSchema('stockScreenerRun', 'Run a stock screen'), tags: ['stock-screener'] } },
    (req) => api.runs.run(scopeOf(req), req.body),
  )
  savedRoutes(app, api, base, 'stock_screener', 'StockScreen')
}
