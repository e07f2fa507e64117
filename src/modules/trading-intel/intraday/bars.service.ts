/**
 * Step 1 of detection and GET /intraday/bars: reads bars from the (cached) market data provider
 * outside any transaction, keeps the bars that have closed, computes the session's VWAP/RSI/MACD
 * (RSI/MACD seeded from the regular sessions of the trading days before) and upserts them into the global `intraday_bar` table. A complete regular session already stored
 * is served from the table; a session in progress (or not yet stored whole) is fetched again.
 */
import type { Logger } from 'pino'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import { latestSessionDate, tradingDay } from '../../../kernel/calendar/nyse.ts'
import { toNullable } from '../../../kernel/quant/index.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import { barsOfMany, type MarketDataProvider } from '../../../providers/market-data/index.ts'
import { INTERVAL_MINUTES, type BarInterval, type IntradayBars } from './bars.schemas.ts'
import * as repo from './intraday.repository.ts'
import { indicatorColumns, type IndicatorColumns } from './lib/indicators.ts'
import {
  barsIn,
  rangeOf,
  toSessionBars,
  warmupRanges,
  type Range,
  type SessionKind,
  type TimedBar,
} from './lib/sessions.ts'

const MINUTE_MS = 60_000

export interface BarsDeps {
  scopes: Scopes
  clock: Clock
  market: MarketDataProvider
  log: Pick<Logger, 'info' | 'warn'>
}

/** Rows for the table: one session's bars with their computed columns. */
export function barRows(
  symbol: string,
  interval: BarInterval,
  date: string,
  bars: readonly TimedBar[],
  col: IndicatorColumns,
  at: Date,
): repo.BarRow[] {
  return bars.map((b, i) => ({
    symbol,
    interval,
    time: new Date(b.t),
    session_date: date,
    open: b.open,
    high: b.high,
    low: b.low,
    close: b.close,
    volume: b.volume,
    vwap: toNullable(col.vwap[i]!),
    rsi: toNullable(col.rsi[i]!),
    macd: toNullable(col.macd[i]!),
    macd_signal: toNullable(col.macdSignal[i]!),
    macd_hist: toNullable(col.macdHist[i]!),
    updated_at: at,
  }))
}

export class BarsService {
  constructor(private readonly deps: BarsDeps) {}

  /** Closed bars of many symbols between two instants (one batch call where the vendor has one). */
  async window(
    symbols: readonly string[],
    q: { interval: BarInterval; start: Date; end: Date; session: SessionKind },
  ): Promise<Map<string, TimedBar[]>> {
    const now = this.deps.clock.now().getTime()
    const length = INTERVAL_MINUTES[q.interval] * MINUTE_MS
    const end = new Date(Math.min(q.end.getTime(), now))
    const out = new Map<string, TimedBar[]>()
    if (end < q.start) return out
    const session = q.session === 'REGULAR' ? 'regular' : 'extended'
    const fetched = await barsOfMany(this.deps.market, symbols, {
      interval: q.interval,
      start: q.start,
      end,
      session,
    })
    for (const [symbol, bars] of fetched) {
      const closed = bars
        .map((b) => ({ ...b, t: Date.parse(b.time) }))
        .filter((b) => b.t + length <= now)
        .map(({ t, open, high, low, close, volume }) => ({ t, open, high, low, close, volume }))
      out.set(symbol, closed)
    }
    return out
  }

  /** Upserts computed regular-session bars (one audited system transaction). */
  async store(rows: repo.BarRow[]): Promise<void> {
    if (!rows.length) return
    await this.deps.scopes.withSystem('intraday: store computed bars', ({ db }) => repo.upsertBars(db, rows))
  }

  /** The latest regular session: today's once it has opened, else the one before. */
  private latestSession(now: Date): Range {
    return rangeOf(tradingDay(latestSessionDate(now))!, 'REGULAR')
  }

  /**
   * A complete session stored whole is read back; otherwise the session is fetched, computed and
   * stored. If the provider fails, what is stored of the session is served (degraded=true); with
   * nothing stored the failure propagates (502).
   */
  async latest(symbol: string, interval: BarInterval, limit: number): Promise<IntradayBars> {
    const sym = symbol.toUpperCase()
    if (!(await this.deps.market.instrument(sym)))
      throw UnprocessableError.field(['query', 'symbol'], `unknown symbol ${sym}`)
    const now = this.deps.clock.now()
    const range = this.latestSession(now)
    const complete = now.getTime() >= range.end
    const base = { symbol: sym, interval, session_date: range.date, complete }
    const stored = () => this.deps.scopes.withGlobal((db) => repo.sessionBars(db, sym, interval, range.date))
    if (complete) {
      const rows = await stored()
      const last = rows.at(-1)
      if (last && last.time.getTime() + INTERVAL_MINUTES[interval] * MINUTE_MS >= range.end)
        return { ...base, source: 'stored', degraded: false, items: rows.slice(-limit).map(storedItem) }
    }
    // The regular sessions of the trading days before seed RSI and MACD (lib/indicators.ts).
    const warmup = warmupRanges(range.date, 'REGULAR')
    let today: TimedBar[]
    let seed: number[]
    try {
      const window = await this.window([sym], {
        interval,
        start: new Date(warmup[0]!.start),
        end: new Date(range.end - 1),
        session: 'REGULAR',
      })
      const fetched = window.get(sym) ?? []
      today = fetched.filter((b) => b.t >= range.start && b.t < range.end)
      seed = barsIn(fetched, warmup).map((b) => b.close)
    } catch (e) {
      const rows = isUpstreamError(e) ? await stored() : []
      if (!rows.length) throw e
      this.deps.log.warn({ err: e, symbol: sym }, 'intraday bars: provider failed; stored bars served')
      return { ...base, source: 'stored', degraded: true, items: rows.slice(-limit).map(storedItem) }
    }
    const rows = barRows(sym, interval, range.date, today, indicatorColumns(toSessionBars(today), seed), now)
    await this.store(rows)
    return { ...base, source: 'live', degraded: false, items: rows.slice(-limit).map(rowItem) }
  }
}

type Item = IntradayBars['items'][number]
const rowItem = (r: repo.BarRow): Item => ({
  time: r.time.toISOString(),
  open: r.open,
  high: r.high,
  low: r.low,
  close: r.close,
  volume: r.volume,
  vwap: r.vwap,
  rsi: r.rsi,
  macd: r.macd,
  macd_signal: r.macd_signal,
  macd_hist: r.macd_hist,
})
const n = (v: string | null) => (v === null ? null : Number(v))
const storedItem = (r: Awaited<ReturnType<typeof repo.sessionBars>>[number]): Item => ({
  time: r.time.toISOString(),
  open: Number(r.open),
  high: Number(r.high),
  low: Number(r.low),
  close: Number(r.close),
  volume: Number(r.volume),
  vwap: n(r.vwap),
  rsi: n(r.rsi),
  macd: n(r.macd),
  macd_signal: n(r.macd_signal),
  macd_hist: n(r.macd_hist),
})
