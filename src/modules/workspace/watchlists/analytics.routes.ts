/** GET /api/watchlists/analytics. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { AnalyticsResponse, SIGNAL_HOURS } from './analytics.schemas.ts'
import type { Watchlists } from './index.ts'
import { ANALYTICS_EXAMPLE } from './watchlists.examples.ts'

export function analyticsRoutes(app: App, { analytics }: Watchlists): void {
  app.get(
    '/api/watchlists/analytics',
    {
      schema: {
        operationId: 'watchlistAnalytics',
        summary: 'Figures of each of the caller’s watchlists',
        description:
          'Per list, by name: the day change in percent as the equal-weighted mean of the members’ day change % ' +
          '(members without a quote left out; `members_priced` is the count used); the best and worst member by ' +
          'day change (ties: ticker order); the sector mix (members per sector, with the percent of the list; ' +
          'null sector for funds and unclassified symbols); each member’s distance from its 52-week high, ' +
          '(price / high − 1) × 100 with the high the highest daily high of the last 365 days; and the members’ ' +
          `signals of the last ${SIGNAL_HOURS} h from the intraday setups and the discovery scans, newest first. ` +
          'Percentages are percentage points (2.5 = 2.5 %), rounded to 4 decimals. When the market data ' +
          'provider fails, the price figures are null and `quotes` says "unavailable".',
        examples: { 200: { description: 'The analytics', value: ANALYTICS_EXAMPLE } },
        tags: ['watchlists'],
        response: { 200: AnalyticsResponse, ...problems(401) },
      },
    },
    (req) => analytics.analytics(scopeOf(req)),
  )
}
