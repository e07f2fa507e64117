/**
 * A fake portfolio for the trade cache's tests, keeping the contract of `realizedBetween` and
 * `realizedSince` (every write stamped; a mark sees the stamps up to its own; a hard delete moves
 * `purges`), and a fake store of packed values shared by "processes" (caches), as the table is.
 */
import type { RealizedTrade, TradeChange, TradeMark } from '../../src/modules/portfolio/index.ts'
import { Registry } from 'prom-client'
import {
  RealizedTradeCache,
  type RealizedQuery,
} from '../../src/modules/trading-intel/backtest/trade-cache.service.ts'
import { TRADE_CACHE_METRICS as M } from '../../src/modules/trading-intel/backtest/trade-cache.metrics.ts'
import type { PackedTrades } from '../../src/modules/trading-intel/backtest/trade-packs.service.ts'

interface Row {
  tenant: number
  account: number
  trade: RealizedTrade
  live: boolean
  stamp: number
}

export const trade = (id: number, sold_on: string, gain_loss = 0, account_id = 1): RealizedTrade => ({
  id,
  account_id,
  symbol: 'X',
  quantity: 1,
  date_acquired: '2025-01-02',
  sold_on,
  proceeds: 1,
  cost_basis: 1,
  fees: 0,
  gain_loss,
})

export const bySale = (a: RealizedTrade, b: RealizedTrade) =>
  a.sold_on.localeCompare(b.sold_on) || a.id - b.id

/** A portfolio: `dates` (one trade each, account 1) per tenant; writes stamp rows with a counter. */
export function fakePortfolio(dates: string[]) {
  const rows: Row[] = []
  const state = { stamp: 0, purges: 0, whole: 0, since: 0 }
  const mark = (): TradeMark => ({ snapshot: String(state.stamp), purges: state.purges })
  const write = (tenant: number, account: number, t: RealizedTrade, live = true) => {
    const row = rows.find((r) => r.tenant === tenant && r.trade.id === t.id)
    const next = { tenant, account, trade: { ...t, account_id: account }, live, stamp: ++state.stamp }
    if (row) Object.assign(row, next)
    else rows.push(next)
  }
  for (const tenant of [1, 2, 3]) dates.forEach((d, i) => write(tenant, 1, trade(tenant * 1000 + i, d)))
  const wholeRead = (tenantId: number, q: RealizedQuery) =>
    rows
      .filter(
        (r) => r.tenant === tenantId && r.live && (q.accountId === undefined || r.account === q.accountId),
      )
      .map((r) => r.trade)
      .filter((t) => t.sold_on >= q.from && t.sold_on <= q.to)
      .sort(bySale)
  const holdings = {
    realizedBetween: async (tenantId: number, q: RealizedQuery) => {
      state.whole++
      return { trades: wholeRead(tenantId, q), mark: mark() }
    },
    realizedSince: async (tenantId: number, q: { since: TradeMark }) => {
      state.since++
      const changes: TradeChange[] = rows
        .filter((r) => r.tenant === tenantId && r.stamp > Number(q.since.snapshot))
        .map((r) => ({
          id: r.trade.id,
          account_id: r.account,
          live: r.live,
          trade: r.live ? r.trade : undefined,
        }))
      return { changes, mark: mark(), complete: state.purges === q.since.purges }
    },
  }
  const purge = (tenant: number, id: number) => {
    rows.splice(
      rows.findIndex((r) => r.tenant === tenant && r.trade.id === id),
      1,
    )
    state.purges++
  }
  return { state, holdings, write, purge, wholeRead }
}

export const DATES = ['2025-01-02', '2025-01-03', '2025-01-03', '2025-01-06', '2025-01-07']
export const JAN = { from: '2025-01-02', to: '2025-01-07' }
export const ids = (ts: RealizedTrade[]) => ts.map((t) => t.id % 1000)

/** A packed-value store shared by "processes" (caches), as the table is; writes happen at once. */
export function fakePacks() {
  const values = new Map<string, PackedTrades>()
  const packs = {
    writes: 0,
    read: async (tenantId: number, scope: string) => values.get(`${tenantId}:${scope}`),
    schedule: (tenantId: number, scope: string, v: PackedTrades) => {
      packs.writes++
      values.set(`${tenantId}:${scope}`, v)
    },
    write: async (tenantId: number, scope: string, v: PackedTrades) => packs.schedule(tenantId, scope, v),
  }
  return { packs, values }
}

/** What a cache's registry shows (as /metrics would): hits, misses, refreshes, whole reads, trades held. */
export async function counts(registry: Registry) {
  const metrics = await registry.getMetricsAsJSON()
  const value = (name: string, result?: string) =>
    metrics
      .find((m) => m.name === name)!
      .values.find((v) => result === undefined || v.labels['result'] === result)!.value
  return {
    hits: value(M.reads, 'hit'),
    misses: value(M.reads, 'miss'),
    refreshed: value(M.refreshes),
    whole: value(M.wholeReads),
    held: value(M.held),
  }
}

/** A cache with a registry of its own, and what that registry shows now. */
export function meteredCache(...[holdings, packs, opts]: ConstructorParameters<typeof RealizedTradeCache>) {
  const metrics = new Registry()
  const cache = new RealizedTradeCache(holdings, packs, { ...opts, metrics })
  return { cache, counts: () => counts(metrics) }
}
