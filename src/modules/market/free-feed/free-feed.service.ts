/**
 * The free-tier feed: a small universe of liquid symbols whose 1-minute bars are
 * published 15 minutes late (by an admin or the `free-feed.publish` job), stored as published, and
 * replayed per day. A replay of a session this installation did not (fully) publish is completed
 * from the provider's history under the same delay rule, so every past session replays.
 * Provider calls run outside any transaction; the tables are global.
 */
import { mapLimit } from '../../../platform/concurrency.ts'
import type { Logger } from 'pino'
import type { Config } from '../../../platform/config.ts'
import type { Clock } from '../../../platform/clock.ts'
import { DAY_MS } from '../../../kernel/dates.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import { nyDate, sessionAt, tradingDay } from '../../../kernel/calendar/nyse.ts'
import type { Bar, MarketDataProvider } from '../../../providers/market-data/index.ts'
import { isUpstreamError, type UpstreamError } from '../../../platform/upstream-errors.ts'
import { knownSpelling } from '../market-data/index.ts'
import { aggregateBars } from './lib/aggregate.ts'
import * as repo from './free-feed.repository.ts'
import { assertReplayable } from './lib/sessions.ts'
import type {
  FreeSummary,
  PublicationOut,
  ReplayBar,
  ReplayInterval,
  ReplayOut,
  UniverseOut,
} from './free-feed.schemas.ts'

export const DELAY_MINUTES = 15
const MINUTE_MS = 60_000
/** Parallel provider calls per publication (vendor rate limits). */
const CONCURRENCY = 5

/** The configured default free-tier universe: liquid index ETFs and mega caps. */
export const DEFAULT_FREE_UNIVERSE: readonly string[] = [
  'SPY', 'QQQ', 'IWM', 'DIA', 'AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META',
  'TSLA', 'JPM', 'XOM', 'V', 'UNH', 'JNJ', 'WMT', 'BAC', 'AMD', 'NFLX',
] // prettier-ignore

export interface FreeFeedDeps {
  scopes: Scopes
  clock: Clock
  market: MarketDataProvider
  log: Pick<Logger, 'info' | 'warn'>
  /** FREE_FEED_SYMBOLS, read again on every reload (unset → DEFAULT_FREE_UNIVERSE). */
  config: Pick<Config, 'FREE_FEED_SYMBOLS'>
}

const INTERVAL_MINUTES: Record<ReplayInterval, number> = { '1m': 1, '5m': 5, '15m': 15 }

function isRealDate(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date
}

function summarise(bars: Bar[]): FreeSummary {
  const last = bars[bars.length - 1]!
  return {
    last: last.close,
    open: bars[0]!.open,
    high: Math.max(...bars.map((b) => b.high)),
    low: Math.min(...bars.map((b) => b.low)),
    volume: bars.reduce((sum, b) => sum + b.volume, 0),
    as_of: new Date(Date.parse(last.time) + MINUTE_MS).toISOString(),
  }
}

export class FreeFeedService {
  constructor(private readonly deps: FreeFeedDeps) {}

  private defaults(): string[] {
    const list = this.deps.config.FREE_FEED_SYMBOLS?.split(',') ?? DEFAULT_FREE_UNIVERSE
    return [...new Set(list.map((s) => s.trim().toUpperCase()).filter(Boolean))]
  }

  /** The stored universe; an empty table is seeded with the default list (unchecked: no upstream on a read). */
  async universe(): Promise<UniverseOut> {
    let rows = await this.deps.scopes.withGlobal((db) => repo.universe(db))
    if (!rows.length) {
      const at = this.deps.clock.now()
      rows = await this.deps.scopes.withSystem('free-feed: seed universe', async ({ db }) => {
        await repo.replaceUniverse(db, this.defaults(), at, true)
        return repo.universe(db)
      })
    }
    return {
      symbols: rows.map((r) => r.symbol),
      updated_at: rows.length
        ? new Date(Math.max(...rows.map((r) => r.loaded_at.getTime()))).toISOString()
        : null,
    }
  }

  /** Re-reads the default list, keeps the symbols the market provider knows, and stores them. */
  async reload(): Promise<UniverseOut> {
    const wanted = this.defaults()
    const known = await mapLimit(wanted, CONCURRENCY, (s) => this.deps.market.instrument(s))
    const symbols = wanted.filter((_, i) => known[i] !== null)
    const dropped = wanted.filter((_, i) => known[i] === null)
    if (dropped.length)
      this.deps.log.warn({ dropped }, 'free universe: symbols unknown to the market provider')
    const at = this.deps.clock.now()
    await this.deps.scopes.withSystem('free-feed: reload universe', ({ db }) =>
      repo.replaceUniverse(db, symbols, at),
    )
    return { symbols, updated_at: symbols.length ? at.toISOString() : null }
  }

  /**
   * Publishes today's regular-session 1-minute bars that ended at least 15 minutes ago. A symbol
   * whose provider call fails is left out (logged); if every call fails the first error propagates
   * (502). Idempotent: bars are upserted, so a repeated run re-states the same minutes.
   */
  async publish(): Promise<PublicationOut> {
    const { symbols } = await this.universe()
    const now = this.deps.clock.now()
    const cutoff = new Date(now.getTime() - DELAY_MINUTES * MINUTE_MS)
    const date = nyDate(cutoff)
    const bars = new Map<string, Bar[]>()
    const failures: UpstreamError[] = []
    await mapLimit(symbols, CONCURRENCY, async (symbol) => {
      try {
        bars.set(symbol, await this.delayedBars(symbol, date, cutoff))
      } catch (e) {
        if (!isUpstreamError(e)) throw e
        this.deps.log.warn({ err: e, symbol }, 'free feed: bars unavailable; symbol skipped')
        failures.push(e)
      }
    })
    if (symbols.length && failures.length === symbols.length) throw failures[0]!
    const summary: Record<string, FreeSummary> = {}
    // In universe order, so the stored symbol list reads like the universe.
    const published = new Map(symbols.filter((s) => bars.has(s)).map((s) => [s, bars.get(s)!] as const))
    for (const [symbol, day] of published) if (day.length) summary[symbol] = summarise(day)
    const publication = {
      publishedAt: now,
      tradingDate: date,
      delayedMinutes: DELAY_MINUTES,
      bars: published,
      summary,
    }
    const count = await this.deps.scopes.withSystem('free-feed: publish', ({ db }) =>
      repo.publish(db, publication),
    )
    return { published_at: now.toISOString(), symbols: published.size, bars: count }
  }

  /** The job: publishes while the session, or the delayed window's last minute, is regular. */
  async publishIfOpen(): Promise<void> {
    const now = this.deps.clock.now()
    if (!this.delayedSessionOpen(now)) {
      this.deps.log.info({ at: now.toISOString() }, 'free feed: market closed; nothing published')
      return
    }
    const p = await this.publish()
    this.deps.log.info(p, 'free feed published')
  }

  // The cutoff check lets the 16:00 and 16:15 runs publish the session's last 15 minutes.
  private delayedSessionOpen(now: Date): boolean {
    const lastDelayedMinute = new Date(now.getTime() - DELAY_MINUTES * MINUTE_MS - 1)
    try {
      return sessionAt(now) === 'regular' || sessionAt(lastDelayedMinute) === 'regular'
    } catch (e) {
      if (!(e instanceof RangeError)) throw e
      return false // outside the calendar's years: no known session
    }
  }

  private async delayedBars(symbol: string, date: string, cutoff: Date): Promise<Bar[]> {
    const bars = await this.deps.market.bars(symbol, {
      interval: '1m',
      start: new Date(cutoff.getTime() - DAY_MS),
      end: new Date(cutoff.getTime() - MINUTE_MS),
      session: 'regular',
      limit: 1000,
    })
    // Only whole minutes that ended by the cutoff, on the cutoff's New York date.
    return bars
      .filter((b) => Date.parse(b.time) + MINUTE_MS <= cutoff.getTime() && nyDate(new Date(b.time)) === date)
      .map((b) => ({ ...b, time: new Date(b.time).toISOString() }))
  }

  async replay(
    symbol: string,
    q: { date: string; interval: ReplayInterval; limit: number },
  ): Promise<ReplayOut> {
    const sym = symbol.toUpperCase()
    if (!isRealDate(q.date))
      throw UnprocessableError.field(['query', 'date'], 'not a real calendar date', 'format')
    const { symbols } = await this.universe()
    if (!symbols.includes(sym)) throw await notInUniverse(sym, symbols)
    const now = this.deps.clock.now()
    assertReplayable(q.date, nyDate(now), now)
    const rows = await this.deps.scopes.withGlobal((db) => repo.bars(db, sym, q.date))
    const num = (v: string | null) => (v === null ? null : Number(v))
    const published: ReplayBar[] = rows.map((r) => ({
      time: r.time.toISOString(),
      open: Number(r.open),
      high: Number(r.high),
      low: Number(r.low),
      close: Number(r.close),
      volume: Number(r.volume),
      vwap: num(r.vwap),
    }))
    const minutes = await this.completeFromHistory(sym, q.date, published)
    const items = aggregateBars(minutes, INTERVAL_MINUTES[q.interval]).slice(0, q.limit)
    return { symbol: sym, date: q.date, interval: q.interval, items }
  }

  /**
   * The published minutes of a session, completed with the provider's bars for the minutes that
   * were never published (a fresh installation, a job that was down), under the publication's
   * delay: only whole minutes ended 15 minutes before now. Published minutes win. A date without
   * a session (weekend, holiday, outside the calendar's years) or not yet delayed has none. If the
   * provider fails, what was published is served; with nothing published the error propagates (502).
   */
  private async completeFromHistory(
    symbol: string,
    date: string,
    published: ReplayBar[],
  ): Promise<ReplayBar[]> {
    const session = sessionOf(date)
    const cutoff = this.deps.clock.now().getTime() - DELAY_MINUTES * MINUTE_MS
    if (!session) return published
    const end = Math.min(session.close.getTime(), cutoff)
    const expected = Math.max(0, Math.floor((end - session.open.getTime()) / MINUTE_MS))
    if (published.length >= expected) return published
    let history: Bar[]
    try {
      history = await this.delayedBars(symbol, date, new Date(end))
    } catch (e) {
      if (!isUpstreamError(e) || !published.length) throw e
      this.deps.log.warn({ err: e, symbol, date }, 'free replay: history unavailable; published bars only')
      return published
    }
    const byTime = new Map<string, ReplayBar>(history.map((b) => [b.time, { ...b, vwap: b.vwap ?? null }]))
    for (const b of published) byTime.set(b.time, b)
    return [...byTime.values()].sort((a, b) => a.time.localeCompare(b.time))
  }
}

/** 404 `free_feed.unknown_symbol`, naming the universe's spelling of the ticker when it has one. */
async function notInUniverse(sym: string, symbols: string[]): Promise<NotFoundError> {
  const suggestion = await knownSpelling(sym, (s) => symbols.includes(s))
  const detail = `${sym} is not in the free-tier universe`
  if (!suggestion) return new NotFoundError('free_feed.unknown_symbol', detail)
  return new NotFoundError('free_feed.unknown_symbol', `${detail}; did you mean ${suggestion}?`, {
    extra: { suggestion },
  })
}

/** The regular session of `date`, or null (no session, or a year the calendar does not know). */
function sessionOf(date: string): { open: Date; close: Date } | null {
  try {
    return tradingDay(date)
  } catch (e) {
    if (e instanceof RangeError) return null
    throw e
  }
}
