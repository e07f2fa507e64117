/**
 * Alpaca Market Data REST adapter (docs/vendor-formats.md#alpaca-market-data): quotes from stock snapshots, bars, option chains
 * from options snapshots, and news. Auth is the key pair (APCA-API-KEY-ID / APCA-API-SECRET-KEY).
 * Split by concern: client.ts builds and pages requests, wire.ts decodes the wire format, and
 * bars.ts, snapshots.ts and news.ts implement the ports' methods.
 */
import type { MarketDataProvider, NewsProvider } from '../market-data.port.ts'
import { bars, barsMany } from './bars.ts'
import { createAlpacaClient, type AlpacaMarketDataOptions } from './client.ts'
import { news } from './news.ts'
import { instrument, optionChain, quotes } from './snapshots.ts'
import { PROVIDER } from './wire.ts'

export type { AlpacaFeed, AlpacaMarketDataOptions } from './client.ts'

export type AlpacaMarketData = MarketDataProvider &
  NewsProvider &
  Required<Pick<MarketDataProvider, 'barsMany'>>

export function createAlpacaMarketData(opts: AlpacaMarketDataOptions): AlpacaMarketData {
  const client = createAlpacaClient(opts)
  return {
    name: PROVIDER,
    quotes: (symbols) => quotes(client, symbols),
    bars: (symbol, query) => bars(client, symbol, query),
    barsMany: (symbols, query) => barsMany(client, symbols, query),
    optionChain: (symbol, query) => optionChain(client, symbol, query),
    instrument: (symbol) => instrument(client, symbol),
    // No documented asset list here (see instrument()); an empty universe is the honest answer.
    universe: async () => [],
    news: (query) => news(client, query),
  }
}
