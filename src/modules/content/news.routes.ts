/** GET /api/news/feed, /api/news/market, /api/news/ticker/{symbol} (spec §4.15). */
import type { App } from '../../app/types.ts'
import { problems } from '../../platform/http/problem.ts'
import { FeedQuery, MarketQuery, NewsPage, TickerParams, TickerQuery } from './news.schemas.ts'
import type { NewsService } from './news.service.ts'

const errors = problems(401, 422, 502)

export function newsRoutes(app: App, { news }: { news: NewsService }): void {
  app.get(
    '/api/news/feed',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getNewsFeed',
        summary: 'Ticker news of the symbols merged with general market news, newest first',
        tags: ['news'],
        querystring: FeedQuery,
        response: { 200: NewsPage, ...errors },
      },
    },
    (req) => news.feed(req.query.symbols?.split(','), req.query),
  )
  app.get(
    '/api/news/market',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getMarketNews',
        summary: 'General market news (no symbol), newest first',
        tags: ['news'],
        querystring: MarketQuery,
        response: { 200: NewsPage, ...errors },
      },
    },
    (req) => news.market(req.query.category, req.query),
  )
  app.get(
    '/api/news/ticker/:symbol',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getTickerNews',
        summary: 'News of one ticker, newest first',
        tags: ['news'],
        params: TickerParams,
        querystring: TickerQuery,
        response: { 200: NewsPage, ...errors },
      },
    },
    (req) => news.ticker(req.params.symbol, req.query.since, req.query),
  )
}
