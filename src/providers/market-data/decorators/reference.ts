/**
 * Reference metadata for vendors whose market-data API has no asset list (Alpaca's is a Trading
 * API resource outside docs/vendor-formats.md): the built-in list of US instruments — every S&P 500
 * constituent, the major and sector ETFs, inverse funds and indices — with name, exchange, type,
 * sector and industry, which are stable facts. Market caps in that list are the simulator's
 * approximations, so they are dropped here (null) rather than passed off as a vendor's figure.
 * With it, whole-universe features (volume leaders, movers) work on a vendor too.
 */
import type { Instrument, MarketDataProvider } from '../market-data.port.ts'
import { UNIVERSE } from '../simulator/universe.ts'

const REFERENCE: readonly Instrument[] = UNIVERSE.map((i) => ({ ...i, market_cap: null }))
const BY_SYMBOL = new Map(REFERENCE.map((i) => [i.symbol, i]))

/** `market` with the reference list as its universe, and as its metadata for the symbols listed. */
export function withReferenceUniverse(market: MarketDataProvider): MarketDataProvider {
  return {
    name: market.name,
    quotes: (symbols) => market.quotes(symbols),
    bars: (symbol, query) => market.bars(symbol, query),
    ...(market.barsMany ? { barsMany: market.barsMany.bind(market) } : {}),
    optionChain: (symbol, query) => market.optionChain(symbol, query),
    async instrument(symbol) {
      const known = BY_SYMBOL.get(symbol.trim().toUpperCase())
      return known ? { ...known } : market.instrument(symbol)
    },
    universe: async () => REFERENCE.map((i) => ({ ...i })),
  }
}
