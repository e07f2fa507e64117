/**
 * The screener's in-memory snapshots, one per process. The current one is built from the latest
 * regular session that has opened. A read waits for a rebuild when its session is older than the
 * latest one (the market has moved on); when it is only older than MAX_AGE_MS and was built while
 * its session's bars could still change (before the post-market closed), the read answers at once
 * and a rebuild starts behind it, as it does after a market refresh (at most once every
 * MIN_REBUILD_MS) and on the schedule. Builds are single-flight, so concurrent readers share one.
 * Past sessions (`as_of`) are built on demand and kept in a small LRU.
 * Confluence scores are the slow part (one analysis per symbol): the snapshot is served without
 * them at first, and replaced once they are computed (its source says so meanwhile).
 */
import type { Logger } from 'pino'
import type { Clock } from '../../../platform/clock.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import { mapLimit } from '../../../platform/concurrency.ts'
import { isTradingDay, latestSessionDate, nyDate, tradingDay } from '../../../kernel/calendar/nyse.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import { buildSnapshot, type Built } from './snapshot-build.service.ts'
import type { SourceDeps } from './snapshot-sources.service.ts'

/** Past-session snapshots kept in memory (least recently used dropped first). */
export const AS_OF_CACHE_SIZE = 8
/** How far back `as_of` may go, in calendar years. */
export const AS_OF_MAX_YEARS = 5
const CONFLUENCE_CONCURRENCY = 4
/** A snapshot older than this is rebuilt behind the read that notices it (prices move in a session). */
export const MAX_AGE_MS = 15 * 60_000
/** A market refresh rebuilds the snapshot, but not more often than this. */
export const MIN_REBUILD_MS = 60_000

export type ConfluenceScore = (symbol: string) => Promise<number | null>

export interface SnapshotDeps extends SourceDeps {
  clock: Clock
  log: Logger
  /** The daily confluence score (0–100) of one symbol; absent: the field stays null. */
  confluence?: ConfluenceScore
}

export class SnapshotService {
  private current: Built | null = null
  private building: Promise<Built> | null = null
  private scoring: Promise<void> | null = null
  private readonly past = new Map<string, Promise<Built>>()
  readonly #rebuilt: ((built: Built) => void)[] = []

  constructor(private readonly deps: SnapshotDeps) {}

  get log(): Logger {
    return this.deps.log
  }

  /** The latest regular session that has opened (New York date). */
  latestSession(): string {
    return latestSessionDate(this.deps.clock.now())
  }

  /** The current snapshot, rebuilt first when the market has a newer session than it. */
  async latest(): Promise<Built> {
    const session = this.latestSession()
    if (!this.current || this.current.snapshot.as_of < session) {
      const built = await this.rebuild() // may join a build begun before the session opened
      return built.snapshot.as_of < session ? this.rebuild() : built
    }
    if (this.age() >= MAX_AGE_MS && !this.final()) this.rebuildBehind()
    return this.current
  }

  /** Built after its session's post-market closed: its daily bars no longer change. */
  private final(): boolean {
    const snap = this.current!.snapshot
    const end = tradingDay(snap.as_of)?.postClose.getTime() ?? 0
    return Date.parse(snap.built_at) >= end
  }

  /**
   * Calls `listener` after each build of the current snapshot (alerts re-run the saved screens they
   * watch). A listener that throws is logged; the build and the other listeners go on.
   */
  onRebuilt(listener: (built: Built) => void): void {
    this.#rebuilt.push(listener)
  }

  /** Prices were just refreshed: rebuild behind the readers, unless a build is that recent. */
  afterMarketRefresh(): void {
    // Before any read there is nothing to refresh: the first read builds the snapshot.
    if (this.current && this.age() >= MIN_REBUILD_MS && !this.final()) this.rebuildBehind()
  }

  private age(): number {
    if (!this.current) return Infinity
    return this.deps.clock.now().getTime() - Date.parse(this.current.snapshot.built_at)
  }

  private rebuildBehind(): void {
    if (this.building) return
    this.rebuild().catch((err: unknown) => this.deps.log.warn({ err }, 'screener: snapshot rebuild failed'))
  }

  /** Rebuild now (the scheduled job); joins a build already under way. */
  rebuild(): Promise<Built> {
    this.building ??= this.buildCurrent().finally(() => {
      this.building = null
    })
    return this.building
  }

  /** Resolves once the confluence scores of the current snapshot are in (tests, the job). */
  async settled(): Promise<void> {
    await this.building
    await this.scoring
  }

  private async buildCurrent(): Promise<Built> {
    const session = this.latestSession()
    const built = await buildSnapshot(this.deps, {
      session,
      end: session,
      builtAt: this.deps.clock.now(),
      past: false,
    })
    const pending = built.snapshot.sources.ta_confluence
    built.snapshot.sources.ta_confluence = { ...pending, as_of: null, note: 'computing' }
    this.current = built
    if (this.deps.confluence) this.scoring = this.score(built)
    else built.snapshot.sources.ta_confluence = { ...pending, as_of: null, note: 'not installed' }
    for (const listener of this.#rebuilt)
      try {
        listener(built)
      } catch (err) {
        this.deps.log.warn({ err }, 'screener: a rebuild listener failed')
      }
    return built
  }

  /** Fills the confluence column of `built` in place (the column is the snapshot's own array). */
  private async score(built: Built): Promise<void> {
    const snap = built.snapshot
    const column = snap.numbers.get('confluence_score')!
    const source = snap.sources.ta_confluence
    let failed = 0
    const scores = await mapLimit(snap.symbols, CONFLUENCE_CONCURRENCY, async (symbol) => {
      try {
        return await this.deps.confluence!(symbol)
      } catch (e) {
        if (!isUpstreamError(e)) throw e
        failed++
        return null
      }
    }).catch((err: unknown) => {
      this.deps.log.warn({ err }, 'screener: confluence scores failed')
      return null
    })
    if (!scores) {
      snap.sources.ta_confluence = {
        ...source,
        as_of: null,
        note: 'degraded: the scores could not be computed',
      }
      return
    }
    scores.forEach((s, i) => (column[i] = s ?? NaN))
    snap.sources.ta_confluence = {
      ...source,
      as_of: failed === snap.symbols.length ? null : snap.as_of,
      note: failed ? `degraded: ${failed} symbols failed upstream` : 'daily timeframe, 0–100',
    }
  }

  /** The snapshot of a past session, built from the bars up to it (LRU-cached). */
  async asOf(date: string): Promise<Built> {
    this.checkAsOf(date)
    let p = this.past.get(date)
    if (p) this.past.delete(date)
    else {
      p = buildSnapshot(this.deps, {
        session: date,
        end: nyDate(this.deps.clock.now()),
        builtAt: this.deps.clock.now(),
        past: true,
      })
      p.catch(() => this.past.delete(date))
    }
    this.past.set(date, p)
    while (this.past.size > AS_OF_CACHE_SIZE) this.past.delete(this.past.keys().next().value!)
    return p
  }

  private checkAsOf(date: string): void {
    const loc = ['body', 'as_of']
    const latest = this.latestSession()
    if (date >= latest)
      throw UnprocessableError.field(
        loc,
        `as_of must be a past session, before ${latest} (leave it out for the latest)`,
      )
    const earliest = `${Number(latest.slice(0, 4)) - AS_OF_MAX_YEARS}${latest.slice(4)}`
    if (date < earliest) throw UnprocessableError.field(loc, `as_of must be on or after ${earliest}`)
    if (!isTradingDay(date)) throw UnprocessableError.field(loc, `${date} is not a trading session`)
  }
}
