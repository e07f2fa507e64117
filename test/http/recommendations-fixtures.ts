/** Shared by the recommendations tests: the simulated market with quotes and daily closes the test sets. */
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import {
  SimulatedMarketData,
  type Bar,
  type BarsQuery,
  type Quote,
} from '../../src/providers/market-data/index.ts'

/** New York midnight of a date in November–March (EST, UTC−5), as the port's daily bars start. */
const nyMidnight = (date: string) => `${date}T05:00:00.000Z`

export class RecMarket extends SimulatedMarketData {
  /** Last price per symbol; a symbol absent here has no quote. */
  readonly prices: Record<string, number> = {}
  /** Daily closes per symbol and New York date. */
  readonly closes: Record<string, Record<string, number>> = {}
  failQuotes = false
  failBars = false
  barCalls = 0

  override async quotes(symbols: string[]): Promise<Quote[]> {
    if (this.failQuotes) throw new UpstreamServerError('quotes down', { provider: 'test', status: 503 })
    return symbols.flatMap((symbol) => {
      const last = this.prices[symbol]
      if (last === undefined) return []
      const q: Quote = {
        symbol,
        last,
        bid: last,
        ask: last,
        volume: 1,
        previous_close: last,
        change: 0,
        change_pct: 0,
        delayed: false,
        as_of: '2026-11-20T15:00:00Z',
      }
      return [q]
    })
  }

  override async bars(symbol: string, q: BarsQuery): Promise<Bar[]> {
    this.barCalls++
    if (this.failBars) throw new UpstreamServerError('bars down', { provider: 'test', status: 503 })
    if (q.interval !== '1d') return super.bars(symbol, q)
    const start = q.start?.getTime() ?? -Infinity
    const end = q.end?.getTime() ?? Infinity
    return Object.entries(this.closes[symbol] ?? {})
      .map(([date, close]) => ({
        time: nyMidnight(date),
        open: close,
        high: close,
        low: close,
        close,
        volume: 1,
        vwap: null,
      }))
      .filter((b) => Date.parse(b.time) >= start && Date.parse(b.time) <= end)
      .sort((a, b) => a.time.localeCompare(b.time))
  }
}
