/** GET /api/quotes/{symbol} and GET /api/bars/{symbol}. */
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { BarsQuery, BarsSchema, QuoteSchema, SymbolParams } from './quotes.schemas.ts'
import type { QuotesService } from './quotes.service.ts'

export function quotesRoutes(app: App, deps: { quotes: QuotesService }): void {
  getQuoteRoute(app, deps)
  getBarsRoute(app, deps)
}

function getQuoteRoute(app: App, { quotes }: { quotes: QuotesService }): void {
  app.get(
    '/api/quotes/:symbol',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getQuote',
        summary: 'Latest quote of one symbol',
        description:
          'Last price, bid/ask, session volume and change against the previous close (delayed=true when the ' +
          'provider is not real time). While the session trades (from the open to the post-market close) ' +
          'the quote is as of now; outside it (pre-market, nights, weekends, NYSE holidays) it is the last ' +
          'close: `as_of` is that session’s close (16:00 New York, 13:00 on an early close), ' +
          '`session_date` its date, and `bid`/`ask` are null. `market_status` is the NYSE session at the ' +
          'time of the request. 404 `market.unknown_symbol` when the provider does not cover the symbol, ' +
          'with `suggestion` when it knows the ticker spelled another way (BRK.B for BRK-B or BRKB: share ' +
          'classes are written with a dot); 502 when it fails.',
        examples: {
          params: { symbol: 'AAPL' },
          200: {
            description:
              'A quote asked after the session of 2026-11-24 closed: its close, without bid or ask',
            value: {
              symbol: 'AAPL',
              last: 300.7,
              bid: null,
              ask: null,
              volume: 85773483,
              change: -9.06,
              change_pct: -2.9248,
              previous_close: 309.76,
              delayed: false,
              as_of: '2026-11-24T21:00:00.000Z',
              session_date: '2026-11-24',
              market_status: 'closed',
            },
          },
        },
        tags: ['market-data'],
        params: SymbolParams,
        response: { 200: QuoteSchema, ...problems(401, 404, 422, 502) },
      },
    },
    (req) => quotes.quote(req.params.symbol),
  )
}

function getBarsRoute(app: App, { quotes }: { quotes: QuotesService }): void {
  app.get(
    '/api/bars/:symbol',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getBars',
        summary: 'Price bars of one symbol, oldest first',
        description:
          'The most recent `limit` bars of `interval` (intraday bars cover the regular session). ' +
          'A series rather than a page, so `limit` goes to 1000. 404 `market.unknown_symbol` ' +
          'when the provider does not cover the symbol (with `suggestion`, as for quotes).',
        examples: {
          params: { symbol: 'AAPL' },
          query: { interval: '1d', limit: 2 },
          200: {
            description: 'The most recent bars, oldest first',
            value: {
              symbol: 'AAPL',
              interval: '1d',
              items: [
                {
                  time: '2026-11-23T05:00:00.000Z',
                  open: 309.6,
                  high: 311.83,
                  low: 307.96,
                  close: 309.76,
                  volume: 40141849,
                  vwap: null,
                },
                {
                  time: '2026-11-24T05:00:00.000Z',
                  open: 307.08,
                  high: 309.53,
                  low: 300.57,
                  close: 300.7,
                  volume: 85773483,
                  vwap: null,
                },
              ],
            },
          },
        },
        tags: ['market-data'],
        params: SymbolParams,
        querystring: BarsQuery,
        response: { 200: BarsSchema, ...problems(401, 404, 422, 502) },
      },
    },
    (req) => quotes.bars(req.params.symbol, req.query.interval ?? '1d', req.query.limit ?? 100),
  )
}
