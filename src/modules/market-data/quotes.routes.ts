/** GET /api/quotes/{symbol} and GET /api/bars/{symbol} (spec §4.15). */
import type { App } from '../../app/types.ts'
import { problems } from '../../platform/http/problem.ts'
import { BarsQuery, BarsSchema, QuoteSchema, SymbolParams } from './quotes.schemas.ts'
import type { QuotesService } from './quotes.service.ts'

export function quotesRoutes(app: App, { quotes }: { quotes: QuotesService }): void {
  app.get(
    '/api/quotes/:symbol',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getQuote',
        summary: 'Latest quote of one symbol',
        description: '404 `market.unknown_symbol` when the market data provider does not cover the symbol.',
        tags: ['market-data'],
        params: SymbolParams,
        response: { 200: QuoteSchema, ...problems(401, 404, 422, 502) },
      },
    },
    (req) => quotes.quote(req.params.symbol),
  )

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
          'when the provider does not cover the symbol.',
        tags: ['market-data'],
        params: SymbolParams,
        querystring: BarsQuery,
        response: { 200: BarsSchema, ...problems(401, 404, 422, 502) },
      },
    },
    (req) => quotes.bars(req.params.symbol, req.query.interval ?? '1d', req.query.limit ?? 100),
  )
}
