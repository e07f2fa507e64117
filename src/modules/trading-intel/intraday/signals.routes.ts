/** GET /api/trading-intel/intraday/signals and /intraday/signal-dashboard. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { DEFAULT_SESSIONS } from '../../../platform/session-window.ts'
import { orbSignal, reclaimSignal } from './intraday.examples.ts'
import {
  Dashboard,
  DashboardQuery,
  MAX_DASHBOARD_SIGNALS,
  SignalList,
  SignalsQuery,
} from './signals.schemas.ts'
import type { SignalsService } from './signals.service.ts'

const tags = ['trading-intel']

const WINDOW_DOC =
  `The window is in trading sessions: by default (\`sessions\` ${DEFAULT_SESSIONS}) the latest session, the ` +
  'regular session that opened last (09:30 New York), so on a Saturday, a holiday or before Monday’s open it is ' +
  'Friday’s; `sessions`=N adds the N−1 trading days before it. A session covers the trigger bars from 04:00 New ' +
  'York of its date on (pre-market and post-market signals included), up to now. `hours` (1–720) instead asks ' +
  'for a wall-clock look-back on the trigger bar’s start, as before; giving both is a 422. `window` says which ' +
  'one was used and where it starts.'

const sessionWindow = {
  sessions: 1,
  from_session_date: '2026-11-20',
  hours: null,
  since: '2026-11-20T09:00:00.000Z',
}

export function signalsRoutes(app: App, { signals }: { signals: SignalsService }): void {
  app.get(
    '/api/trading-intel/intraday/signals',
    {
      schema: {
        operationId: 'listIntradaySignals',
        summary: 'Stored intraday setup signals, newest first',
        description:
          `The tenant’s signals of the window, newest trigger first, at most \`limit\` (default 100, max 500); ` +
          `optionally one symbol. Each carries its evidence (the numbers behind it). ${WINDOW_DOC} ` +
          'Administrators may pass tenant_id.',
        examples: {
          query: { symbol: 'AAPL', sessions: 1, limit: 50 },
          200: {
            description: 'The signals',
            value: { window: sessionWindow, items: [orbSignal, reclaimSignal] },
          },
        },
        tags,
        querystring: SignalsQuery,
        response: { 200: SignalList, ...problems(401, 403, 422) },
      },
    },
    (req) => signals.list(scopeOf(req), req.query),
  )

  app.get(
    '/api/trading-intel/intraday/signal-dashboard',
    {
      schema: {
        operationId: 'getIntradaySignalDashboard',
        summary: 'Intraday signal statistics, per-setup breakdown and the signal list',
        description:
          `Over the signals of the window, optionally one symbol. ${WINDOW_DOC} Answers stats (total, ` +
          'long/short, mean confidence to 4 decimals or null, distinct symbols), ' +
          'setup_breakdown (per setup with a signal: count, mean confidence, long/short; most signals first) ' +
          `and the signals, newest trigger first (the stats cover at most ${MAX_DASHBOARD_SIGNALS}, the newest). ` +
          'Administrators may pass tenant_id.',
        examples: {
          query: { sessions: 1 },
          200: {
            description: 'The dashboard',
            value: {
              window: sessionWindow,
              stats: { total: 2, by_direction: { long: 2, short: 0 }, avg_confidence: 0.661, symbols: 1 },
              setup_breakdown: [
                { setup: 'orb', count: 1, avg_confidence: 0.6153, long: 1, short: 0 },
                { setup: 'vwap_reclaim', count: 1, avg_confidence: 0.7067, long: 1, short: 0 },
              ],
              signals: [orbSignal, reclaimSignal],
            },
          },
        },
        tags,
        querystring: DashboardQuery,
        response: { 200: Dashboard, ...problems(401, 403, 422) },
      },
    },
    (req) => signals.dashboard(scopeOf(req), req.query),
  )
}
