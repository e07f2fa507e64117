/** GET /api/trading-intel/intraday/bars. */
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { BarsQuery, IntradayBars, MAX_BARS } from './bars.schemas.ts'
import type { BarsService } from './bars.service.ts'
import { barsExample } from './intraday.examples.ts'
import { WARMUP_SESSIONS } from './lib/sessions.ts'

const WARMUP_DOC =
  'VWAP is anchored at the session: the typical price (H+L+C)/3 weighted by volume from 09:30. RSI(14, Wilder) ' +
  'and MACD(12/26/9, EMAs seeded with SMAs as TA-Lib does) are seeded from the preceding sessions, as charting ' +
  `platforms do: they are computed over the closes of the regular sessions of the ${WARMUP_SESSIONS} trading days ` +
  'before (the same interval, oldest first) followed by the session’s, so they have values from the session’s ' +
  'first bar (a 14-bar half day included). They are null (never 0) only while fewer than 15 (RSI), 26 (MACD line) ' +
  'or 34 (signal, histogram) closes exist in all, i.e. in the first session of the available history. The ' +
  'seed’s influence decays geometrically, so values agree with a chart that loads at least those sessions of ' +
  'regular-hours bars.'

export function barsRoutes(app: App, { bars }: { bars: BarsService }): void {
  app.get(
    '/api/trading-intel/intraday/bars',
    {
      schema: {
        operationId: 'getIntradayBars',
        summary: 'Today’s (the latest session’s) bars with session VWAP, RSI(14) and MACD(12/26/9)',
        description:
          'The latest regular session (today’s once it has opened, else the previous one), oldest first, the ' +
          `most recent \`limit\` (max ${MAX_BARS}) of its closed bars. ${WARMUP_DOC} The computed bars are stored; a ` +
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
