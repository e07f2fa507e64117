/**
 * The intel feed: every source's newest items for one tenant, merged into one newest-first list
 * (lib/feed-order.ts). A source that fails is left out and named in `degraded`; the others still
 * answer. Sources are asked in parallel, outside any transaction of this module (it has none).
 */
import type { Logger } from 'pino'
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import {
  MAX_SESSIONS,
  sessionWindow,
  type SessionWindow,
  type WindowQuery,
} from '../../../platform/session-window.ts'
import { HOUR_MS, MAX_HOURS } from './intel-feed.schemas.ts'
import type { FeedSource, SourceQuery } from './sources.service.ts'
import { isAfter, mergeFeed, type FeedItem, type Position, type Tag } from './lib/feed-order.ts'

/**
 * A source that can produce several tags (recommendations: ALERT or SIGNAL) is read this deep
 * under a tag filter, since the filter applies to its rows after they are read.
 */
export const MIXED_READ_LIMIT = 1000

/**
 * The earliest start any window of GET /intel-feed can have at `now` (`sessions` at its most, or
 * `hours` at its most, whichever reaches further back): how far back a stream resumes from a
 * Last-Event-ID, so a position the list can still show is one the stream can resume after.
 */
export function oldestWindowStart(now: Date): Date {
  const sessions = sessionWindow(now, { sessions: MAX_SESSIONS }).since.getTime()
  return new Date(Math.min(sessions, now.getTime() - MAX_HOURS * HOUR_MS))
}

export interface FeedFilter {
  tag?: Tag
  symbol?: string
}

export interface FeedAnswer {
  items: FeedItem[]
  /** Sources that failed and are missing from `items`. */
  degraded: string[]
  /** The window read (platform/session-window.ts); `since` is its start. */
  window: SessionWindow
  since: Date
}

interface Read {
  lists: FeedItem[][]
  degraded: string[]
  /** Some source answered as many rows as it was asked for: older ones may be missing. */
  full: boolean
}

export class IntelFeedService {
  constructor(private readonly deps: { clock: Clock; log: Logger; sources: readonly FeedSource[] }) {}

  /**
   * GET /intel-feed: the items created at or after the window's start, newest first, at most
   * `limit`. The window is the latest session by default (from 04:00 New York of its date, so
   * Friday's items are still listed on Saturday), `sessions` N of them, or the last `hours`.
   */
  async feed(
    scope: RequestScope,
    q: FeedFilter & WindowQuery & { limit: number; tenant_id?: number },
  ): Promise<FeedAnswer> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const { window, since } = sessionWindow(this.deps.clock.now(), q)
    const filter = normalised(q)
    const read = await this.#read(tenantId, { since, limit: q.limit, ...filter }, filter.tag)
    return {
      items: mergeFeed(read.lists, { since, limit: q.limit, ...filter }),
      degraded: read.degraded,
      window,
      since,
    }
  }

  /**
   * The newest item's position now, created at or after `since` (where a stream without a
   * Last-Event-ID starts), or `now` when there is none.
   */
  async head(tenantId: number, f: FeedFilter, since: Date): Promise<Position> {
    const now = this.deps.clock.now()
    const filter = normalised(f)
    const read = await this.#read(tenantId, { since, limit: 1, ...filter }, filter.tag)
    const [newest] = mergeFeed(read.lists, { since, limit: 1, ...filter })
    return newest ? { at: newest.created_at, id: newest.id } : { at: now, id: '' }
  }

  /**
   * Items after `pos` (newer), oldest first, at most `limit`: what a stream sends next. `gap` says
   * more may have been written than one read returns (then only the newest `limit` come).
   */
  async after(
    tenantId: number,
    pos: Position,
    f: FeedFilter,
    limit: number,
  ): Promise<{ items: FeedItem[]; gap: boolean; degraded: string[] }> {
    const filter = normalised(f)
    const read = await this.#read(tenantId, { since: pos.at, limit, ...filter }, filter.tag)
    const merged = mergeFeed(read.lists, { since: pos.at, limit: Infinity, ...filter })
    const newer = merged.filter((i) => isAfter({ at: i.created_at, id: i.id }, pos))
    const gap = read.full || newer.length > limit
    return { items: newer.slice(0, limit).reverse(), gap, degraded: read.degraded }
  }

  async #read(tenantId: number, q: SourceQuery, tag: Tag | undefined): Promise<Read> {
    const sources = this.deps.sources.filter((s) => !tag || s.tags.includes(tag))
    const asked = sources.map((s) =>
      tag && s.tags.length > 1 ? Math.max(q.limit, MIXED_READ_LIMIT) : q.limit,
    )
    const settled = await Promise.allSettled(
      sources.map((s, i) => s.items(tenantId, { ...q, limit: asked[i]! })),
    )
    const read: Read = { lists: [], degraded: [], full: false }
    settled.forEach((r, i) => {
      const source = sources[i]!
      if (r.status === 'fulfilled') {
        read.lists.push(r.value)
        if (r.value.length >= asked[i]!) read.full = true
      } else {
        this.deps.log.warn({ err: r.reason, source: source.name }, 'intel feed source degraded')
        read.degraded.push(source.name)
      }
    })
    return read
  }
}

function normalised(f: FeedFilter): FeedFilter {
  return { ...(f.tag ? { tag: f.tag } : {}), ...(f.symbol ? { symbol: f.symbol.toUpperCase() } : {}) }
}
