/**
 * Insider buying: open-market purchases (Form 4 code P) of the asked symbols, or of the
 * caller's held symbols. Filings are public data, cached globally per symbol for 6 hours; a miss
 * fetches the stale symbols in one provider call (outside any transaction) and stores the answer.
 * Any failure answers an empty degraded payload, never an error status (docs/api-behaviour.md#degraded-answers).
 */
import type { Logger } from 'pino'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import { minusDays } from '../../../kernel/dates.ts'
import type { InsiderProvider } from '../../../providers/market-data/index.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import {
  afterKey,
  resolvePage,
  toPage,
  type PageQueryInput,
  type PageRequest,
} from '../../../platform/http/pagination.ts'
import * as repo from './insider.repository.ts'
import type { InsiderBuying } from './insider.schemas.ts'

export const INSIDER_TTL_MS = 6 * 3_600_000
/** A fetch covers at least this many days, so shorter look-backs reuse it. */
export const MIN_FETCH_DAYS = 90

export interface InsiderDeps {
  scopes: Scopes
  clock: Clock
  insider: InsiderProvider
  /** The caller's holdings in every account (portfolio's holdings), for the default symbols. */
  holdings: Pick<Portfolio['holdings'], 'latest'>
  log?: Pick<Logger, 'warn'>
}

export interface InsiderBuyingQuery extends PageQueryInput {
  min_value_usd: number
  days: number
  symbols?: string[] | undefined
}

export class InsiderService {
  constructor(private readonly deps: InsiderDeps) {}

  async insiderBuying(scope: RequestScope, q: InsiderBuyingQuery): Promise<InsiderBuying> {
    // Paging input is the caller's to fix (422), checked before the degraded catch-all.
    const page = resolvePage(q)
    const after = afterKey<repo.PurchaseKey>(page, ['date', 'time?', 'text', 'int'])
    const empty = { items: [], next_cursor: null, page: page.page, page_size: page.pageSize }
    try {
      return await this.purchases(scope, q, page, after, empty)
    } catch (e) {
      this.deps.log?.warn({ err: e }, 'insider buying degraded')
      const reason = isUpstreamError(e)
        ? `insider data unavailable (${e.kind})`
        : 'insider data unavailable (internal)'
      return { ...empty, degraded: true, reason }
    }
  }

  private async purchases(
    scope: RequestScope,
    q: InsiderBuyingQuery,
    page: PageRequest,
    after: repo.PurchaseKey | null,
    empty: Omit<InsiderBuying, 'degraded'>,
  ): Promise<InsiderBuying> {
    const symbols = [...new Set(q.symbols ?? (await this.heldSymbols(scope)))].sort()
    if (!symbols.length) return { ...empty, degraded: false }
    const now = this.deps.clock.now()
    const today = nyDate(now)
    const since = minusDays(today, q.days)
    await this.refresh(symbols, now, today, since)
    const rows = await this.deps.scopes.withGlobal((db) =>
      repo.purchases(db, { symbols, since, minValue: q.min_value_usd }, page, after),
    )
    const num = (v: string | null) => (v === null ? null : Number(v))
    const key = (r: (typeof rows)[number]): repo.PurchaseKey => [
      r.transaction_date,
      r.filed_at?.toISOString() ?? null,
      r.symbol,
      r.seq,
    ]
    const shaped = toPage(rows, page, key, (r) => ({
      symbol: r.symbol,
      insider_name: r.insider_name,
      insider_title: r.insider_title,
      transaction_date: r.transaction_date,
      shares: Number(r.shares),
      price: num(r.price),
      value: num(r.value),
      filing_url: r.filing_url,
    }))
    return { ...shaped, degraded: false }
  }

  private async heldSymbols(scope: RequestScope): Promise<string[]> {
    return (await this.deps.holdings.latest(scope.tenantId)).map((h) => h.symbol)
  }

  /** Fetches the symbols whose stored filings are older than the TTL or do not reach back to `since`. */
  private async refresh(symbols: string[], now: Date, today: string, since: string): Promise<void> {
    const stored = await this.deps.scopes.withGlobal((db) => repo.fetches(db, symbols))
    const fresh = new Set(
      stored
        .filter((f) => now.getTime() - f.fetched_at.getTime() < INSIDER_TTL_MS && f.window_from <= since)
        .map((f) => f.symbol),
    )
    const stale = symbols.filter((s) => !fresh.has(s))
    if (!stale.length) return
    const from = minusDays(today, MIN_FETCH_DAYS) < since ? minusDays(today, MIN_FETCH_DAYS) : since
    const fetched = await this.deps.insider.insiderTransactions(stale, from, today)
    const wanted = new Set(stale)
    const rows = fetched
      .map((t) => ({ ...t, symbol: t.symbol.toUpperCase() }))
      .filter((t) => wanted.has(t.symbol))
    await this.deps.scopes.withSystem('intel: cache insider filings', ({ db }) =>
      repo.replace(db, { provider: this.deps.insider.name, symbols: stale, from, to: today, at: now, rows }),
    )
  }
}
