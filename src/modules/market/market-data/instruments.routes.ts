/**
 * GET /api/instruments (symbol search) and GET /api/instruments/{symbol} (metadata). Not in the
 * required operations: designed here for type-ahead when adding positions and watchlists, documented in
 * the OpenAPI document.
 */
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { InstrumentSchema, InstrumentsPage, InstrumentsQuery } from './instruments.schemas.ts'
import type { InstrumentsService } from './instruments.service.ts'
import { SymbolParams } from './quotes.schemas.ts'

/** The instrument the examples show. */
const AAPL = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  exchange: 'NASDAQ',
  type: 'stock',
  sector: 'Information Technology',
  industry: 'Technology Hardware, Storage & Peripherals',
  market_cap: 3400000000000,
  currency: 'USD',
  country: 'US',
}

export function instrumentsRoutes(app: App, { instruments }: { instruments: InstrumentsService }): void {
  app.get(
    '/api/instruments',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'searchInstruments',
        summary: 'Search the market universe by ticker or name',
        description:
          'An exact ticker first, then tickers starting with `q`, then names with a word starting ' +
          'with it, then other matches; within each, larger market caps first. Without `q`, every ' +
          'instrument (filtered by `type` and `sector`), largest first.',
        examples: {
          query: { q: 'apple', type: 'stock', page_size: 25 },
          200: {
            description: 'A page of matching instruments',
            value: {
              items: [AAPL],
              next_cursor: null,
              page: 1,
              page_size: 25,
              total: 1,
            },
          },
        },
        tags: ['market-data'],
        querystring: InstrumentsQuery,
        response: { 200: InstrumentsPage, ...problems(401, 422, 502) },
      },
    },
    (req) => instruments.search(req.query),
  )

  app.get(
    '/api/instruments/:symbol',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getInstrument',
        summary: 'Metadata of one symbol: name, exchange, type, sector, industry, market cap',
        description:
          'What the market data provider knows of a ticker (case-insensitive). ' +
          '404 `market.unknown_symbol` when the market data provider does not cover it, with `suggestion` ' +
          'when it knows the ticker spelled another way (BRK.B for BRK-B or BRKB: share classes are written ' +
          'with a dot); 502 when it fails.',
        examples: {
          params: { symbol: 'AAPL' },
          200: {
            description: 'The instrument',
            value: AAPL,
          },
        },
        tags: ['market-data'],
        params: SymbolParams,
        response: { 200: InstrumentSchema, ...problems(401, 404, 422, 502) },
      },
    },
    (req) => instruments.get(req.params.symbol),
  )
}
