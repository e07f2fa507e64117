/**
 * End-of-day review: P&L by position from daily closes, the day's intraday and options-flow signals
 * and how they played out, the largest movers. GET /eod/review serves a stored review, computing
 * and storing it when missing (or when it was incomplete and the next session has closed since);
 * the `daily.eod-review` job writes the same thing after the close for every tenant with holdings.
 * Providers are called outside any transaction; a market-data failure answers a `degraded` review
 * that is not stored (the next call tries again).
 */
import type { Logger } from 'pino'
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { addDays } from '../../../kernel/dates.ts'
import { isTradingDay, nyDate } from '../../../kernel/calendar/nyse.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import { findReview, reviewsBetween, saveReview } from './eod.repository.ts'
import {
  MAX_DAYS_BACK,
  MAX_REVIEW_POSITIONS,
  type History,
  type HistoryQuery,
  type Review,
  type ReviewQuery,
} from './eod.schemas.ts'
import { buildReview, type SignalSources } from './eod-build.service.ts'
import { closed, reviewDates } from './lib/review-date.ts'

export interface EodDeps {
  scopes: Scopes
  clock: Clock
  log: Pick<Logger, 'info' | 'warn'>
  market: MarketDataProvider
  holdings: Pick<HoldingsService, 'asOf' | 'latest' | 'tenantsWithHoldings'>
  signals: SignalSources
}

export class EodService {
  constructor(private readonly deps: EodDeps) {}

  /** The review of `date` (default: the latest closed session) for one account or all (the contract with briefing). */
  async review(tenantId: number, opts: { accountId?: number; date?: string }): Promise<Review> {
    return (await this.reviewOnce(tenantId, opts)).review
  }

  async get(scope: RequestScope, q: ReviewQuery): Promise<Review> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    return this.review(tenantId, { ...opt('accountId', q.account_id), ...opt('date', q.review_date) })
  }

  private async reviewOnce(
    tenantId: number,
    opts: { accountId?: number; date?: string },
  ): Promise<{ review: Review; written: boolean }> {
    const now = this.deps.clock.now()
    const dates = reviewDates(opts.date, now, MAX_DAYS_BACK)
    // Positions of the review date (each holding's latest snapshot row on or before it); read first,
    // so an unknown (or another tenant's) account is a 404 before anything.
    const holdings = await this.deps.holdings.asOf(tenantId, dates.date, {
      ...opt('accountId', opts.accountId),
      limit: MAX_REVIEW_POSITIONS,
    })
    const accountScope = opts.accountId ?? 0
    const stored = await this.deps.scopes.withTenant(tenantId, (s) => findReview(s, accountScope, dates.date))
    // A stored review stands only while the positions it priced are still those held on its date: a
    // holding recorded since (back-dated, or a broker account linked since) makes it be redone.
    const sameHoldings = stored !== undefined && samePositions((stored.payload as Review).positions, holdings)
    if (stored && sameHoldings && (stored.complete || !dates.nextKnown))
      return { review: stored.payload as Review, written: false }
    const review = await buildReview(this.deps, {
      tenantId,
      accountId: opts.accountId ?? null,
      holdings,
      dates,
      now,
    })
    // Market movers come from live quotes: a recomputation keeps the ones stored by the first one.
    if (stored && review.movers.market === null)
      review.movers.market = (stored.payload as Review).movers.market
    if (review.degraded) return { review, written: false }
    const written = await this.deps.scopes.withTenant(tenantId, (s) =>
      saveReview(
        s,
        {
          account_scope: accountScope,
          review_date: dates.date,
          total_pnl: review.totals.pnl,
          signals: review.signal_stats.count,
          hits: review.signal_stats.hits,
          complete: review.complete,
          payload: review,
        },
        now,
        { replaceComplete: !sameHoldings },
      ),
    )
    return { review, written }
  }

  async history(scope: RequestScope, q: HistoryQuery): Promise<History> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    if (q.account_id !== undefined)
      await this.deps.holdings.latest(tenantId, { accountId: q.account_id, limit: 1 })
    const to = nyDate(this.deps.clock.now())
    const from = addDays(to, -(q.days - 1))
    const rows = await this.deps.scopes.withTenant(tenantId, (s) =>
      reviewsBetween(s, q.account_id ?? 0, from, to),
    )
    return {
      from,
      to,
      account_id: q.account_id ?? null,
      items: rows.map((r) => summary(r.payload as Review)),
    }
  }

  /**
   * The scheduled run after the close: for every tenant with holdings, the all-accounts review of
   * today, each in its own scope; a review already stored is not rewritten (idempotent reruns),
   * and one tenant's failure is logged without stopping the others.
   */
  async runScheduled(): Promise<{ tenants: number; written: number }> {
    const now = this.deps.clock.now()
    const today = nyDate(now)
    if (!isTradingDay(today) || !closed(today, now)) return { tenants: 0, written: 0 }
    const tenants = await this.deps.holdings.tenantsWithHoldings('daily: end-of-day review')
    let written = 0
    for (const tenantId of tenants) {
      try {
        if ((await this.reviewOnce(tenantId, { date: today })).written) written++
      } catch (e) {
        this.deps.log.warn({ tenantId, err: e }, 'daily: end-of-day review failed for a tenant')
      }
    }
    this.deps.log.info({ tenants: tenants.length, written }, 'daily: end-of-day reviews done')
    return { tenants: tenants.length, written }
  }
}

/** The same symbols at the same quantities, in any order. */
function samePositions(a: { symbol: string; quantity: number }[], b: { symbol: string; quantity: number }[]) {
  const key = (xs: { symbol: string; quantity: number }[]) =>
    xs
      .map((x) => `${x.symbol}:${x.quantity}`)
      .sort()
      .join(',')
  return a.length === b.length && key(a) === key(b)
}

function opt<K extends string, V>(key: K, v: V | undefined): { [P in K]?: V } {
  return (v === undefined ? {} : { [key]: v }) as { [P in K]?: V }
}

export function summary(r: Review) {
  const priced = r.positions.filter((p) => p.pnl !== null)
  const best = priced.reduce<(typeof priced)[number] | null>((b, p) => (!b || p.pnl! > b.pnl! ? p : b), null)
  const worst = priced.reduce<(typeof priced)[number] | null>((w, p) => (!w || p.pnl! < w.pnl! ? p : w), null)
  return {
    review_date: r.review_date,
    total_pnl: r.totals.pnl,
    signals: r.signal_stats.count,
    hits: r.signal_stats.hits,
    misses: r.signal_stats.misses,
    best: best && { symbol: best.symbol, pnl: best.pnl! },
    worst: worst && { symbol: worst.symbol, pnl: worst.pnl! },
    complete: r.complete,
  }
}
