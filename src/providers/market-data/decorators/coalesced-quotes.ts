/**
 * Quotes for the cached decorator (cached.ts): each symbol is read from the cache, else joins a
 * fetch already in flight in this process, else is fetched, so concurrent callers share one
 * inner call per symbol.
 */
import type { Cache } from '../../../platform/cache/index.ts'
import type { Quote } from '../market-data.port.ts'

export interface CoalescedQuotesDeps {
  fetch: (symbols: string[]) => Promise<Quote[]>
  cache: Cache
  /** The cache key of a (normalized) symbol's quote. */
  key: (symbol: string) => string
  /** The TTL for quotes fetched now (read before the fetch starts). */
  ttl: () => number
}

const norm = (symbol: string) => symbol.trim().toUpperCase()

export function coalescedQuotes(deps: CoalescedQuotesDeps): (symbols: string[]) => Promise<Quote[]> {
  const { cache, key } = deps
  /**
   * Quotes being fetched by this process: symbol → the quote as JSON text (each waiter parses its
   * own copy, as a cache hit would give), or null when the provider had none.
   */
  const inflight = new Map<string, Promise<string | null>>()
  const parse = (p: Promise<string | null>) => {
    const quote = p.then((j) => (j === null ? null : (JSON.parse(j) as Quote)))
    // Marked handled now: the caller awaits it only after its own cache reads, and a failure of
    // someone else's flight in between must not surface as an unhandled rejection.
    quote.catch(() => undefined)
    return quote
  }

  /** One inner call for `symbols`; registers each in `inflight` before any await. */
  function fetchQuotes(symbols: string[]): Map<string, Promise<string | null>> {
    const call = (async () => {
      const ttl = deps.ttl()
      const quotes = await deps.fetch(symbols)
      const bySymbol = new Map(quotes.map((q): [string, Quote] => [norm(q.symbol), q]))
      // A symbol the provider does not know is not cached: it may just have no quote yet.
      await Promise.all([...bySymbol].map(([s, q]) => cache.set(key(s), q, ttl)))
      return new Map([...bySymbol].map(([s, q]): [string, string] => [s, JSON.stringify(q)]))
    })()
    const out = new Map<string, Promise<string | null>>()
    for (const s of symbols) {
      const p = call.then((m) => m.get(s) ?? null)
      out.set(s, p)
      inflight.set(s, p)
      const clear = () => {
        if (inflight.get(s) === p) inflight.delete(s)
      }
      p.then(clear, clear)
    }
    return out
  }

  return async (symbols) => {
    const wanted = [...new Set(symbols.map(norm).filter((s) => s !== ''))]
    const found = new Map<string, Promise<Quote | null>>()
    const toRead: string[] = []
    for (const s of wanted) {
      const flying = inflight.get(s)
      if (flying) found.set(s, parse(flying))
      else toRead.push(s)
    }
    const cached = await Promise.all(toRead.map((s) => cache.get<Quote>(key(s))))
    const missing: string[] = []
    toRead.forEach((s, i) => {
      const hit = cached[i]
      if (hit !== undefined) return void found.set(s, Promise.resolve(hit))
      // Another call may have started fetching it while this one read the cache.
      const flying = inflight.get(s)
      if (flying) found.set(s, parse(flying))
      else missing.push(s)
    })
    if (missing.length) for (const [s, p] of fetchQuotes(missing)) found.set(s, parse(p))
    const answers = await Promise.all(wanted.map((s) => found.get(s) ?? Promise.resolve(null)))
    return answers.filter((q): q is Quote => q !== null)
  }
}
