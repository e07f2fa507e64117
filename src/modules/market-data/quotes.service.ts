/**
 * GET /api/quotes/{symbol} and GET /api/bars/{symbol}: the market data provider's answers for
 * one symbol of its universe. Upstream failures propagate as UpstreamErrors (the error handler
 * answers 502 `upstream.<kind>`): these two have no degraded shape.
 */
import { NotFoundError } from '../../platform/http/errors.ts'
import type { Interval, MarketDataProvider } from '../../providers/market-data/index.ts'
import type { BarsOut, QuoteOut } from './quotes.schemas.ts'

const unknownSymbol = (symbol: string) =>
  new NotFoundError('market.unknown_symbol', `Unknown symbol ${symbol}`)

export class QuotesService {
  constructor(private readonly deps: { market: MarketDataProvider }) {}

  async quote(symbol: string): Promise<QuoteOut> {
    const sym = symbol.toUpperCase()
    const [instrument, quotes] = await Promise.all([
      this.deps.market.instrument(sym),
      this.deps.market.quotes([sym]),
    ])
    const quote = quotes.find((q) => q.symbol === sym)
    if (!instrument || !quote) throw unknownSymbol(sym)
    return {
      symbol: quote.symbol,
      last: quote.last,
      bid: quote.bid,
      ask: quote.ask,
      volume: quote.volume,
      change: quote.change,
      change_pct: quote.change_pct,
      previous_close: quote.previous_close,
      delayed: quote.delayed,
      as_of: quote.as_of,
    }
  }

  async bars(symbol: string, interval: Interval, limit: number): Promise<BarsOut> {
    const sym = symbol.toUpperCase()
    // Bars of an unknown symbol are an empty list at the port; the instrument tells them apart.
    if (!(await this.deps.market.instrument(sym))) throw unknownSymbol(sym)
    const bars = await this.deps.market.bars(sym, { interval, limit })
    return {
      symbol: sym,
      interval,
      items: bars.map((b) => ({
        time: b.time,
        open: b.open,
        high: b.high,
        low: b.low,
        close: b.close,
        volume: b.volume,
        vwap: b.vwap,
      })),
    }
  }
}
