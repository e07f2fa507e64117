/**
 * Opportunity scores: composites 0–100 per symbol from the tenant's scanner results of a window
 * (lib/composite.ts: weights, normalization and the confluence bonus), stored one row per symbol,
 * and the discovery watchlist (scored symbols the portfolio does not hold). Windows come from
 * platform/session-window.ts: the latest session by default, or wall-clock `hours`.
 */
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { sessionWindow, type WindowQuery } from '../../../platform/session-window.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import { compositeScores } from './lib/composite.ts'
import * as repo from './opportunities.repository.ts'
import { recentScores } from './scan.repository.ts'
import {
  DEFAULT_OPPORTUNITY_LIMIT,
  DEFAULT_WATCHLIST_LIMIT,
  type ComputeBodyInput,
  type ComputeOut,
  type OpportunitiesOut,
  type OpportunitiesQueryInput,
  type OpportunityOut,
  type WatchlistOut,
  type WatchlistQueryInput,
} from './opportunities.schemas.ts'

type Row = Awaited<ReturnType<typeof repo.listOpportunities>>[number]
const toOut = (r: Row): OpportunityOut => ({ ...r, computed_at: r.computed_at.toISOString() })

export class OpportunitiesService {
  constructor(
    private readonly deps: { scopes: Scopes; clock: Clock; holdings: Pick<HoldingsService, 'latest'> },
  ) {}

  private window(q: WindowQuery, from?: 'query' | 'body') {
    return sessionWindow(this.deps.clock.now(), q, from)
  }

  /** Scores the results whose latest scan (updated_at) is in the window; stamps them computed now. */
  async compute(scope: RequestScope, body: ComputeBodyInput): Promise<ComputeOut> {
    const at = this.deps.clock.now()
    const { window, since } = this.window(body, 'body')
    const filters = { since, universe: body.universe }
    const { read, scored } = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const rows = await recentScores(s, filters)
      const scored = compositeScores(rows, body.min_signals ?? 1)
      await repo.upsertOpportunities(s, scored, at)
      return { read: rows.length, scored }
    })
    return {
      window,
      computed: scored.length,
      results_read: read,
      items: scored
        .slice(0, body.limit ?? DEFAULT_OPPORTUNITY_LIMIT)
        .map((o) => ({ ...o, computed_at: at.toISOString() })),
    }
  }

  /** Opportunities computed (computed_at) in the window. */
  async list(scope: RequestScope, q: OpportunitiesQueryInput): Promise<OpportunitiesOut> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const { window, since } = this.window(q)
    const filters: repo.OpportunityFilters = {
      since,
      minScore: q.min_score ?? 0,
      scanType: q.scan_type,
      universe: q.universe,
      symbol: q.symbol?.toUpperCase(),
    }
    const sort = { by: q.sort_by ?? 'score', dir: q.sort_dir ?? 'desc' } as const
    return this.deps.scopes.withTenant(tenantId, async (s) => ({
      window,
      total: await repo.countOpportunities(s, filters),
      items: (await repo.listOpportunities(s, filters, sort, q.limit ?? DEFAULT_OPPORTUNITY_LIMIT)).map(
        toOut,
      ),
    }))
  }

  /** Opportunities computed in the latest session (the default window) whose symbol is not held. */
  async watchlist(scope: RequestScope, q: WatchlistQueryInput): Promise<WatchlistOut> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const { window, since } = this.window({})
    const held = new Set((await this.deps.holdings.latest(tenantId)).map((h) => h.symbol))
    const limit = q.limit ?? DEFAULT_WATCHLIST_LIMIT
    // Fetch enough to fill the list after the held symbols are taken out.
    const rows = await this.deps.scopes.withTenant(tenantId, (s) =>
      repo.listOpportunities(s, { since, minScore: 0 }, { by: 'score', dir: 'desc' }, limit + held.size),
    )
    const free = rows.filter((r) => !held.has(r.symbol))
    return { window, held_excluded: rows.length - free.length, items: free.slice(0, limit).map(toOut) }
  }
}
