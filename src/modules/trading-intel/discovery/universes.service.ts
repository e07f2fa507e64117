/**
 * The symbols of each discovery universe, and their daily bars in one batch read.
 * Providers are called here, never inside a transaction.
 */
import { DAY_MS } from '../../../kernel/dates.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Bar } from '../../../kernel/bars.ts'
import { barsOfMany, type MarketDataProvider } from '../../../providers/market-data/index.ts'
import type { FreeFeedService } from '../../market/free-feed/index.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import type { Universe } from './discovery.tables.ts'
import { SESSIONS_NEEDED } from './lib/scans.ts'
import { SP500_SYMBOLS } from './lib/sp500.ts'

/** Calendar days read to cover SESSIONS_NEEDED sessions with weekends and holidays. */
const CALENDAR_DAYS = 70

export interface UniverseDeps {
  clock: Clock
  market: MarketDataProvider
  freeFeed: Pick<FreeFeedService, 'universe'>
  holdings: Pick<HoldingsService, 'latest'>
}

export class Universes {
  constructor(private readonly deps: UniverseDeps) {}

  /** The universe's symbols; `watchlist` is the tenant's holdings until watchlists exist. */
  async symbols(universe: Universe, tenantId: number): Promise<string[]> {
    const { market } = this.deps
    switch (universe) {
      case 'all':
        // Indices carry no volume and cannot gap-trade: left out as volume leaders does.
        return (await market.universe()).filter((i) => i.type !== 'index').map((i) => i.symbol)
      case 'sp500': {
        const known = new Set((await market.universe()).map((i) => i.symbol))
        return SP500_SYMBOLS.filter((s) => known.has(s))
      }
      case 'free':
        return (await this.deps.freeFeed.universe()).symbols
      case 'watchlist':
        return (await this.deps.holdings.latest(tenantId)).map((h) => h.symbol)
    }
  }

  /** Each symbol's last SESSIONS_NEEDED daily bars (the current session so far included). */
  async dailyBars(symbols: readonly string[]): Promise<Map<string, Bar[]>> {
    if (!symbols.length) return new Map()
    const end = this.deps.clock.now()
    const start = new Date(end.getTime() - CALENDAR_DAYS * DAY_MS)
    const bars = await barsOfMany(this.deps.market, symbols, { interval: '1d', start, end })
    // A fixed number of sessions, so RSI's Wilder smoothing reads the same history every time.
    for (const [symbol, list] of bars) bars.set(symbol, list.slice(-SESSIONS_NEEDED))
    return bars
  }
}
