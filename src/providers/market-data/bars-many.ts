/**
 * Bars of many symbols over one window: the provider's `barsMany` when it has one (one request
 * per batch of symbols and page, instead of one per symbol), else `bars` per symbol, a few at a
 * time. Whole-universe features (volume leaders) read through this.
 */
import { mapLimit } from '../../platform/concurrency.ts'
import type { Bar, MarketDataProvider, ManyBarsQuery } from './market-data.port.ts'

/** `bars` calls in flight at once when the provider has no batch call. */
const CONCURRENCY = 16

export async function barsOfMany(
  market: Pick<MarketDataProvider, 'bars' | 'barsMany'>,
  symbols: readonly string[],
  query: ManyBarsQuery,
): Promise<Map<string, Bar[]>> {
  if (!symbols.length) return new Map()
  if (market.barsMany) return market.barsMany([...symbols], query)
  const lists = await mapLimit(symbols, CONCURRENCY, (symbol) => market.bars(symbol, query))
  const out = new Map<string, Bar[]>()
  symbols.forEach((symbol, i) => {
    if (lists[i]!.length) out.set(symbol, lists[i]!)
  })
  return out
}
