/**
 * Bars of many symbols over one window: the provider's `barsMany` when it has one (one request
 * per batch of symbols and page, instead of one per symbol), else `bars` per symbol, a few at a
 * time. Whole-universe features (volume leaders) read through this.
 */
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
  const out = new Map<string, Bar[]>()
  let next = 0
  const worker = async () => {
    while (next < symbols.length) {
      const symbol = symbols[next++]!
      const bars = await market.bars(symbol, query)
      if (bars.length) out.set(symbol, bars)
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, symbols.length) }, worker))
  return out
}
