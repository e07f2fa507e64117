/**
 * Recommendations: `record` (the committee's, research's and manual calls, idempotent on
 * tenant + origin + origin_ref), the list and one read, `close` with its outcome (lib/outcome.ts),
 * and `feedItems` for the intel feed. Quotes are read outside any transaction.
 */
import { randomUUID } from 'node:crypto'
import type { FeedQuery, FeedRow } from '../../../platform/feed-row.ts'
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { ConflictError, NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import { afterKey, resolvePage, toPage, type PageResult } from '../../../platform/http/pagination.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import { scoreOutcome } from './lib/outcome.ts'
import {
  closeRec,
  findRec,
  insertOnce,
  listRecs,
  recsSince,
  type RecRow,
} from './recommendations.repository.ts'
import {
  DEFAULT_HORIZON_DAYS,
  type CloseInput,
  type CreateInput,
  type ListQueryInput,
  type RecommendationView,
} from './recommendations.schemas.ts'
import type { RecommendationInput } from './lib/input.ts'
import { checkInput } from './lib/input.ts'
import { feedRowOf, viewOf } from './lib/view.ts'

/** Most rows one feed read answers. */
export const FEED_LIMIT_MAX = 500

export interface RecommendationsDeps {
  scopes: Scopes
  clock: Clock
  market: Pick<MarketDataProvider, 'quotes'>
}

export class RecommendationsService {
  constructor(private readonly deps: RecommendationsDeps) {}

  /** Idempotent on (tenant, origin, origin_ref); without price_at, the current quote (or null). */
  async record(
    tenantId: number,
    input: RecommendationInput,
  ): Promise<{ recommendation: RecommendationView; created: boolean }> {
    const v = checkInput(input)
    const price_at = v.price_at ?? (await this.quoteOrNull(v.symbol))
    const now = this.deps.clock.now()
    const { row, created } = await this.deps.scopes.withTenant(tenantId, (s) =>
      insertOnce(s, { ...v, price_at }, now),
    )
    return { recommendation: viewOf(row), created }
  }

  /** POST /recommendations: a manual call; origin_ref defaults to a fresh id (never a duplicate). */
  create(scope: RequestScope, body: CreateInput) {
    return this.record(scope.tenantId, {
      ...body,
      origin: 'manual',
      origin_ref: body.origin_ref ?? `manual-${randomUUID()}`,
      horizon_days: body.horizon_days ?? DEFAULT_HORIZON_DAYS,
    })
  }

  async get(scope: RequestScope, id: number): Promise<RecommendationView> {
    const row = await this.deps.scopes.withTenant(scope.tenantId, (s) => findRec(s, id))
    if (!row) throw notFound()
    return viewOf(row)
  }

  async list(scope: RequestScope, q: ListQueryInput): Promise<PageResult<RecommendationView>> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const page = resolvePage(q)
    const before = afterKey<[number]>(page, ['int'])
    const filter = {
      status: q.status,
      symbol: q.symbol?.toUpperCase(),
      origin: q.origin,
      min_confidence: q.min_confidence,
    }
    const rows = await this.deps.scopes.withTenant(tenantId, (s) =>
      listRecs(s, filter, page, before?.[0] ?? null),
    )
    return toPage(rows, page, (r) => [r.id], viewOf)
  }

  /** The tenant's open recommendations, newest first, at most `limit` (the e-mail briefing's section). */
  async open(tenantId: number, limit: number): Promise<RecommendationView[]> {
    const page = { page: 1, pageSize: limit, offset: 0, after: null }
    const rows = await this.deps.scopes.withTenant(tenantId, (s) =>
      listRecs(s, { status: 'open' }, page, null),
    )
    return rows.slice(0, limit).map(viewOf)
  }

  /**
   * Closes an open recommendation at `exit_price` (else the current quote) with its outcome.
   * Unknown or another tenant's → 404; already closed → 409 (the first close stands).
   */
  async close(scope: RequestScope, id: number, body: CloseInput): Promise<RecommendationView> {
    const open = await this.deps.scopes.withTenant(scope.tenantId, (s) => findRec(s, id))
    if (!open) throw notFound()
    if (open.status === 'closed') throw alreadyClosed(open)
    const exit = body.exit_price ?? (await this.exitQuote(open.symbol))
    const scored = open.price_at === null ? null : scoreOutcome(open.action, open.price_at, exit)
    const closing = {
      exit_price: exit,
      return_pct: scored?.return_pct ?? null,
      outcome: scored?.outcome ?? null,
      note: body.note ?? null,
    }
    const now = this.deps.clock.now()
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const closed = await closeRec(s, id, closing, now)
      return closed ?? { raced: (await findRec(s, id))! }
    })
    if ('raced' in row) throw alreadyClosed(row.raced)
    return viewOf(row)
  }

  /** The intel-feed contract: newest first (created_at desc, id desc), the tenant's rows since `since`. */
  async feedItems(tenantId: number, q: FeedQuery): Promise<FeedRow[]> {
    const limit = Math.max(0, Math.min(FEED_LIMIT_MAX, Math.floor(q.limit)))
    if (!limit) return []
    const symbol = q.symbol?.toUpperCase()
    const rows = await this.deps.scopes.withTenant(tenantId, (s) =>
      recsSince(s, { since: q.since, limit, ...(symbol ? { symbol } : {}) }),
    )
    return rows.map(feedRowOf)
  }

  private async quoteOrNull(symbol: string): Promise<number | null> {
    try {
      const [q] = await this.deps.market.quotes([symbol])
      return q && q.last > 0 ? q.last : null
    } catch (e) {
      if (isUpstreamError(e)) return null // recorded without a reference price; feedback skips it
      throw e
    }
  }

  private async exitQuote(symbol: string): Promise<number> {
    const [q] = await this.deps.market.quotes([symbol]) // an upstream failure answers 502 upstream.<kind>
    if (!q || !(q.last > 0))
      throw UnprocessableError.field(
        ['body', 'exit_price'],
        `no current quote for ${symbol}; pass exit_price`,
        'no_quote',
      )
    return q.last
  }
}

const notFound = () => new NotFoundError('recommendations.not_found', 'No such recommendation')

const alreadyClosed = (r: RecRow) =>
  new ConflictError('recommendations.already_closed', `Recommendation ${r.id} is already closed`, {
    extra: { recommendation: viewOf(r) },
  })
