/**
 * GET /api/intel/volume-leaders: for every stock and ETF of the provider's universe (indices have
 * no volume), the window's summed volume, VWAP, price change and relative-volume z-score against
 * the same wall-clock window of the previous 5 trading days, sorted by volume descending.
 *
 * The window's own session is read incrementally (SessionTape: a new minute reads only that
 * minute's bars) and past sessions once each (VolumeHistory). The computed list is cached 30 s
 * per (window length, window end). Cursors carry the window
 * end and length, so every page of a walk reads the same list; after the cache entry expires the
 * list is recomputed for that same window, which gives the same answer (its bars have all ended).
 */
import { mapLimit } from '../../../platform/concurrency.ts'
import type { Cache } from '../../../platform/cache/index.ts'
import type { Clock } from '../../../platform/clock.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import { badCursor, resolvePage, toPage, type CursorKey } from '../../../platform/http/pagination.ts'
import { sessionAt } from '../../../kernel/calendar/nyse.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import { relVolumeZ } from './lib/rel-volume.ts'
import { round4 } from './lib/window-stats.ts'
import {
  previousTradingDays,
  sessionMinutes,
  windowAt,
  windowEndingAt,
  type VolumeWindow,
} from './lib/window.ts'
import { VolumeHistory } from './volume-history.service.ts'
import { SessionTape } from './session-tape.service.ts'
import {
  DEFAULT_WINDOW_MINUTES,
  MAX_WINDOW_MINUTES,
  type VolumeLeader,
  type VolumeLeadersPageOut,
  type VolumeLeadersQueryInput,
} from './volume-leaders.schemas.ts'

const CACHE_TTL_MS = 30_000
const HISTORY_DAYS = 5
/** Provider calls in flight at once (a vendor adapter makes one HTTP request per call). */
const CONCURRENCY = 16
/** Cursors older than this are refused rather than recomputed from old sessions. */
const CURSOR_MAX_AGE_MS = 7 * 86_400_000

interface Computed {
  window: { start: string; end: string }
  items: VolumeLeader[]
}

export class VolumeLeadersService {
  private readonly history: VolumeHistory
  private readonly tape: SessionTape

  constructor(private readonly deps: { market: MarketDataProvider; cache: Cache; clock: Clock }) {
    this.history = new VolumeHistory(deps.market)
    this.tape = new SessionTape(deps.market)
  }

  async leaders(q: VolumeLeadersQueryInput): Promise<VolumeLeadersPageOut> {
    const now = this.deps.clock.now()
    const req = resolvePage(q)
    let minutes = q.window_minutes ?? DEFAULT_WINDOW_MINUTES
    let window: VolumeWindow
    let start = req.offset
    if (req.after) {
      const c = this.fromCursor(req.after, now)
      if (q.window_minutes !== undefined && q.window_minutes !== c.minutes) {
        throw UnprocessableError.field(
          ['query', 'window_minutes'],
          "does not match the cursor's window; start a new walk without a cursor",
          'cursor_mismatch',
        )
      }
      ;({ minutes, window } = c)
      start = c.index + 1
    } else {
      window = windowAt(now, minutes)
    }
    const end = window.end.toISOString()
    const { value } = await this.deps.cache.wrap<Computed>(
      `market-data:volume-leaders:v1:${minutes}:${end}`,
      CACHE_TTL_MS,
      () => this.compute(window),
    )
    const rows = value.items.slice(start, start + req.pageSize + 1).map((item, k) => ({ item, i: start + k }))
    const page = toPage(
      rows,
      req,
      (r): CursorKey => [r.i, end, minutes],
      (r) => r.item,
      value.items.length,
    )
    return { ...page, market_status: sessionAt(now), window: value.window }
  }

  /** The cursor's key is [last index served, window end, window minutes]; anything else is a 422. */
  private fromCursor(key: CursorKey, now: Date): { index: number; minutes: number; window: VolumeWindow } {
    const [index, end, minutes] = key
    if (
      key.length !== 3 ||
      typeof index !== 'number' ||
      !Number.isInteger(index) ||
      index < 0 ||
      typeof end !== 'string' ||
      typeof minutes !== 'number' ||
      !Number.isInteger(minutes) ||
      minutes < 1 ||
      minutes > MAX_WINDOW_MINUTES
    ) {
      throw badCursor()
    }
    const at = new Date(end)
    const age = now.getTime() - at.getTime()
    if (!(age >= 0 && age <= CURSOR_MAX_AGE_MS)) throw badCursor()
    let window: VolumeWindow | null
    try {
      window = windowEndingAt(at, minutes)
    } catch {
      // Outside the calendar's years.
      throw badCursor()
    }
    if (!window) throw badCursor()
    return { index, minutes, window }
  }

  private async compute(w: VolumeWindow): Promise<Computed> {
    const { market } = this.deps
    const symbols = (await market.universe()).filter((i) => i.type !== 'index').map((i) => i.symbol)
    // Days whose session is too short for the window (early closes) are left out of the z-score.
    const pastDays = previousTradingDays(w.date, HISTORY_DAYS).filter((d) => sessionMinutes(d) >= w.toMinute)
    // Read what is missing for every symbol at once (a vendor that takes symbol lists gets a few
    // requests, not one per symbol); the per-symbol figures below then come from memory.
    await this.tape.prepare(symbols, w.date, w.toMinute)
    await this.history.prepare(symbols, pastDays)
    const rows = await mapLimit(symbols, CONCURRENCY, async (symbol): Promise<VolumeLeader | null> => {
      const stats = await this.tape.stats(symbol, w.date, w.fromMinute, w.toMinute)
      if (!stats) return null
      const past: number[] = []
      for (const day of pastDays) {
        const v = await this.history.windowVolume(symbol, day, w.fromMinute, w.toMinute)
        if (v !== null) past.push(v)
      }
      const z = relVolumeZ(stats.volume, past)
      return { symbol, ...stats, rel_volume_z: z === null ? null : round4(z) }
    })
    const items = rows
      .filter((r): r is VolumeLeader => r !== null)
      .sort((a, b) => b.volume - a.volume || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
    return { window: { start: w.start.toISOString(), end: w.end.toISOString() }, items }
  }
}
