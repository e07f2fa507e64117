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
 * (the cache's single-flight per key; quotes keep their own per-symbol in-flight map in
 * coalesced-quotes.ts, so a `quotes([...])` asks the inner provider once, for the missing symbols
 * only). Errors are not cached. Every cached value is plain JSON (ISO strings, no Dates), so a hit equals a miss.
 */
import type { Cache } from '../../../platform/cache/index.ts'
import type { Clock } from '../../../platform/clock.ts'
import { coalescedQuotes } from './coalesced-quotes.ts'
import {
  nextTradingDay,
  nyDate,
  sessionAt,
  tradingDay,
  type MarketSession,
} from '../../../kernel/calendar/nyse.ts'
import type {
  Bar,
  BarsQuery,
  ManyBarsQuery,
  Instrument,
  MarketDataProvider,
  OptionChain,
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
  const quotes = coalescedQuotes({
    fetch: (symbols) => inner.quotes(symbols),
    cache,
    key: (symbol) => key('quote', symbol),
    ttl: () => quoteTtl(timeAt(clock.now())),
  })

  return {
    name: inner.name,
    quotes,

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
