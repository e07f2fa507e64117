/**
 * POST /api/market/refresh: fetch latest prices and write today's snapshot rows (New York date)
 * for every held symbol of the caller's tenant (accounts not archived), or only the symbols asked for. Prices are fetched
 * outside any transaction; an upstream failure answers `degraded: true` and changes nothing.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import { latestManualHoldings, writePricedSnapshot } from './snapshots.repository.ts'

export interface RefreshResult {
  as_of: string
  updated: number
  prices: { symbol: string; price: number }[]
  missing: string[]
  degraded: boolean
  reason?: string
}

export class MarketRefreshService {
  readonly #listeners: ((result: RefreshResult) => void)[] = []

  constructor(private readonly deps: { scopes: Scopes; clock: Clock; market: MarketDataProvider }) {}

  /** Calls `listener` after each refresh that priced something (the screener rebuilds its snapshot). */
  onRefreshed(listener: (result: RefreshResult) => void): void {
    this.#listeners.push(listener)
  }

  async refresh(scope: RequestScope, symbols?: string[]): Promise<RefreshResult> {
    const today = nyDate(this.deps.clock.now())
    // Every holding of a manual account, typed in as a position or kept by its activities; an
    // archived account is not re-priced: it has left the current figures.
    const held = await this.deps.scopes.withTenant(scope.tenantId, (s) => latestManualHoldings(s))
    const wanted = symbols ? new Set(symbols) : undefined
    const holdings = held.filter((h) => Number(h.quantity) !== 0 && (!wanted || wanted.has(h.symbol)))
    const toPrice = [...new Set(holdings.map((h) => h.symbol))].sort()
    const base = { as_of: today, updated: 0, prices: [], missing: [] as string[], degraded: false }
    if (!toPrice.length) return { ...base, missing: symbols ? [...new Set(symbols)].sort() : [] }
    let quotes
    try {
      quotes = await this.deps.market.quotes(toPrice)
    } catch (e) {
      if (!isUpstreamError(e)) throw e
      return { ...base, degraded: true, reason: `market data unavailable (${e.kind})` }
    }
    const price = new Map(quotes.map((q) => [q.symbol, q.last]))
    const priced = holdings.filter((h) => price.has(h.symbol))
    // One statement for every holding: the rollup triggers then run once, not once per holding.
    await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      writePricedSnapshot(
        s,
        priced.map((h) => ({
          account_id: h.account_id,
          date: today,
          symbol: h.symbol,
          quantity: h.quantity,
          cost_basis: h.cost_basis,
          price: price.get(h.symbol)!,
        })),
      ),
    )
    const asked = symbols ? [...new Set(symbols)] : toPrice
    const result = {
      ...base,
      updated: priced.length,
      prices: toPrice.filter((s) => price.has(s)).map((symbol) => ({ symbol, price: price.get(symbol)! })),
      missing: asked.filter((s) => !price.has(s)).sort(),
    }
    if (result.updated) for (const listener of this.#listeners) listener(result)
    return result
  }
}
