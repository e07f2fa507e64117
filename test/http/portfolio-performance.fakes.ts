/**
 * A market with fixed daily closes and fixed euro reference rates, so every figure of a
 * performance answer can be worked out by hand.
 */
import type {
  Bar,
  BarsQuery,
  FxDay,
  FxProvider,
  Instrument,
  MarketDataProvider,
  OptionChain,
  Quote,
} from '../../src/providers/market-data/index.ts'

const instrument = (symbol: string, currency: string): Instrument => ({
  symbol,
  name: symbol,
  exchange: 'TEST',
  type: 'stock',
  sector: null,
  industry: null,
  market_cap: null,
  currency,
  country: null,
})

export class FixedMarket implements MarketDataProvider {
  readonly name = 'fixed'
  /** Every bars call, so a test can tell the series read the market itself. */
  readonly calls: string[] = []
  constructor(private readonly closes: Record<string, { currency: string; days: Record<string, number> }>) {}
  quotes(): Promise<Quote[]> {
    return Promise.resolve([])
  }
  bars(symbol: string, q: BarsQuery): Promise<Bar[]> {
    this.calls.push(symbol)
    const c = this.closes[symbol]
    if (!c) return Promise.resolve([])
    return Promise.resolve(
      Object.entries(c.days)
        .map(([date, close]) => ({
          time: `${date}T05:00:00.000Z`,
          open: close,
          high: close,
          low: close,
          close,
          volume: 1000,
          vwap: null,
        }))
        .filter(
          (b) => (!q.start || b.time >= q.start.toISOString()) && (!q.end || b.time <= q.end.toISOString()),
        ),
    )
  }
  optionChain(): Promise<OptionChain> {
    return Promise.reject(new Error('no options'))
  }
  instrument(symbol: string): Promise<Instrument | null> {
    const c = this.closes[symbol]
    return Promise.resolve(c ? instrument(symbol, c.currency) : null)
  }
  universe(): Promise<Instrument[]> {
    return Promise.resolve(Object.entries(this.closes).map(([s, c]) => instrument(s, c.currency)))
  }
}

export class FixedFx implements FxProvider {
  readonly name = 'fixed-fx'
  constructor(private readonly days: FxDay[]) {}
  currencies(): Promise<string[]> {
    return Promise.resolve(['EUR', ...Object.keys(this.days[0]?.rates ?? {})])
  }
  dailyRates(from: string, to: string): Promise<FxDay[]> {
    return Promise.resolve(this.days.filter((d) => d.date >= from && d.date <= to))
  }
}
