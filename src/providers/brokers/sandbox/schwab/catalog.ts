/** What the market says about symbols, cached: names, listing exchanges and types (they do not change). */
import type { Instrument, MarketDataProvider } from '../../../market-data/market-data.port.ts'
import { exchangeOf } from '../universe.ts'

export type SchwabMarket = Pick<MarketDataProvider, 'quotes' | 'bars' | 'optionChain' | 'instrument'>

export interface CatalogEntry {
  symbol: string
  name: string
  exchange: string
  type: Instrument['type']
  known: boolean
}

export interface Catalog {
  /** Entries for these symbols; one the market does not know gets the symbol as its name (known: false). */
  lookup(symbols: readonly string[]): Promise<Map<string, CatalogEntry>>
}

export function createCatalog(market: SchwabMarket): Catalog {
  const cache = new Map<string, Promise<CatalogEntry>>()
  const load = async (symbol: string): Promise<CatalogEntry> => {
    const found = await market.instrument(symbol)
    if (!found) return { symbol, name: symbol, exchange: exchangeOf(symbol), type: 'stock', known: false }
    return { symbol, name: found.name, exchange: found.exchange, type: found.type, known: true }
  }
  return {
    async lookup(symbols) {
      const entries = await Promise.all(
        [...new Set(symbols)].map((s) => {
          let p = cache.get(s)
          if (!p) {
            p = load(s)
            cache.set(s, p)
            void p.catch(() => cache.delete(s))
          }
          return p
        }),
      )
      return new Map(entries.map((e) => [e.symbol, e]))
    },
  }
}

/** Schwab's upper-case security name of a payer (dividend descriptions): "Apple Inc." → "APPLE INC". */
export const activityName = (name: string): string =>
  name.toUpperCase().replace(/[.,]/g, '').replace(/\s+/g, ' ').trim()
