/**
 * The deterministic simulated market (offline default): a universe of real US tickers whose daily
 * closes follow a seeded factor model (daily.ts), with 1-minute bars inside NYSE sessions that
 * agree with the daily bars (intraday.ts), quotes read off those bars, and option chains
 * (options.ts). The same seed, symbol and date always give the same numbers, in any process.
 */
import type { Clock } from '../../../platform/clock.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import type {
  Bar,
  BarsQuery,
  Instrument,
  MarketDataProvider,
  OptionChain,
  Quote,
} from '../market-data.port.ts'
import { dayNumberOf, indexAtOrBefore, sessionOf } from './calendar.ts'
import { DailyModel, px } from './daily.ts'
import { MINUTE_MS, aggregate, generateDay, type DayPath } from './intraday.ts'
import { buildChain } from './options.ts'
import { mix } from './random.ts'
import { UNIVERSE, instrumentOf, profileOf, syntheticProfile, type Profile } from './universe.ts'

const EPOCH_DAY = dayNumberOf('2020-01-01') // `close(symbol, index)` counts calendar days from here
const INTERVAL_MINUTES = { '1m': 1, '5m': 5, '15m': 15, '1h': 60 } as const
const DEFAULT_DAILY_LIMIT = 250
const DEFAULT_INTRADAY_LIMIT = 500
/** Without a start, intraday queries look back at most this many trading days. */
const MAX_LOOKBACK_DAYS = 400
const DAY_CACHE_SIZE = 1024

// Shared per seed: the series are pure functions of (seed, symbol), so instances can share them.
const models = new Map<string, DailyModel>()
function modelFor(seed: string): DailyModel {
  let model = models.get(seed)
  if (!model) {
    model = new DailyModel(seed, (s) => profileOf(s) ?? syntheticProfile(s))
    models.set(seed, model)
  }
  return model
}

const round2 = (x: number) => Math.round(x * 100) / 100

export class SimulatedMarketData implements MarketDataProvider {
  readonly name = 'simulated'
  private readonly model: DailyModel
  private readonly dayCache = new Map<string, DayPath>()

  constructor(private readonly deps: { clock: Clock; seed?: string }) {
    this.model = modelFor(deps.seed ?? 'sextant')
  }

  /** The close of `symbol` on calendar day `index` since 2020-01-01 (the last trading day's on other days). */
  close(symbol: string, index: number): number {
    const i = Math.max(0, indexAtOrBefore(EPOCH_DAY + index))
    return px(this.model.closeSeries(symbol.toUpperCase())[i]!)
  }

  /** The close of a universe symbol on a date (the last trading day's on other days), or null. */
  closeOn(symbol: string, date: string): number | null {
    if (!instrumentOf(symbol.toUpperCase())) return null
    return this.close(symbol, dayNumberOf(date) - EPOCH_DAY)
  }

  /** One symbol-day of 1-minute bars (extended hours included when the symbol trades them). */
  day(symbol: string, i: number): DayPath {
    const cacheKey = `${symbol}|${i}`
    const hit = this.dayCache.get(cacheKey)
    if (hit) return hit
    const p = this.profile(symbol)!
    const simDay = this.model.days[i]!
    const path = generateDay({
      seed: mix(this.model.key(`intraday:${symbol}`), simDay.dayNumber, 0),
      bar: this.model.dailyBar(symbol, i),
      prevClose: px(this.model.closeSeries(symbol)[i - 1]!),
      session: sessionOf(simDay),
      extended: p.extended,
      hasVolume: p.avgVolume > 0,
    })
    if (this.dayCache.size >= DAY_CACHE_SIZE) this.dayCache.delete(this.dayCache.keys().next().value!)
    this.dayCache.set(cacheKey, path)
    return path
  }

  async quotes(symbols: string[]): Promise<Quote[]> {
    const now = this.deps.clock.now()
    const quotes: Quote[] = []
    for (const symbol of new Set(symbols.map((s) => s.toUpperCase()))) {
      const q = this.profile(symbol) ? this.quote(symbol, now) : null
      if (q) quotes.push(q)
    }
    return quotes
  }

  /**
   * From today's open (its first minute traded) to its post-market close, the quote is live: the
   * latest regular minute's close, the volume so far, a bid and an ask, as of now. Outside that
   * (pre-market, night, weekend, holiday) it is the last session's close and full-day volume, as of
   * that session's close, with no bid or ask: nobody is quoting.
   */
  private quote(symbol: string, now: Date): Quote | null {
    const t = now.getTime()
    const todayDn = dayNumberOf(nyDate(now))
    let i = indexAtOrBefore(todayDn)
    // Before today's first regular minute has traded, the quote still shows the previous session.
    if (
      i >= 0 &&
      this.model.days[i]!.dayNumber === todayDn &&
      sessionOf(this.model.days[i]!).open + MINUTE_MS > t
    )
      i--
    if (i < 1) return null
    const session = sessionOf(this.model.days[i]!)
    const live = session.postClose > t
    const bar = this.model.dailyBar(symbol, i)
    let last = bar.c
    let volume = bar.v
    if (live) {
      const day = this.day(symbol, i)
      const done = Math.min(day.nPre + day.nReg + day.nPost, Math.floor((t - day.t0) / MINUTE_MS))
      last = day.c[Math.min(done, day.nPre + day.nReg) - 1]!
      volume = 0
      for (let k = 0; k < done; k++) volume += day.v[k]!
    }
    const previous = px(this.model.closeSeries(symbol)[i - 1]!)
    const half = last >= 1 ? Math.max(0.01, round2(last * 0.0001)) : 0.0001
    return {
      symbol,
      last,
      bid: live ? px(last - half) : null,
      ask: live ? px(last + half) : null,
      volume,
      previous_close: previous,
      change: round2(last - previous),
      change_pct: Math.round(((last - previous) / previous) * 100 * 10_000) / 10_000,
      delayed: false,
      as_of: new Date(live ? t : session.close).toISOString(),
      session_date: this.model.days[i]!.date,
    }
  }

  async bars(symbol: string, query: BarsQuery): Promise<Bar[]> {
    const sym = symbol.toUpperCase()
    if (!this.profile(sym)) return []
    const now = this.deps.clock.now().getTime()
    const end = Math.min(query.end?.getTime() ?? now, now)
    const start = query.start?.getTime() ?? -Infinity
    if (end < start) return []
    return query.interval === '1d'
      ? this.dailyBars(sym, start, end, now, query.limit)
      : this.intradayBars(sym, INTERVAL_MINUTES[query.interval], query, start, end, now)
  }

  private dailyBars(symbol: string, start: number, end: number, now: number, limit?: number): Bar[] {
    const days = this.model.days
    let last = indexAtOrBefore(dayNumberOf(nyDate(new Date(end))))
    while (last >= 1 && sessionOf(days[last]!).open + MINUTE_MS > now) last--
    let first = 1
    if (Number.isFinite(start)) {
      const i = indexAtOrBefore(dayNumberOf(nyDate(new Date(start))))
      first = Math.max(1, i < 0 || sessionOf(days[i]!).midnight < start ? i + 1 : i)
    }
    const cap = limit ?? (Number.isFinite(start) ? Infinity : DEFAULT_DAILY_LIMIT)
    first = Math.max(first, last - cap + 1)
    const out: Bar[] = []
    for (let i = first; i <= last; i++) {
      const session = sessionOf(days[i]!)
      const time = new Date(session.midnight).toISOString()
      if (session.postClose > now) {
        out.push(this.partialDaily(symbol, i, now, time))
        continue
      }
      const b = this.model.dailyBar(symbol, i)
      out.push({ time, open: b.o, high: b.h, low: b.l, close: b.c, volume: b.v, vwap: null })
    }
    return out
  }

  /** Today's daily bar so far: the aggregation of the minutes that have ended. */
  private partialDaily(symbol: string, i: number, now: number, time: string): Bar {
    const day = this.day(symbol, i)
    const done = Math.min(day.nPre + day.nReg + day.nPost, Math.floor((now - day.t0) / MINUTE_MS))
    let high = -Infinity
    let low = Infinity
    let volume = 0
    for (let k = 0; k < done; k++) {
      high = Math.max(high, day.h[k]!)
      low = Math.min(low, day.l[k]!)
      volume += day.v[k]!
    }
    const close = day.c[Math.min(done, day.nPre + day.nReg) - 1]!
    return { time, open: day.o[day.nPre]!, high, low, close, volume, vwap: null }
  }

  private intradayBars(
    symbol: string,
    minutes: number,
    query: BarsQuery,
    start: number,
    end: number,
    now: number,
  ): Bar[] {
    const session = query.session ?? 'regular'
    const last = indexAtOrBefore(dayNumberOf(nyDate(new Date(end))))
    let first = 1
    if (Number.isFinite(start)) {
      const startDn = dayNumberOf(nyDate(new Date(start)))
      const i = indexAtOrBefore(startDn)
      first = Math.max(1, i < 0 || this.model.days[i]!.dayNumber < startDn ? i + 1 : i)
    } else first = Math.max(1, last - MAX_LOOKBACK_DAYS)
    const cap = query.limit ?? (Number.isFinite(start) ? Infinity : DEFAULT_INTRADAY_LIMIT)
    const chunks: Bar[][] = []
    let count = 0
    for (let i = last; i >= first && count < cap; i--) {
      const bars = aggregate(this.day(symbol, i), minutes, { session, now, start, end })
      chunks.push(bars)
      count += bars.length
    }
    const all = chunks.reverse().flat()
    return Number.isFinite(cap) ? all.slice(Math.max(0, all.length - cap)) : all
  }

  async optionChain(symbol: string, query?: { expiration?: string }): Promise<OptionChain> {
    const sym = symbol.toUpperCase()
    const p = this.profile(sym)
    const now = this.deps.clock.now()
    const quote = p ? this.quote(sym, now) : null
    if (!p || !quote) return { underlying: sym, expirations: [], contracts: [] }
    return buildChain({
      underlying: sym,
      spot: quote.last,
      sigma: p.sigma,
      dailyContracts: p.avgVolume > 0 ? p.avgVolume * 0.01 : 300_000,
      todayDn: Math.floor(dayNumberOf(nyDate(now))),
      key: this.model.key(`options:${sym}`),
      ...(query?.expiration ? { expiration: query.expiration } : {}),
    })
  }

  async instrument(symbol: string): Promise<Instrument | null> {
    return instrumentOf(symbol.toUpperCase())
  }

  async universe(): Promise<Instrument[]> {
    return [...UNIVERSE]
  }

  private profile(symbol: string): Profile | null {
    return profileOf(symbol)
  }
}
