/** Schwab's market data routes: quotes, market hours, movers, chains, history, instruments. */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as E from './schwab-market.examples.ts'
import type { SchwabMarketService } from './schwab-market.service.ts'
import * as B from './schwab-market.schemas.ts'
import { SCHWAB_PREFIX, SCHWAB_TAGS } from './schwab.schemas.ts'

const VIA =
  ' Through your Schwab connection (422 `broker.not_connected` without one); Schwab’s answer is passed on as sent.' +
  ' A request Schwab refuses (its 400) is a 422 `broker.request_rejected` with Schwab’s message, the parameter it ' +
  'names in `errors`.'

type Deps = { schwabMarket: SchwabMarketService }

export function schwabMarketRoutes(app: App, d: Deps): void {
  quoteRoutes(app, d)
  chartRoutes(app, d)
}

function quoteRoutes(app: App, { schwabMarket: m }: Deps): void {
  app.get(
    `${SCHWAB_PREFIX}/quotes`,
    {
      schema: {
        operationId: 'brokerbQuotes',
        summary: 'Quotes from Schwab; 15-minute delayed market data when Schwab is unavailable',
        description:
          'Real-time quotes through your connection. When the broker API is unavailable — Schwab fails or times ' +
          'out, or you are not connected or must re-authorise — the answer is still 200 with `delayed: true`, ' +
          '`source: market-data` and prices as they stood 15 minutes ago (no bid or ask). Symbols nobody knows ' +
          'are listed in `invalid_symbols`.',
        examples: {
          query: { symbols: 'AAPL,MSFT' },
          200: { description: 'Quotes from Schwab (delayed: false)', value: E.QUOTES },
        },
        tags: SCHWAB_TAGS,
        querystring: B.QuotesQuery,
        response: { 200: B.Quotes, ...problems(401, 422, 502) },
      },
    },
    (req) => m.quotes(scopeOf(req), req.query.symbols),
  )

  app.get(
    `${SCHWAB_PREFIX}/market-hours`,
    {
      schema: {
        operationId: 'brokerbMarketHours',
        summary: 'Market hours of a date; persist=true stores them',
        description:
          'Sessions (pre, regular, post) of each market’s products on `date` (default today in New York, at most a ' +
          'year ahead). With persist=true each market and product’s hours are stored for your tenant (a repeat ' +
          'replaces them); `persisted` counts them.' +
          VIA,
        examples: {
          query: { markets: 'equity', date: '2026-11-25', persist: true },
          200: { description: 'Hours', value: E.HOURS },
        },
        tags: SCHWAB_TAGS,
        querystring: B.HoursQuery,
        response: { 200: B.Hours, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => m.marketHours(scopeOf(req), req.query),
  )

  app.get(
    `${SCHWAB_PREFIX}/movers`,
    {
      schema: {
        operationId: 'brokerbMovers',
        summary: 'Top 10 movers of an index',
        description:
          'index default $SPX; sort VOLUME, TRADES, PERCENT_CHANGE_UP or _DOWN; frequency 0 (all), 1, 5, 10, 30, 60.' +
          VIA,
        examples: {
          query: { index: '$SPX', sort: 'PERCENT_CHANGE_UP', frequency: 0 },
          200: { description: 'Movers', value: E.MOVERS },
        },
        tags: SCHWAB_TAGS,
        querystring: B.MoversQuery,
        response: { 200: B.Movers, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => m.movers(scopeOf(req), req.query),
  )
}

function chartRoutes(app: App, { schwabMarket: m }: Deps): void {
  app.get(
    `${SCHWAB_PREFIX}/option-chain`,
    {
      schema: {
        operationId: 'brokerbOptionChain',
        summary: 'Option chain of an underlying',
        description:
          'contract_type default ALL; strike_count strikes around the money; strategy default SINGLE; expirations ' +
          'from from_date to to_date (to_date before from_date is a 422). The offline sandbox ' +
          '(BROKER_SANDBOX=true) serves SINGLE and ANALYTICAL only and refuses the spread strategies (422 ' +
          '`broker.request_rejected` on `strategy`); Schwab itself answers them.' +
          VIA,
        examples: {
          query: {
            symbol: 'AAPL',
            contract_type: 'ALL',
            strike_count: 1,
            from_date: '2026-12-01',
            to_date: '2026-12-31',
          },
          200: { description: 'The chain', value: E.CHAIN },
        },
        tags: SCHWAB_TAGS,
        querystring: B.ChainQuery,
        response: { 200: B.Chain, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => m.optionChain(scopeOf(req), req.query),
  )

  app.get(
    `${SCHWAB_PREFIX}/price-history`,
    {
      schema: {
        operationId: 'brokerbPriceHistory',
        summary: 'Price history (candles) of a symbol',
        description:
          'Schwab’s combinations are enforced (422 otherwise): day → period 1,2,3,4,5,10 by minute; month → 1,2,3,6 ' +
          'daily or weekly; year → 1,2,3,5,10,15,20 daily, weekly or monthly; ytd → 1 daily or weekly; minute ' +
          'frequency 1, 5, 10, 15 or 30, others 1.' +
          VIA,
        examples: {
          query: { symbol: 'AAPL', period_type: 'month', period: 1, frequency_type: 'daily', frequency: 1 },
          200: { description: 'Candles', value: E.HISTORY },
        },
        tags: SCHWAB_TAGS,
        querystring: B.HistoryQuery,
        response: { 200: B.History, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => m.priceHistory(scopeOf(req), req.query),
  )

  app.get(
    `${SCHWAB_PREFIX}/instrument`,
    {
      schema: {
        operationId: 'brokerbInstrument',
        summary: 'Instrument by ticker (or search) or by CUSIP',
        description:
          'A 9-character CUSIP (e.g. 037833100) is looked up as such, and takes no `projection` (422 on projection); ' +
          'anything else is searched with `projection` (default symbol-search; fundamental adds fundamentals; ' +
          'symbol-regex, desc-search and desc-regex take a regular expression or text, e.g. `AAP.*`). No match: ' +
          'an empty list.' +
          VIA,
        examples: {
          query: { symbol: '037833100' },
          200: { description: 'The instrument', value: E.INSTRUMENT },
        },
        tags: SCHWAB_TAGS,
        querystring: B.InstrumentQuery,
        response: { 200: B.Instrument, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => m.instrument(scopeOf(req), req.query),
  )
}
