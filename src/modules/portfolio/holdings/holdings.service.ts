/** The tenant's current holdings for other modules (trading intelligence, discovery, hedging). */
import type { Scopes } from '../../../platform/db/index.ts'
import { ownAccount } from '../accounts/accounts.service.ts'
import { latestHoldings, tenantsWithHoldings } from './holdings.repository.ts'
import {
  realizedBetween,
  realizedSince,
  type RealizedRow,
  type TradeChange,
  type TradeMark,
} from '../trades/realized.repository.ts'
import { portfolioVersion } from '../analytics/analytics.repository.ts'

export interface Holding {
  symbol: string
  quantity: number
  /** USD at the latest snapshot's price; negative for a short. */
  market_value: number
}

/** A holding with its summed cost basis (USD, positive for longs and shorts alike), for exit stops. */
export interface HoldingWithCost extends Holding {
  cost_basis: number
}

/** A closed trade as backtests replay it (numbers, not decimal strings). */
export type RealizedTrade = RealizedRow
export type { TradeChange, TradeMark }

export class HoldingsService {
  constructor(private readonly deps: { scopes: Scopes }) {}

  /**
   * Symbols held now (each holding's latest snapshot row, not flat), largest |market value| first.
   * With `accountId`, that account only; an account of another tenant (or none) → 404
   * `accounts.not_found`. `limit` keeps the first ones.
   */
  async latest(tenantId: number, opts: { accountId?: number; limit?: number } = {}): Promise<Holding[]> {
    return this.asOf(tenantId, undefined, opts)
  }

  /** `latest` with each holding's cost basis (entry price = cost_basis / |quantity|). */
  async latestWithCost(
    tenantId: number,
    opts: { accountId?: number; limit?: number } = {},
  ): Promise<HoldingWithCost[]> {
    return (await this.rows(tenantId, undefined, opts)).map((r) => ({
      symbol: r.symbol,
      quantity: Number(r.quantity),
      market_value: Number(r.market_value),
      cost_basis: Number(r.cost_basis),
    }))
  }

  /**
   * As `latest`, from each holding's latest snapshot row on or before `date` (YYYY-MM-DD; undefined:
   * the latest): what was held at that date's end (the end-of-day review).
   */
  async asOf(
    tenantId: number,
    date: string | undefined,
    opts: { accountId?: number; limit?: number } = {},
  ): Promise<Holding[]> {
    return (await this.rows(tenantId, date, opts)).map((r) => ({
      symbol: r.symbol,
      quantity: Number(r.quantity),
      market_value: Number(r.market_value),
    }))
  }

  private rows(tenantId: number, date: string | undefined, opts: { accountId?: number; limit?: number }) {
    return this.deps.scopes.withTenant(tenantId, async (s) => {
      await ownAccount(s, opts.accountId)
      return latestHoldings(s, opts.accountId, opts.limit, date)
    })
  }

  /**
   * Tenants that have held something, for scheduled jobs that work per tenant (each then reads its
   * own holdings with `latest`, in its own scope). Read in an audited system scope.
   */
  tenantsWithHoldings(reason: string): Promise<number[]> {
    return this.deps.scopes.withSystem(reason, (s) => tenantsWithHoldings(s))
  }

  /**
   * The tenant's portfolio version (0 before its first write): a trigger moves it on every committed
   * write to trades, snapshots, capital flows, investors or accounts (migration 0007). A cache of
   * anything read from those tables is exact when keyed on it — read the version first, then the data.
   */
  async version(tenantId: number): Promise<number> {
    // bigint: `pg` answers a string, PGlite a number.
    return Number(await this.deps.scopes.withTenant(tenantId, (s) => portfolioVersion(s)))
  }

  /**
   * Closed trades sold from `from` to `to` (inclusive, YYYY-MM-DD), oldest sale first, of one account
   * (another tenant's or none → 404 `accounts.not_found`) or all; undated sales left out. With the
   * mark of the read, to ask `realizedSince` what changed after it.
   */
  async realizedBetween(
    tenantId: number,
    q: { accountId?: number; from: string; to: string },
  ): Promise<{ trades: RealizedTrade[]; mark: TradeMark }> {
    return this.deps.scopes.withTenant(tenantId, async (s) => {
      await ownAccount(s, q.accountId)
      return realizedBetween(s, q)
    })
  }

  /**
   * The tenant's trades written since `since` (a mark of an earlier read), in any account, and the
   * mark to ask from next; `accountId` is checked as in `realizedBetween`. Not `complete` (a hard
   * delete since, or another cluster's mark): read whole again.
   */
  async realizedSince(
    tenantId: number,
    q: { accountId?: number; since: TradeMark },
  ): Promise<{ changes: TradeChange[]; mark: TradeMark; complete: boolean }> {
    return this.deps.scopes.withTenant(tenantId, async (s) => {
      await ownAccount(s, q.accountId)
      return realizedSince(s, q.since)
    })
  }
}
