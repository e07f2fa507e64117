/** The bars each timeframe analyses (lib/timeframes.ts says which), read from the market data provider. */
import type { Bar, MarketDataProvider } from '../../../providers/market-data/index.ts'
import { unknownSymbol } from './instruments.service.ts'
import { HISTORY, weekly, type Timeframe } from './lib/timeframes.ts'

export class TimeframeBars {
  constructor(private readonly deps: { market: MarketDataProvider }) {}

  /**
   * The bars a timeframe analyses, oldest first. An unknown symbol is a 404 `market.unknown_symbol`
   * (the port answers it an empty list); upstream failures propagate as UpstreamErrors. `bars`
   * reads a longer (or shorter) history of the timeframe's interval than HISTORY (pattern backtests).
   */
  async read(symbol: string, timeframe: Timeframe, opts: { bars?: number } = {}): Promise<Bar[]> {
    const sym = symbol.toUpperCase()
    const h = HISTORY[timeframe]
    const [instrument, bars] = await Promise.all([
      this.deps.market.instrument(sym),
      this.deps.market.bars(sym, { interval: h.interval, limit: opts.bars ?? h.bars }),
    ])
    if (!instrument) throw await unknownSymbol(sym, this.deps.market)
    return timeframe === '1w' ? weekly(bars) : bars
  }
}
