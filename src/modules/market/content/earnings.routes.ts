/** GET /api/earnings/calendar and /api/earnings/upcoming. */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import { CalendarQuery, EarningsPage, UpcomingQuery } from './earnings.schemas.ts'
import type { EarningsService } from './earnings.service.ts'

const errors = problems(401, 422, 502)

/** NVIDIA's fiscal Q3 report, as the examples show it (each sets its own date). */
const NVDA_Q3 = {
  symbol: 'NVDA',
  hour: 'amc',
  quarter: 3,
  year: 2027,
  eps_estimate: 1.12,
  eps_actual: null,
  revenue_estimate: 54800000000,
  revenue_actual: null,
}

const UPCOMING =
  'Upcoming earnings of the symbols the caller holds in any account — manual and broker-synced ' +
  'alike, each holding at its latest snapshot carried forward until a later one replaces it or a ' +
  'sale flattens it (the holdings every trading-intelligence answer reads) — from today over the ' +
  'next `days` days (today included; default 14, at most 90); ascending by date. Empty when ' +
  'nothing is held. A provider failure answers 502. Paginated (page_size or limit, then next_cursor).'

export function earningsRoutes(app: App, { earnings }: { earnings: EarningsService }): void {
  app.get(
    '/api/earnings/calendar',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getEarningsCalendar',
        summary: 'Earnings reports between two dates (at most 60 days apart), ascending by date',
        description:
          'Scheduled and reported earnings between from (default today, New York) and to (default 14 days ' +
          'later), optionally of some symbols; ascending by date, before-open reports first. More than 60 ' +
          'days between from and to, or to before from, answers 422. Provider answers are cached 60 s; a ' +
          'provider failure answers 502. Paginated (page_size or limit, then next_cursor).',
        examples: {
          query: { from: '2026-11-16', to: '2026-11-20', symbols: 'HD,NVDA' },
          200: {
            description: 'A page of earnings events',
            value: {
              items: [
                {
                  symbol: 'HD',
                  date: '2026-11-17',
                  hour: 'bmo',
                  quarter: 3,
                  year: 2026,
                  eps_estimate: 3.84,
                  eps_actual: 3.91,
                  revenue_estimate: 41200000000,
                  revenue_actual: 41540000000,
                },
                { ...NVDA_Q3, date: '2026-11-19' },
              ],
              next_cursor: null,
              page: 1,
              page_size: 25,
            },
          },
        },
        tags: ['earnings'],
        querystring: CalendarQuery,
        response: { 200: EarningsPage, ...errors },
      },
    },
    (req) => {
      const { from, to, symbols } = req.query
      return earnings.calendar({ from, to, symbols: symbols?.split(',') }, req.query)
    },
  )
  app.get(
    '/api/earnings/upcoming',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getUpcomingEarnings',
        summary: "Upcoming earnings reports of the caller's open positions",
        description: UPCOMING,
        examples: {
          query: { days: 30 },
          200: {
            description: 'A page of upcoming reports',
            value: {
              items: [{ ...NVDA_Q3, date: '2026-11-25' }],
              next_cursor: null,
              page: 1,
              page_size: 25,
            },
          },
        },
        tags: ['earnings'],
        querystring: UpcomingQuery,
        response: { 200: EarningsPage, ...errors },
      },
    },
    (req) => earnings.upcoming(scopeOf(req), req.query.days, req.query),
  )
}
