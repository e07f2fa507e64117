/** GET /api/earnings/calendar and /api/earnings/upcoming (spec §4.15). */
import type { App } from '../../app/types.ts'
import { scopeOf } from '../../platform/auth/authenticate.ts'
import { problems } from '../../platform/http/problem.ts'
import { CalendarQuery, EarningsPage, UpcomingQuery } from './earnings.schemas.ts'
import type { EarningsService } from './earnings.service.ts'

const errors = problems(401, 422, 502)

export function earningsRoutes(app: App, { earnings }: { earnings: EarningsService }): void {
  app.get(
    '/api/earnings/calendar',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getEarningsCalendar',
        summary: 'Earnings reports between two dates (at most 60 days apart), ascending by date',
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
        tags: ['earnings'],
        querystring: UpcomingQuery,
        response: { 200: EarningsPage, ...errors },
      },
    },
    (req) => earnings.upcoming(scopeOf(req), req.query.days, req.query),
  )
}
