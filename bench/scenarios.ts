/**
 * The benchmark scenarios: one row per measured request. Later work adds rows here; run.ts, the
 * load generator and the report need no change. `target` says which child process serves it.
 * Scenarios in a `group` only run when the group (or the scenario) is named on the command line:
 * `npx tsx bench/run.ts analytics`.
 */
import { UNIVERSE } from '../src/providers/market-data/simulator/universe.ts'

export type Target = 'app' | 'ceiling'

export interface Scenario {
  name: string
  target: Target
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  /**
   * When present, the requests rotate round-robin over these paths (one counter shared by every
   * connection), and the probe checks each one; `path` is then the label shown in reports.
   */
  paths?: readonly string[]
  /** Send the bench user's access token (`Authorization: Bearer …`). */
  auth: boolean
  /** Sent as JSON when present. */
  body?: unknown
  /** One line for the README and `--help`: what the request exercises. */
  measures: string
  /** Opt-in set this scenario belongs to; a plain `npm run bench` leaves grouped scenarios out. */
  group?: string
  /** Concurrent connections for this scenario unless `--connections` is given. */
  connections?: number
  /** Extra environment the app server needs for this scenario (e.g. seeding). */
  appEnv?: Record<string, string>
}

/** The reference every other scenario is divided by (see README: why it runs in the same process). */
export const CEILING = 'ceiling'
/** The second reference: a bare Fastify route with no database, what `healthz` is compared with. */
export const HELLO = 'hello'

export const scenarios: readonly Scenario[] = [
  {
    name: 'healthz',
    target: 'app',
    method: 'GET',
    path: '/healthz',
    auth: false,
    measures: 'the full app stack (hooks, security headers, metrics, response schema) with no database',
  },
  {
    name: 'tenant-read',
    target: 'app',
    method: 'GET',
    path: '/api/tenant',
    auth: true,
    measures:
      'an authenticated tenant-scoped read: JWT verify, cached principal, one withTenant transaction, feature flags',
  },
  {
    name: HELLO,
    target: 'ceiling',
    method: 'GET',
    path: '/hello',
    auth: false,
    measures:
      'bare Fastify, one route answering a small JSON object, no database: the most an HTTP route can do here',
  },
  {
    name: CEILING,
    target: 'ceiling',
    method: 'GET',
    path: '/ceiling',
    auth: false,
    measures:
      'bare Fastify + one Kysely point query on the same engine: the most a DB-backed route can do here',
  },
]

/**
 * The analytics endpoints on a big tenant (bench/seed-portfolio.ts: 50,000 trades, 3 years of
 * daily snapshots for 40 symbols). Each request aggregates every trade or snapshot of the tenant,
 * so they run at 10 connections.
 * The seed covers the 3 years up to today, so last year is a full seeded year.
 */
const SEEDED_YEAR = new Date().getUTCFullYear() - 1
const analytics = (name: string, path: string, measures: string): Scenario => ({
  name: `analytics-${name}`,
  target: 'app',
  method: 'GET',
  path: `/api/analytics/${path}`,
  auth: true,
  measures,
  group: 'analytics',
  connections: 10,
  appEnv: { BENCH_PORTFOLIO: '1' },
})

export const analyticsScenarios: readonly Scenario[] = [
  analytics(
    'aum',
    'aum',
    'AUM history: flows + snapshot totals per date (31k rows) + realized per day (50k rows)',
  ),
  analytics('cumulative-pnl', 'cumulative-pnl', 'realized P&L grouped per sale date, then a running sum'),
  analytics('drawdown', 'drawdown', 'the cumulative series plus peak-to-trough over every date'),
  analytics('pnl-monthly', 'pnl?period=monthly', 'realized P&L grouped by to_char(sold_on, YYYY-MM)'),
  analytics(
    'pnl-daily-year',
    `pnl?period=daily&year=${SEEDED_YEAR}`,
    `daily P&L of one year (${SEEDED_YEAR}): a sold_on range of ~1/3 of the trades`,
  ),
  analytics('date-range', 'date-range', 'min/max sold_on and count(*) over every valid trade'),
  analytics('yoy', 'yoy', 'yearly P&L plus the whole AUM history'),
  analytics('investor-allocation', 'investor-allocation', 'AUM history plus unit accounting of 40 flows'),
]

/**
 * Market data through the cached provider (src/providers/market-data/decorators/cached.ts) on the simulated
 * vendor: what a dashboard polls. The first requests of each key miss; the 3 s warm-up fills the
 * cache, so the measured run is mostly the warm path (quotes expire every 5 s in session, so a
 * regular-session run also recomputes each symbol's quote every 5 s).
 */
const QUOTE_SYMBOLS = UNIVERSE.filter((i) => i.type !== 'index')
  .slice(0, 100)
  .map((i) => i.symbol)
const market = (name: string, path: string, measures: string, extra: Partial<Scenario> = {}): Scenario => ({
  name: `market-${name}`,
  target: 'app',
  method: 'GET',
  path,
  auth: true,
  measures,
  group: 'market',
  ...extra,
})

export const marketScenarios: readonly Scenario[] = [
  market(
    'quotes-100',
    '/api/quotes/{symbol} (100 symbols, round-robin)',
    `one quote per request, rotating over ${QUOTE_SYMBOLS.length} universe symbols: instrument + quote, cached per symbol`,
    { paths: QUOTE_SYMBOLS.map((s) => `/api/quotes/${s}`) },
  ),
  market(
    'bars-year',
    '/api/bars/AAPL?interval=1d&limit=260',
    'one symbol-year of daily bars (260), cached per (symbol, interval, query)',
  ),
  market(
    'volume-leaders',
    '/api/intel/volume-leaders?window_minutes=30&page_size=100',
    'volume leaders over the whole universe: 1m bars of the window for every stock and ETF, list cached 30 s per window end',
  ),
  market(
    'news-feed',
    '/api/news/feed?symbols=AAPL,MSFT,NVDA&page_size=50',
    'a page of the news feed for 3 symbols (simulated news provider)',
  ),
]

export const allScenarios: readonly Scenario[] = [...scenarios, ...analyticsScenarios, ...marketScenarios]

export function findScenario(name: string): Scenario | undefined {
  return allScenarios.find((s) => s.name === name)
}
