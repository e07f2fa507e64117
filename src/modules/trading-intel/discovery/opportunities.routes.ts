/** Opportunity scores and the discovery watchlist under /api/trading-intel/intraday/discovery. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { COMPUTE_EXAMPLES, OPPORTUNITIES_EXAMPLES, WATCHLIST_EXAMPLES } from './discovery.examples.ts'
import * as O from './opportunities.schemas.ts'
import { windowText } from './scan.schemas.ts'
import type { OpportunitiesService } from './opportunities.service.ts'

const tags = ['trading-intel']
const PREFIX = '/api/trading-intel/intraday/discovery'

const FORMULA =
  'Composite 0–100 (this project’s own heuristic): per scan type the symbol’s best raw score is normalized to ' +
  'min(score / full, 1) with full = gappers 10 (% gap), volume 5 (RVOL), momentum 10 (% change), ' +
  'reversal 50 (|RSI − 50|), breakout 5 (% above the 20-day high); points = weight × normalized ' +
  'with weights gappers 20, volume 25, momentum 25, reversal 15, breakout 25; composite = Σ points ' +
  '+ 10 × (distinct scan types − 1), capped at 100, rounded to 2 decimals.'

type Deps = { opportunities: OpportunitiesService }

export function opportunitiesRoutes(app: App, deps: Deps): void {
  computeRoute(app, deps)
  listRoute(app, deps)
  watchlistRoute(app, deps)
}

function computeRoute(app: App, { opportunities }: Deps): void {
  app.post(
    `${PREFIX}/opportunities/compute`,
    {
      schema: {
        operationId: 'computeDiscoveryOpportunities',
        examples: COMPUTE_EXAMPLES,
        summary: 'Compute opportunity scores from recent scanner results',
        description:
          'Reads the scanner results of the window (only `universe` if given), scores each symbol found by ' +
          'at least `min_signals` distinct scan types (default 1) and upserts one opportunity per tenant + ' +
          'symbol (a recompute replaces its score, components and computed_at; symbols not recomputed keep ' +
          'their older row and drop out of reads by their computed_at). Answers them ranked by score, then ' +
          'symbol, the first `limit` (default 50, at most 500). ' +
          windowText('results', 'updated_at (the latest scan that found the result)') +
          FORMULA,
        tags,
        body: O.ComputeBody,
        response: { 200: O.ComputeResponse, ...problems(401, 422) },
      },
    },
    (req) => opportunities.compute(scopeOf(req), req.body),
  )
}

function listRoute(app: App, { opportunities }: Deps): void {
  app.get(
    `${PREFIX}/opportunities`,
    {
      schema: {
        operationId: 'listDiscoveryOpportunities',
        examples: OPPORTUNITIES_EXAMPLES,
        summary: 'Ranked opportunity scores with their components',
        description:
          'Opportunities of the window with score ≥ `min_score` (0–100, default 0), optionally those with a ' +
          'component of `scan_type`, from `universe`, or whose symbol contains `symbol` (case-insensitive). ' +
          'Sorted by sort_by (score, computed_at, symbol, signals; default score) and sort_dir (asc|desc; ' +
          'default desc), then symbol; another value is a 422 naming the allowed ones. `limit` default 50, ' +
          'at most 500. Administrators may pass tenant_id (403 for anyone else). ' +
          windowText('scores', 'computed_at') +
          FORMULA,
        tags,
        querystring: O.OpportunitiesQuery,
        response: { 200: O.OpportunitiesResponse, ...problems(401, 403, 422) },
      },
    },
    (req) => opportunities.list(scopeOf(req), req.query),
  )
}

function watchlistRoute(app: App, { opportunities }: Deps): void {
  app.get(
    `${PREFIX}/watchlist`,
    {
      schema: {
        operationId: 'getDiscoveryWatchlist',
        examples: WATCHLIST_EXAMPLES,
        summary: 'Opportunity-scored symbols the portfolio does not hold, best first',
        description:
          'Opportunities computed in the latest session (computed_at at or after 04:00 New York of the ' +
          'regular session that opened last, Friday’s on a weekend; `window` says which) whose symbol ' +
          'is not among the tenant’s current holdings (each holding’s latest snapshot row), by score ' +
          'descending, then symbol; `limit` default 20, at most 100. `held_excluded` counts the scored ' +
          'symbols left out as held. ' +
          'Administrators may pass tenant_id (403 for anyone else).',
        tags,
        querystring: O.WatchlistQuery,
        response: { 200: O.WatchlistResponse, ...problems(401, 403, 422) },
      },
    },
    (req) => opportunities.watchlist(scopeOf(req), req.query),
  )
}
