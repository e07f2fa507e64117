/**
 * GET /api/quotes/{symbol} and GET /api/bars/{symbol}: the market data provider's answers for
 * one symbol of its universe. A quote says which session its price belongs to (`session_date`)
 * and the market's state now (`market_status`); outside the session it is a closing price with no
 * bid or ask. Upstream failures propagate as UpstreamErrors (the error handler
 * answers 502 `upstream.<kind>`): these two have no degraded shape.
 */
import type { Clock } from '../../../platform/clock.ts'
import { nyDate, sessionAt, type MarketSession } from '../../../kernel/calendar/nyse.ts'
import type { Interval, MarketDataProvider } from '../../../providers/market-data/index.ts'
import type { BarsOut, QuoteOut } from './quotes.schemas.ts'
import { unknownSymbol } from './instruments.service.ts'

export class QuotesService {
  constructor(private readonly deps: { market: MarketDataProvider; clock: Clock }) {}

  async quote(symbol: string): Promise<QuoteOut> {
    const sym = symbol.toUpperCase()
    const [instrument, quotes] = await Promise.all([
      this.deps.market.instrument(sym),
      this.deps.market.quotes([sym]),
    ])
    const quote = quotes.find((q) => q.symbol === sym)
    if (!instrument || !quote) throw await unknownSymbol(sym, this.deps.market)
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
      session_date: quote.session_date ?? nyDate(new Date(quote.as_of)),
      market_status: marketStatus(this.deps.clock.now()),
    }
  }

  async bars(symbol: string, interval: Interval, limit: number): Promise<BarsOut> {
    const sym = symbol.toUpperCase()
    // Bars of an unknown symbol are an empty list at the port; the instrument tells them apart.
    if (!(await this.deps.market.instrument(sym))) throw await unknownSymbol(sym, this.deps.market)
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

/** The NYSE session at `now`; a date outside the calendar's years is 'closed' (no known session). */
function marketStatus(now: Date): MarketSession {
  try {
    return sessionAt(now)
  } catch (e) {
    if (e instanceof RangeError) return 'closed'
    throw e
  }
}
