/** Where the Schwab sandbox's logins and order book read prices: current quotes, else the history anchor. */
import type { Quote } from '../../../market-data/market-data.port.ts'

export interface Prices {
  /** Current quotes of these symbols (unknown ones left out), keyed by upper-case symbol. */
  quotes(symbols: readonly string[]): Promise<Map<string, Quote>>
  /** The last price, else the first price the sandbox saw (history anchor), else undefined. */
  priceOf(symbol: string, quotes: ReadonlyMap<string, Quote>): number | undefined
}
