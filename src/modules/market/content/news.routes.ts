/** GET /api/news/feed, /api/news/market, /api/news/ticker/{symbol}. */
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { FeedQuery, MarketQuery, NewsPage, TickerParams, TickerQuery } from './news.schemas.ts'
import type { NewsService } from './news.service.ts'

const errors = problems(401, 422, 502)

export function newsRoutes(app: App, deps: { news: NewsService }): void {
  getNewsFeedRoute(app, deps)
  getMarketNewsRoute(app, deps)
  getTickerNewsRoute(app, deps)
}

function getNewsFeedRoute(app: App, { news }: { news: NewsService }): void {
  app.get(
    '/api/news/feed',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getNewsFeed',
        summary: 'Ticker news of the symbols merged with general market news, newest first',
        description:
          'News of the listed tickers merged with general market news (only general news without symbols), ' +
          'newest first, de-duplicated; it covers the last 30 days and is cached 60 s. A cursor pins the walk, ' +
          'so news published meanwhile neither shifts nor repeats pages. A provider failure answers 502.',
        examples: {
          query: { symbols: 'AAPL,MSFT', page_size: 25 },
          200: {
            description: 'A page of news, newest first',
            value: {
              items: [
                {
                  id: 'sim-1d8235b781e799',
                  symbols: ['AAPL'],
                  headline: 'Apple Inc. unveils next-generation data-center products',
                  summary:
                    'Apple Inc. showed the new version of its data-center products at an event on Wednesday, promising 24% better efficiency for customers.',
                  source: 'Global Finance Daily',
                  url: 'https://news.sextant.invalid/company/sim-1d8235b781e799',
                  category: 'company',
                  published_at: '2026-11-24T19:57:00.000Z',
                },
              ],
              next_cursor:
                'eyJ2IjoxLCJrIjpbIjIwMjYtMTEtMjJUMDA6MTg6MDAuMDAwWiIsInNpbS0xNjRmZGVkYTgxYThmOSJdLCJwIjoyLCJzIjoyNX0',
              page: 1,
              page_size: 25,
            },
          },
        },
        tags: ['news'],
        querystring: FeedQuery,
        response: { 200: NewsPage, ...errors },
      },
    },
    (req) => news.feed(req.query.symbols?.split(','), req.query),
  )
}

function getMarketNewsRoute(app: App, { news }: { news: NewsService }): void {
  app.get(
    '/api/news/market',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getMarketNews',
        summary: 'General market news (no symbol), newest first',
        description:
          'General market news (not about one ticker), newest first, optionally of one category; the last 30 ' +
          'days, cached 60 s. Paginated by cursor like the feed. A provider failure answers 502.',
        examples: {
          query: { category: 'general', page_size: 25 },
          200: {
            description: 'A page of market news',
            value: {
              items: [
                {
                  id: 'sim-019a82d6562c36',
                  symbols: [],
                  headline: 'Consumer prices rise 0.4% on the month',
                  summary:
                    'The consumer price index rose 0.4% from the prior month; core inflation came in at 2.7% year over year.',
                  source: 'The Tape',
                  url: 'https://news.sextant.invalid/general/sim-019a82d6562c36',
                  category: 'general',
                  published_at: '2026-11-24T13:30:00.000Z',
                },
              ],
              next_cursor: null,
              page: 1,
              page_size: 25,
            },
          },
        },
        tags: ['news'],
        querystring: MarketQuery,
        response: { 200: NewsPage, ...errors },
      },
    },
    (req) => news.market(req.query.category, req.query),
  )
}

function getTickerNewsRoute(app: App, { news }: { news: NewsService }): void {
  app.get(
    '/api/news/ticker/:symbol',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getTickerNews',
        summary: 'News of one ticker, newest first',
        description:
          'News of one ticker, newest first; with since, only news published strictly later (for polling). ' +
          'The last 30 days, cached 60 s; paginated by cursor. A provider failure answers 502.',
        examples: {
          params: { symbol: 'AAPL' },
          query: { since: '2026-11-20T00:00:00Z' },
          200: {
            description: 'A page of the ticker’s news',
            value: {
              items: [
                {
                  id: 'sim-0e875264fd2dff',
                  symbols: ['AAPL'],
                  headline: 'Apple Inc. raises quarterly dividend by 5%',
                  summary: 'Apple Inc. lifted its quarterly dividend, reflecting strong free cash flow.',
                  source: 'Sextant Newswire',
                  url: 'https://news.sextant.invalid/company/sim-0e875264fd2dff',
                  category: 'company',
                  published_at: '2026-11-20T14:29:00.000Z',
                },
              ],
              next_cursor: null,
              page: 1,
              page_size: 25,
            },
          },
        },
        tags: ['news'],
        params: TickerParams,
        querystring: TickerQuery,
        response: { 200: NewsPage, ...errors },
      },
    },
    (req) => news.ticker(req.params.symbol, req.query.since, req.query),
  )
}
