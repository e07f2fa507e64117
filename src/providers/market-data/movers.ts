/**
 * Movers of any market-data provider: the day's top gainers and losers by percent change and the
 * most active by volume, over the provider's universe (stocks and funds; indices have no volume).
 * Computed from the port's own `universe()` and `quotes()`, so every provider has them with no
 * vendor endpoint of its own (a vendor without a universe, such as the Alpaca adapter, has none).
 * Market hours are not a provider concern: the NYSE calendar (src/kernel/calendar/nyse.ts) is
 * the one source for sessions, holidays and early closes.
 */
import type { MarketDataProvider, Quote } from './market-data.port.ts'

export interface Movers {
  gainers: Quote[]
  losers: Quote[]
  most_active: Quote[]
}

const bySymbol = (a: Quote, b: Quote) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0)

/** `top` of each list (1–100); ties keep symbol order, so the answer is deterministic. */
export async function moversOf(
  market: Pick<MarketDataProvider, 'universe' | 'quotes'>,
  top = 10,
): Promise<Movers> {
  if (!Number.isInteger(top) || top < 1 || top > 100) throw new RangeError('top must be an integer in 1..100')
  const symbols = (await market.universe()).filter((i) => i.type !== 'index').map((i) => i.symbol)
  const quotes = symbols.length ? await market.quotes(symbols) : []
  const up = quotes.filter((q) => q.change_pct > 0)
  const down = quotes.filter((q) => q.change_pct < 0)
  return {
    gainers: up.sort((a, b) => b.change_pct - a.change_pct || bySymbol(a, b)).slice(0, top),
    losers: down.sort((a, b) => a.change_pct - b.change_pct || bySymbol(a, b)).slice(0, top),
    most_active: quotes
      .filter((q) => q.volume > 0)
      .sort((a, b) => b.volume - a.volume || bySymbol(a, b))
      .slice(0, top),
  }
}
