/** The tenant's current holdings for other modules (trading intelligence, discovery, hedging). */
import type { Scopes } from '../../platform/db/tenant-scope.ts'
import { accountNotFound } from './accounts.service.ts'
import { findAccount } from './accounts.repository.ts'
import { latestHoldings, tenantsWithHoldings } from './holdings.repository.ts'

export interface Holding {
  symbol: string
  quantity: number
  /** USD at the latest snapshot's price; negative for a short. */
  market_value: number
}

export class HoldingsService {
  constructor(private readonly deps: { scopes: Scopes }) {}

  /**
   * Symbols held now (each account's latest snapshot, not flat), largest |market value| first.
   * With `accountId`, that account only; an account of another tenant (or none) → 404
   * `accounts.not_found`. `limit` keeps the first ones.
   */
  async latest(tenantId: number, opts: { accountId?: number; limit?: number } = {}): Promise<Holding[]> {
    return this.asOf(tenantId, undefined, opts)
  }

  /**
   * As `latest`, from each account's latest snapshot on or before `date` (YYYY-MM-DD; undefined:
   * the latest): what was held at that date's end (the end-of-day review).
   */
  async asOf(
    tenantId: number,
    date: string | undefined,
    opts: { accountId?: number; limit?: number } = {},
  ): Promise<Holding[]> {
    const rows = await this.deps.scopes.withTenant(tenantId, async (s) => {
      if (opts.accountId !== undefined && !(await findAccount(s, opts.accountId))) throw accountNotFound()
      return latestHoldings(s, opts.accountId, opts.limit, date)
    })
    return rows.map((r) => ({
      symbol: r.symbol,
      quantity: Number(r.quantity),
      market_value: Number(r.market_value),
    }))
  }

  /**
   * Tenants that have held something, for scheduled jobs that work per tenant (each then reads its
   * own holdings with `latest`, in its own scope). Read in an audited system scope.
   */
  tenantsWithHoldings(reason: string): Promise<number[]> {
    return this.deps.scopes.withSystem(reason, (s) => tenantsWithHoldings(s))
  }
}
