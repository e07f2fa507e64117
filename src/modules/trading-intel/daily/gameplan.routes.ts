/** GET /api/trading-intel/gameplan and the unlisted GET /economic-calendar. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { CalendarOut, CalendarQuery, MAX_CALENDAR_DAYS } from './calendar.schemas.ts'
import type { CalendarService } from './calendar.service.ts'
import { CALENDAR_EXAMPLES, GAMEPLAN_EXAMPLES } from './daily.examples.ts'
import { Gameplan, GameplanQuery } from './gameplan.schemas.ts'
import {
  MAX_PLAN_ECONOMIC,
  MAX_PLAN_HOLDINGS,
  MAX_PLAN_OPPORTUNITIES,
  MAX_PLAN_SIGNALS,
  MAX_SECTOR_LOOKUPS,
  SIGNAL_HOURS,
  WINDOW_TRADING_DAYS,
  type GameplanService,
} from './gameplan.service.ts'

const tags = ['trading-intel']
const PREFIX = '/api/trading-intel'

const PLAN =
  'The plan day is today while its regular session has not closed, else the next trading day; the ' +
  `window is the plan day and the following trading days, ${WINDOW_TRADING_DAYS} sessions in all. ` +
  `Signals: the tenant’s intraday signals and options-flow readings of the last ${SIGNAL_HOURS} hours ` +
  `(newest first, at most ${MAX_PLAN_SIGNALS} each) and the discovery watchlist (the ` +
  `${MAX_PLAN_OPPORTUNITIES} best-scored opportunities not held). Events: earnings (earnings ` +
  'provider; those of held, watched or same-sector symbols), ex-dividend dates of held and watched ' +
  'symbols (the dividends provider — simulated only, no vendor adapter yet), index events (computed: monthly options expiration on the third Friday; quad witching ' +
  'and the S&P quarterly rebalancing on the third Friday of March, June, September and December; ' +
  'the Russell reconstitution on the fourth Friday of June; a holiday moves an event to the trading ' +
  'day before, `details.shifted_from` naming the rule’s date) and the economic calendar. Relevance: ' +
  '`held` (the symbol is held), `watched` (on the discovery watchlist; there are no user watchlists ' +
  'yet), `sector_exposure` (not held, but its instrument sector is a held position’s sector). ' +
  'Earnings without any tag are left out; index and economic events are market-wide (no tag). ' +
  `Held symbols considered: the ${MAX_PLAN_HOLDINGS} largest by |market value|; sectors are looked up ` +
  `for at most ${MAX_SECTOR_LOOKUPS} symbols; at most ${MAX_PLAN_ECONOMIC} economic releases (the earliest). Impact: held earnings high, other earnings medium; held ` +
  'ex-dividend medium, watched low; quad witching and Russell high, monthly expiration medium. ' +
  'A failing earnings, dividends or economic-calendar provider marks its section `degraded` with ' +
  'a reason (and `degraded: true`); the rest of the plan is answered.'

export function gameplanRoutes(
  app: App,
  { gameplan, calendar }: { gameplan: GameplanService; calendar: CalendarService },
): void {
  app.get(
    `${PREFIX}/gameplan`,
    {
      schema: {
        operationId: 'getGameplan',
        examples: GAMEPLAN_EXAMPLES,
        summary: 'The pre-market plan: recent signals and the coming market events, by relevance',
        description:
          PLAN +
          ' `account_id` narrows the holdings to one account (another tenant’s, or none → 404); archived accounts ' +
          '(closed, or their broker disconnected) hold nothing. ' +
          'Administrators may pass tenant_id (403 for anyone else).',
        tags,
        querystring: GameplanQuery,
        response: { 200: Gameplan, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => gameplan.get(scopeOf(req), req.query),
  )
  app.get(
    `${PREFIX}/economic-calendar`,
    {
      schema: {
        operationId: 'getEconomicCalendar',
        examples: CALENDAR_EXAMPLES,
        summary: 'Macro releases between two dates (unlisted: the game plan’s economic calendar)',
        description:
          `Releases whose New York date is within from..to (inclusive, at most ${MAX_CALENDAR_DAYS} days; ` +
          'to before from, or a year outside 1990–2100 → 422), optionally of one `country` and at least `impact`, ascending by ' +
          'release time. Source: ECONOMIC_CALENDAR_PROVIDER — `simulated` (default: US releases on ' +
          'their real rhythms — jobless claims every Thursday, payrolls the first Friday, CPI the ' +
          'first business day on or after the 12th, GDP advance the last Thursday of Jan/Apr/Jul/Oct, ' +
          'FOMC decisions on the Fed’s published dates; `actual` only once released) or `finnhub`. ' +
          'A provider failure (401, 403 premium, 429, 5xx, malformed answer) → 503 ' +
          '`upstream.unavailable` naming the kind in `upstream_kind`. Any signed-in user.',
        tags,
        querystring: CalendarQuery,
        response: { 200: CalendarOut, ...problems(401, 422, 503) },
      },
    },
    (req) => calendar.list(req.query),
  )
}
