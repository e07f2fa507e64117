/**
 * The price the gate judges a market order at: the market data provider's latest quote (`last`),
 * as an exact decimal string. No quote, or a provider failure, is `null`: the gate then rejects the
 * order as `price.unavailable` rather than guess.
 */
import type { Logger } from 'pino'
import { decimalString } from '../../../../providers/brokers/index.ts'
import type { MarketDataProvider } from '../../../../providers/market-data/index.ts'

export class PricingService {
  constructor(private readonly deps: { market: Pick<MarketDataProvider, 'quotes'>; log: Logger }) {}

  async quote(symbol: string): Promise<string | null> {
    try {
      const found = (await this.deps.market.quotes([symbol])).find((q) => q.symbol === symbol)
      const price = found ? decimalString(found.last) : null
      return price !== null && /[1-9]/.test(price) && !price.startsWith('-') ? price : null
    } catch (err) {
      this.deps.log.warn({ err, symbol }, 'agent order: no quote')
      return null
    }
  }
}
