/**
 * A MarketDataProvider decorator that answers from the shared cache (memory or Redis) and only
 * asks the inner provider on a miss. TTLs follow the NYSE session in progress:
 *
 * - quotes, per symbol: 5 s in the regular session, 60 s pre/post, 10 min when closed;
 * - bars, per (symbol, interval, session, start, end, limit): 15 s when the range reaches into
 *   today while a session (pre, regular or post) is in progress (today's bars, intraday or the
 *   partial daily bar, still move); otherwise until the next session change, at most 6 h;
 * - instrument and universe: 6 h;
 * - option chains: 60 s in the regular session, 10 min otherwise.
 *
 * Every TTL except the metadata's is also cut at the next session change, so a value from the
 * closed market is not served after the open. Identical concurrent misses share one inner call
 * (the cache's single-flight per key; quotes keep their own per-symbol in-flight map, so a
 * `quotes([...])` asks the inner provider once, for the missing symbols only). Errors are not
 * cached. Every cached value is plain JSON (ISO strings, no Dates), so a hit equals a miss.
 */
import type { Cache } from '../../../platform/cache/index.ts'
import type { Clock } from '../../../platform/clock.ts'
import {
  nextTradingDay,
  nyDate,
  sessionAt,
  tradingDay,
  type MarketSession,
} from '../../../platform/market-calendar.ts'
import type {
  Bar,
  BarsQuery,
  ManyBarsQuery,
  Instrument,
  MarketDataProvider,
  OptionChain,
  Quote,
} from '../market-data.port.ts'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

export const MARKET_CACHE_TTL = {
  quote: { regular: 5 * SECOND, pre: MINUTE, post: MINUTE, closed: 10 * MINUTE },
  liveBars: 15 * SECOND,
  settledBarsMax: 6 * HOUR,
  metadata: 6 * HOUR,
  chain: { regular: MINUTE, other: 10 * MINUTE },
} as const

/** Bump when a cached shape changes, so old entries (Redis) are not read as the new shape. */
const VERSION = 'v1'

const norm = (symbol: string) => symbol.trim().toUpperCase()

interface MarketTime {
  now: Date
  session: MarketSession
  /** ms until the next session edge (pre-open, open, close, post-close); Infinity if unknown. */
  untilChange: number
  /** Pre-open of today when today is a trading day: bars from it on are today's. */
  todayStart: Date | null
  /** False outside the calendar's years: everything is treated as live. */
  known: boolean
}

/** The session edges strictly after `at`; null outside the calendar's years. */
function nextSessionChange(at: Date): Date | null {
  try {
    let date = nyDate(at)
    // At most: today (or a non-trading day), then the next trading day, whose pre-open is ahead.
    for (let k = 0; k < 3; k++) {
      const day = tradingDay(date)
      if (day) {
        for (const edge of [day.preOpen, day.open, day.close, day.postClose]) if (edge > at) return edge
      }
      date = nextTradingDay(date)
    }
  } catch {
    // Outside the calendar: no edge known.
  }
  return null
}

function marketTime(now: Date): MarketTime {
  let session: MarketSession
  let todayStart: Date | null = null
  let known = true
  try {
    session = sessionAt(now)
    todayStart = tradingDay(nyDate(now))?.preOpen ?? null
  } catch {
    // Outside the calendar's years: assume the market is live, which gives the shortest TTLs.
    session = 'regular'
    known = false
  }
  const change = nextSessionChange(now)
  const untilChange = change ? change.getTime() - now.getTime() : Infinity
  return { now, session, todayStart, known, untilChange }
}

/**
 * marketTime through a memo: the session and today's pre-open cannot change before the next
 * session edge, and the calendar (luxon) costs ~0.5 ms a call, which a burst of hundreds of bars
 * calls (volume leaders) would otherwise pay each time.
 */
function memoMarketTime(): (now: Date) => MarketTime {
  let memo: { from: number; until: number; session: MarketSession; todayStart: Date | null } | null = null
  return (now) => {
    const t = now.getTime()
    if (memo && t >= memo.from && t < memo.until) {
      const { session, todayStart, until } = memo
      return { now, session, todayStart, known: true, untilChange: until - t }
    }
    const fresh = marketTime(now)
    memo =
      fresh.known && Number.isFinite(fresh.untilChange)
        ? { from: t, until: t + fresh.untilChange, session: fresh.session, todayStart: fresh.todayStart }
        : null
    return fresh
  }
}

/** The base TTL, cut at the next session change (which is always > 0 ms ahead). */
const capped = (t: MarketTime, ttlMs: number) => Math.max(1, Math.min(ttlMs, t.untilChange))

function quoteTtl(t: MarketTime): number {
  return capped(t, MARKET_CACHE_TTL.quote[t.session])
}

function barsTtl(t: MarketTime, query: BarsQuery): number {
  if (!t.known) return MARKET_CACHE_TTL.liveBars
  const reachesToday = t.todayStart !== null && (query.end === undefined || query.end >= t.todayStart)
  if (t.session !== 'closed' && reachesToday) return capped(t, MARKET_CACHE_TTL.liveBars)
  return capped(t, MARKET_CACHE_TTL.settledBarsMax)
}

function chainTtl(t: MarketTime): number {
  return capped(t, t.session === 'regular' ? MARKET_CACHE_TTL.chain.regular : MARKET_CACHE_TTL.chain.other)
}

function barsKey(symbol: string, q: BarsQuery): string {
  const iso = (d: Date | undefined) => (d ? d.toISOString() : '-')
  return [symbol, q.interval, q.session ?? 'regular', iso(q.start), iso(q.end), q.limit ?? '-'].join(':')
}

export function createCachedMarketData(
  inner: MarketDataProvider,
  deps: { cache: Cache; clock: Clock },
): MarketDataProvider {
  const { cache, clock } = deps
  const timeAt = memoMarketTime()
  const prefix = `market:${inner.name}:${VERSION}:`
  const key = (kind: string, rest: string) => `${prefix}${kind}:${rest}`
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
      const t = timeAt(clock.now())
      const quotes = await inner.quotes(symbols)
      const bySymbol = new Map(quotes.map((q): [string, Quote] => [norm(q.symbol), q]))
      const ttl = quoteTtl(t)
      // A symbol the provider does not know is not cached: it may just have no quote yet.
      await Promise.all([...bySymbol].map(([s, q]) => cache.set(key('quote', s), q, ttl)))
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

  return {
    name: inner.name,

    async quotes(symbols) {
      const wanted = [...new Set(symbols.map(norm).filter((s) => s !== ''))]
      const found = new Map<string, Promise<Quote | null>>()
      const toRead: string[] = []
      for (const s of wanted) {
        const flying = inflight.get(s)
        if (flying) found.set(s, parse(flying))
        else toRead.push(s)
      }
      const cached = await Promise.all(toRead.map((s) => cache.get<Quote>(key('quote', s))))
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
    },

    async bars(symbol, query) {
      const sym = norm(symbol)
      const t = timeAt(clock.now())
      const { value } = await cache.wrap<Bar[]>(key('bars', barsKey(sym, query)), barsTtl(t, query), () =>
        inner.bars(sym, query),
      )
      return value
    },

    // Not cached: its callers (volume leaders) read each window once and keep what they read.
    ...(inner.barsMany
      ? { barsMany: (symbols: string[], query: ManyBarsQuery) => inner.barsMany!(symbols, query) }
      : {}),

    async optionChain(symbol, query) {
      const sym = norm(symbol)
      const t = timeAt(clock.now())
      const { value } = await cache.wrap<OptionChain>(
        key('chain', `${sym}:${query?.expiration ?? 'nearest'}`),
        chainTtl(t),
        () => inner.optionChain(sym, query),
      )
      return value
    },

    async instrument(symbol) {
      const sym = norm(symbol)
      const { value } = await cache.wrap<Instrument | null>(
        key('instrument', sym),
        MARKET_CACHE_TTL.metadata,
        () => inner.instrument(sym),
      )
      return value
    },

    async universe() {
      const { value } = await cache.wrap<Instrument[]>(
        key('universe', 'all'),
        MARKET_CACHE_TTL.metadata,
        () => inner.universe(),
      )
      return value
    },
  }
}
