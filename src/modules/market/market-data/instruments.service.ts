/**
 * Symbol search and metadata over the market data provider's universe (the simulated one, or
 * the reference list for a vendor without an asset list). The universe is read through the
 * provider, which the container caches for vendors (metadata TTL).
 */
import { NotFoundError } from '../../../platform/http/errors.ts'
import { pageArray, resolvePage, type PageResult } from '../../../platform/http/pagination.ts'
import type { Instrument, MarketDataProvider } from '../../../providers/market-data/index.ts'
import type { InstrumentOut, InstrumentsQueryInput } from './instruments.schemas.ts'
import { searchInstruments } from './lib/search.ts'
import { knownSpelling } from './lib/share-class.ts'

const LOOKUP_CONCURRENCY = 8

/** 404 `market.unknown_symbol`, naming the spelling the provider knows when there is one. */
export async function unknownSymbol(symbol: string, market: MarketDataProvider): Promise<NotFoundError> {
  const sym = symbol.toUpperCase()
  const suggestion = await knownSpelling(sym, async (s) => (await market.instrument(s)) !== null)
  if (!suggestion) return new NotFoundError('market.unknown_symbol', `Unknown symbol ${sym}`)
  return new NotFoundError(
    'market.unknown_symbol',
    `Unknown symbol ${sym}; did you mean ${suggestion}? Share classes are written with a dot.`,
    { extra: { suggestion } },
  )
}

const shape = (i: Instrument): InstrumentOut => ({
  symbol: i.symbol,
  name: i.name,
  exchange: i.exchange,
  type: i.type,
  sector: i.sector,
  industry: i.industry,
  market_cap: i.market_cap,
  currency: i.currency,
  country: i.country,
})

export class InstrumentsService {
  constructor(private readonly deps: { market: MarketDataProvider }) {}

  async search(q: InstrumentsQueryInput): Promise<PageResult<InstrumentOut>> {
    const found = searchInstruments(await this.deps.market.universe(), {
      ...(q.q !== undefined ? { q: q.q } : {}),
      ...(q.type !== undefined ? { type: q.type } : {}),
      ...(q.sector !== undefined ? { sector: q.sector } : {}),
    })
    // The order is fixed for a given universe, so an index cursor walks it exactly once.
    return pageArray(found.map(shape), resolvePage(q))
  }

  /**
   * Of `symbols`, the ones the provider does not list (upper case, sorted). Each distinct symbol
   * is looked up once, a few at a time, so a 20,000-row import costs one lookup per ticker.
   */
  async unlisted(symbols: Iterable<string>): Promise<string[]> {
    const distinct = [...new Set([...symbols].map((s) => s.toUpperCase()))].sort()
    const missing: string[] = []
    for (let i = 0; i < distinct.length; i += LOOKUP_CONCURRENCY) {
      const batch = distinct.slice(i, i + LOOKUP_CONCURRENCY)
      const found = await Promise.all(batch.map((s) => this.deps.market.instrument(s)))
      missing.push(...batch.filter((_, j) => !found[j]))
    }
    return missing
  }

  async get(symbol: string): Promise<InstrumentOut> {
    const sym = symbol.toUpperCase()
    const i = await this.deps.market.instrument(sym)
    if (!i) throw await unknownSymbol(sym, this.deps.market)
    return shape(i)
  }
}
