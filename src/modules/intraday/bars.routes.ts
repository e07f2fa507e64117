/** GET /api/trading-intel/intraday/bars. */
import type { App } from '../../platform/http/app-type.ts'
import { problems } from '../../platform/http/problem.ts'
import { BarsQuery, IntradayBars, MAX_BARS } from './bars.schemas.ts'
import type { BarsService } from './bars.service.ts'
import { barsExample } from './intraday.examples.ts'

export function barsRoutes(app: App, { bars }: { bars: BarsService }): void {
  app.get(
    '/api/trading-intel/intraday/bars',
    {
      schema: {
        operationId: 'getIntradayBars',
        summary: 'Today’s (the latest session’s) bars with session VWAP, RSI(14) and MACD(12/26/9)',
        description:
          'The latest regular session (today’s once it has opened, else the previous one), oldest first, the ' +
          `most recent \`limit\` (max ${MAX_BARS}) of its closed bars. VWAP uses the typical price from 09:30; RSI ` +
          '(Wilder) and MACD (TA-Lib seeding) start at the session’s first bar, so they are null (never 0) for ' +
          'the first 14 (RSI), 25 (MACD line) and 33 (signal, histogram) bars. The computed bars are stored; a ' +
          'complete session already stored whole is served from the table (source=stored), a session in ' +
          'progress is fetched and computed again on every call (source=live, through the provider cache). If ' +
          'the provider fails, the stored part of the session is served with degraded=true; with nothing ' +
          'stored it is a 502. An unknown symbol is a 422.',
        examples: {
          query: { symbol: 'AAPL', interval: '5m', limit: 78 },
          200: { description: 'The session’s bars with their indicators', value: barsExample },
        },
        tags: ['trading-intel'],
        querystring: BarsQuery,
        response: { 200: IntradayBars, ...problems(401, 422, 502) },
      },
    },
    (req) => bars.latest(req.query.symbol, req.query.interval, req.query.limit),
  )
}
