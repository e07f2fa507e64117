/**
 * The market-data universe as an autocomplete index (lib/symbol-index.ts), built on first use and
 * rebuilt in the background of a request once it is older than INDEX_TTL_MS (the universe changes
 * with listings, not by the minute). Also answers "is this a symbol" for adding to a list.
 */
import type { Clock } from '../../../platform/clock.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import { SymbolIndex, type IndexedInstrument } from './lib/symbol-index.ts'
import { AUTOCOMPLETE_DEFAULT, type AutocompleteQueryInput } from './watchlists.schemas.ts'

export const INDEX_TTL_MS = 60 * 60 * 1000
/** Tickers offered as hints when a symbol is unknown. */
export const HINTS = 5

export class SymbolsService {
  private built: { at: number; index: Promise<SymbolIndex> } | null = null

  constructor(
    private readonly deps: { clock: Clock; market: Pick<MarketDataProvider, 'universe' | 'instrument'> },
  ) {}

  /** The index; a stale one is still answered while its successor is built. */
  async index(): Promise<SymbolIndex> {
    const now = this.deps.clock.now().getTime()
    if (this.built && now - this.built.at < INDEX_TTL_MS) return this.built.index
    const previous = this.built
    const next = this.deps.market.universe().then((u) => new SymbolIndex(u))
    this.built = { at: now, index: next }
    next.catch(() => {
      if (this.built?.index === next) this.built = previous
    })
    return previous ? previous.index : next
  }

  async autocomplete(q: AutocompleteQueryInput) {
    const index = await this.index()
    return {
      q: q.q,
      items: index.search(q.q, q.limit ?? AUTOCOMPLETE_DEFAULT).map(({ instrument: i, match }) => ({
        symbol: i.symbol,
        name: i.name,
        exchange: i.exchange,
        type: i.type,
        match,
      })),
    }
  }

  /**
   * The instrument of `symbol` (upper case), from the index or, for a provider whose universe is a
   * reference list, its own lookup; unknown → 422 `watchlists.unknown_symbol` naming the closest
   * tickers (`suggestions`).
   */
  async require(symbol: string, loc: (string | number)[]): Promise<IndexedInstrument> {
    const index = await this.index()
    const found = index.get(symbol) ?? (await this.deps.market.instrument(symbol)) ?? undefined
    if (found) return found
    const suggestions = index.closest(symbol, HINTS)
    const hint = suggestions.length ? `; closest: ${suggestions.join(', ')}` : ''
    throw new UnprocessableError(
      'watchlists.unknown_symbol',
      `Unknown symbol ${symbol}${hint}`,
      [{ loc, msg: `unknown symbol ${symbol}${hint}`, type: 'unknown_symbol' }],
      { extra: { suggestions } },
    )
  }
}
