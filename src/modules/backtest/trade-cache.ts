/**
 * The decoded realized trades of recent replays, per tenant and account, held in this process and
 * keyed on the tenant's portfolio version (a trigger moves it on every committed write to trades or
 * accounts, migration 0007). Repeat runs with other params or a narrower range skip the trade read
 * (~300 ms for 100,000 trades on PGlite, bench/README.md "Backtest"): they cost one version read.
 *
 * Exact, not eventually consistent: the version is read FIRST, so trades read after it are as new
 * or newer than their key says, and any write since makes the entry unreachable, in every process.
 * Never shared across tenants (the key holds the tenant id). The arrays are handed out shared:
 * nothing downstream mutates a SourceTrade (lib/select.ts copies what it keeps into new arrays).
 * Why not `ctx.cache`: it stores JSON text (and Redis in CI); 100,000 objects would be serialised
 * and parsed on every hit, which is the cost this removes.
 */
import { LRUCache } from 'lru-cache'
import { partitionPoint } from '../../platform/sorted.ts'
import type { HoldingsService } from '../portfolio/index.ts'
import type { SourceTrade } from './lib/select.ts'

/**
 * Trades held in all, over every entry (least recently used go first): ~4 tenants at the 100,000
 * trade maximum. A decoded trade is ~200 bytes of heap (bench/README.md), so ~80 MB at most.
 */
export const MAX_CACHED_TRADES = 400_000
/** Entries (tenant × account-or-all) held at most, whatever their size. */
export const MAX_CACHED_READS = 64

interface Entry<T = SourceTrade[]> {
  version: number
  from: string
  to: string
  /** Sold from `from` to `to`, by sale date then id, as `realizedBetween` answers. */
  trades: T
}

const covers = (e: Entry<unknown>, version: number, q: RealizedQuery) =>
  e.version === version && e.from <= q.from && e.to >= q.to

/** The trades of `e` sold in [q.from, q.to]: `e` itself when the ranges are equal. */
function cut(e: Entry, q: RealizedQuery): SourceTrade[] {
  if (e.from === q.from && e.to === q.to) return e.trades
  const from = partitionPoint(e.trades, (t) => t.sold_on < q.from)
  return e.trades.slice(
    from,
    partitionPoint(e.trades, (t) => t.sold_on <= q.to),
  )
}

type Holdings = Pick<HoldingsService, 'realizedBetween' | 'version'>
export interface RealizedQuery {
  accountId?: number
  from: string
  to: string
}

export class RealizedTradeCache {
  private readonly lru: LRUCache<string, Entry>
  /** Reads under way: concurrent cold runs of one tenant wait for one read instead of each reading. */
  private readonly reading = new Map<string, Entry<Promise<SourceTrade[]>>>()
  hits = 0
  misses = 0

  constructor(
    private readonly holdings: Holdings,
    opts: { maxTrades?: number; maxReads?: number } = {},
  ) {
    this.lru = new LRUCache<string, Entry>({
      max: opts.maxReads ?? MAX_CACHED_READS,
      maxSize: opts.maxTrades ?? MAX_CACHED_TRADES,
      // An entry larger than maxSize is not stored at all (lru-cache), so one huge read cannot evict all.
      sizeCalculation: (e) => Math.max(1, e.trades.length),
    })
  }

  /**
   * The tenant's live dated trades sold from `from` to `to` (of one account or all), as
   * `holdings.realizedBetween` answers them (404 for an account not the tenant's), from memory when
   * an entry of the same version covers the range.
   */
  async read(tenantId: number, q: RealizedQuery): Promise<SourceTrade[]> {
    // First: data read after this is at least this new (the key may only under-promise).
    const version = await this.holdings.version(tenantId)
    const key = `${tenantId}:${q.accountId ?? '*'}`
    const hit = this.lru.get(key)
    // A hit also vouches for the account: deleting it (or moving it to another tenant) moves the version.
    if (hit && covers(hit, version, q)) {
      this.hits++
      return cut(hit, q)
    }
    const flying = this.reading.get(key)
    if (flying && covers(flying, version, q)) {
      this.hits++
      return cut({ ...flying, trades: await flying.trades }, q)
    }
    this.misses++
    const entry = { version, from: q.from, to: q.to, trades: this.holdings.realizedBetween(tenantId, q) }
    this.reading.set(key, entry)
    try {
      const trades = await entry.trades
      // A slower read of an older version never replaces a newer one.
      if ((this.lru.peek(key)?.version ?? -1) <= version) this.lru.set(key, { ...entry, trades })
      return trades
    } finally {
      if (this.reading.get(key) === entry) this.reading.delete(key)
    }
  }

  /** Trades held now (the bench and tests). */
  get size(): number {
    return this.lru.calculatedSize
  }
}
