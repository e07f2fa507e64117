/**
 * GET /market-context/indices: quotes of SPY, QQQ, IWM and ^VIX (the CBOE volatility index itself,
 * as the market data universe names it; a vendor without index quotes answers it in `missing`),
 * cached 60 s in the platform cache. When the provider fails, the last good answer (kept 24 h) is
 * served with stale=true; with none, 503 `market_context.unavailable`.
 */
import type { Cache } from '../../../platform/cache/index.ts'
import type { Clock } from '../../../platform/clock.ts'
import { ServiceUnavailableError } from '../../../platform/http/errors.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import { INDEX_SYMBOLS, INDICES_STALE_MS, INDICES_TTL_MS, type IndicesOut } from './market-context.schemas.ts'

const KEY = 'market-context:indices:v1'
const LAST_KEY = 'market-context:indices:last:v1'

export type CacheState = 'HIT' | 'MISS' | 'STALE'

/** The provider answered, but with none of the instruments. */
class NoQuotes extends Error {}

export class IndicesService {
  constructor(private readonly deps: { market: MarketDataProvider; cache: Cache; clock: Clock }) {}

  async indices(): Promise<{ value: IndicesOut; cache: CacheState }> {
    try {
      const { value, hit } = await this.deps.cache.wrap(KEY, INDICES_TTL_MS, () => this.fetch())
      return { value, cache: hit ? 'HIT' : 'MISS' }
    } catch (e) {
      if (!isUpstreamError(e) && !(e instanceof NoQuotes)) throw e
      const last = await this.deps.cache.get<IndicesOut>(LAST_KEY)
      if (last) return { value: { ...last, stale: true }, cache: 'STALE' }
      throw new ServiceUnavailableError(
        'market_context.unavailable',
        'Index quotes are unavailable and none is cached; try again later',
      )
    }
  }

  private async fetch(): Promise<IndicesOut> {
    const fetchedAt = this.deps.clock.now().toISOString()
    const quotes = await this.deps.market.quotes([...INDEX_SYMBOLS])
    const bySymbol = new Map(quotes.map((q) => [q.symbol, q]))
    const items = INDEX_SYMBOLS.flatMap((s) => {
      const q = bySymbol.get(s)
      if (!q) return []
      return [
        {
          symbol: s,
          price: q.last,
          change: q.change,
          change_pct: q.change_pct,
          previous_close: q.previous_close,
          delayed: q.delayed,
          as_of: q.as_of,
        },
      ]
    })
    if (!items.length) throw new NoQuotes()
    const value = {
      items,
      missing: INDEX_SYMBOLS.filter((s) => !bySymbol.has(s)),
      fetched_at: fetchedAt,
      stale: false,
    }
    await this.deps.cache.set(LAST_KEY, value, INDICES_STALE_MS)
    return value
  }
}
