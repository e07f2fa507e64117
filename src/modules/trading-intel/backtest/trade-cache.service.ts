/**
 * The decoded realized trades of recent replays, per tenant and account, held in this process and
 * brought up to date on every read from the rows written since (migration 0025): a run after a
 * portfolio write reads the few changed rows, not all 100,000 trades again (~210–330 ms,
 * bench/README.md "Backtest"). Only the first read of a key in a process, a wider range, or a hard
 * delete since (a broker recomputation) reads whole.
 *
 * Exact, not eventually consistent: each entry keeps the snapshot its trades were read at, and every
 * read asks the database, in one fresh statement, for the rows that snapshot does not see. So a run
 * sees every write committed before it, from any process, and an entry never needs invalidating.
 * Each entry is consistent with its own snapshot, so one replacing a newer one is only a larger
 * refresh next time, never a wrong answer. Never shared across tenants (the key holds the tenant id).
 * The arrays are handed out shared and never mutated: a refresh builds new ones (lib/select.ts
 * copies what it keeps too).
 * Why not `ctx.cache`: it stores JSON text (and Redis in CI); 100,000 objects would be serialised
 * and parsed on every hit, which is the cost this removes.
 */
import { LRUCache } from 'lru-cache'
import { Registry } from 'prom-client'
import { partitionPoint } from '../../../platform/sorted.ts'
import type { HoldingsService, RealizedTrade, TradeChange } from '../../portfolio/index.ts'
import { tradeCacheMetrics, type TradeCacheMetrics } from './trade-cache.metrics.ts'
import type { PackedTrades, TradePacks } from './trade-packs.service.ts'

/**
 * Trades held in all, over every entry (least recently used go first): ~4 tenants at the 100,000
 * trade maximum. A decoded trade is ~200 bytes of heap (bench/README.md), so ~80 MB at most.
 */
export const MAX_CACHED_TRADES = 400_000
/** Entries (tenant × account-or-all) held at most, whatever their size. */
export const MAX_CACHED_READS = 64

/** Trades sold from `from` to `to`, by sale date then id, as `realizedBetween` answers, with its mark. */
type Entry = PackedTrades

const spans = (e: { from: string; to: string }, q: RealizedQuery) => e.from <= q.from && e.to >= q.to

/** The trades of `e` sold in [q.from, q.to]: `e` itself when the ranges are equal. */
function cut(e: Entry, q: RealizedQuery): RealizedTrade[] {
  if (e.from === q.from && e.to === q.to) return e.trades
  const from = partitionPoint(e.trades, (t) => t.sold_on < q.from)
  return e.trades.slice(
    from,
    partitionPoint(e.trades, (t) => t.sold_on <= q.to),
  )
}

const before = (a: RealizedTrade, b: RealizedTrade) =>
  a.sold_on < b.sold_on || (a.sold_on === b.sold_on && a.id < b.id)

/**
 * `trades` (by sale date then id) with every changed trade taken out and those of `changes` that
 * belong to the entry (live, sold in its range, of its account) put back in order. New arrays.
 */
export function applyChanges(
  e: Entry,
  changes: readonly TradeChange[],
  accountId: number | undefined,
): RealizedTrade[] {
  const changed = new Set(changes.map((c) => c.id))
  const added = changes
    .filter((c) => c.live && (accountId === undefined || c.account_id === accountId))
    .map((c) => c.trade!)
    .filter((t) => t.sold_on >= e.from && t.sold_on <= e.to)
    .sort((a, b) => (before(a, b) ? -1 : 1))
  const out: RealizedTrade[] = []
  let next = 0
  for (const t of e.trades) {
    if (changed.has(t.id)) continue
    while (next < added.length && before(added[next]!, t)) out.push(added[next++]!)
    out.push(t)
  }
  while (next < added.length) out.push(added[next++]!)
  return out
}

type Holdings = Pick<HoldingsService, 'realizedBetween' | 'realizedSince'>
type Packs = Pick<TradePacks, 'read' | 'schedule' | 'write'>

/**
 * Changes applied when a key is unpacked beyond which its packed value is written again, so that the
 * next process's first run reads few changes (each costs a row read and decode).
 */
export const REPACK_AFTER_CHANGES = 1_000

/** The range `prepare` reads and packs: every sale date, so that it spans any run of the key. */
export const ALL_DATES = { from: '0001-01-01', to: '9999-12-31' } as const
export interface RealizedQuery {
  accountId?: number
  from: string
  to: string
}

export class RealizedTradeCache {
  private readonly lru: LRUCache<string, Entry>
  /** First reads under way: concurrent first runs of one key wait for one read instead of each reading. */
  private readonly reading = new Map<string, { from: string; to: string; done: Promise<Entry> }>()
  /** Hits, misses, refreshes and whole reads, and the trades held (trade-cache.metrics.ts). */
  private readonly metrics: TradeCacheMetrics

  /** `opts.metrics`: the registry /metrics serves (the container's); a private one when absent. */
  constructor(
    private readonly holdings: Holdings,
    private readonly packs: Packs | undefined,
    opts: { maxTrades?: number; maxReads?: number; metrics?: Registry } = {},
  ) {
    this.metrics = tradeCacheMetrics(opts.metrics ?? new Registry(), () => this.lru.calculatedSize)
    this.lru = new LRUCache<string, Entry>({
      max: opts.maxReads ?? MAX_CACHED_READS,
      maxSize: opts.maxTrades ?? MAX_CACHED_TRADES,
      // An entry larger than maxSize is not stored at all (lru-cache), so one huge read cannot evict all.
      sizeCalculation: (e) => Math.max(1, e.trades.length),
    })
  }

  /**
   * The tenant's live dated trades sold from `from` to `to` (of one account or all), as
   * `holdings.realizedBetween` answers them now (404 for an account not the tenant's): from memory
   * brought up to date when an entry covers the range, else read whole.
   */
  async read(tenantId: number, q: RealizedQuery): Promise<RealizedTrade[]> {
    const key = `${tenantId}:${q.accountId ?? '*'}`
    const held = this.lru.get(key)
    const flying = this.reading.get(key)
    // A whole read under way may predate a write this run must see: it is brought up to date too.
    const base = held && spans(held, q) ? held : flying && spans(flying, q) ? await flying.done : undefined
    if (base) {
      const current = await this.refresh(tenantId, key, base, q.accountId)
      if (current) {
        this.metrics.hit()
        return cut(current, q)
      }
    }
    this.metrics.miss()
    return cut(await this.load(tenantId, key, q), q)
  }

  /** `base` with what was written since its mark, held; undefined when a hard delete since needs a whole read. */
  private async refresh(tenantId: number, key: string, base: Entry, accountId: number | undefined) {
    const current = await this.since(tenantId, base, accountId)
    if (current) this.lru.set(key, current.entry)
    return current?.entry
  }

  private async since(tenantId: number, base: Entry, accountId: number | undefined) {
    const { changes, mark, complete } = await this.holdings.realizedSince(tenantId, {
      accountId,
      since: base.mark,
    })
    if (!complete) return undefined
    if (changes.length > 0) this.metrics.refreshed()
    const trades = changes.length ? applyChanges(base, changes, accountId) : base.trades
    return { entry: { ...base, mark, trades }, changes: changes.length }
  }

  /**
   * Where a key's first read in this process may start, best first: for an account, the tenant's
   * all-accounts entry held here; the key's own packed value; for an account, the all-accounts one.
   * `own` says whether it is the key's own value (rewritten when it lags far behind).
   */
  private async *sources(tenantId: number, q: RealizedQuery): AsyncGenerator<{ from: Entry; own: boolean }> {
    const account = q.accountId !== undefined
    const held = account ? this.lru.peek(`${tenantId}:*`) : undefined
    if (held) yield { from: held, own: false }
    const packed = await this.packs?.read(tenantId, String(q.accountId ?? '*'))
    if (packed) yield { from: packed, own: true }
    const all = account ? await this.packs?.read(tenantId, '*') : undefined
    if (all) yield { from: all, own: false }
  }

  /** The key's trades from the first source that spans the run, brought up to date, else a whole read. */
  private async unpackOrRead(tenantId: number, q: RealizedQuery): Promise<Entry> {
    const scope = String(q.accountId ?? '*')
    for await (const { from, own } of this.sources(tenantId, q)) {
      if (!spans(from, q)) continue
      // An all-accounts source holds every account's trades; the mark is the same for any subset.
      const base = own ? from : { ...from, trades: from.trades.filter((t) => t.account_id === q.accountId) }
      const current = await this.since(tenantId, base, q.accountId)
      if (!current) continue // a hard delete since that source: the next may be newer
      if (own && current.changes > REPACK_AFTER_CHANGES) this.packs?.schedule(tenantId, scope, current.entry)
      return current.entry
    }
    const entry = await this.readWhole(tenantId, q)
    this.packs?.schedule(tenantId, scope, entry)
    return entry
  }

  private async readWhole(tenantId: number, q: RealizedQuery): Promise<Entry> {
    this.metrics.whole()
    const { trades, mark } = await this.holdings.realizedBetween(tenantId, q)
    return { from: q.from, to: q.to, mark, trades }
  }

  private async load(tenantId: number, key: string, q: RealizedQuery): Promise<Entry> {
    const done = this.unpackOrRead(tenantId, q)
    this.reading.set(key, { from: q.from, to: q.to, done })
    try {
      const read = await done
      this.lru.set(key, read)
      return read
    } finally {
      if (this.reading.get(key)?.done === done) this.reading.delete(key)
    }
  }

  /**
   * Brings the tenant's all-accounts packed value up to date, or writes it from a whole read of every
   * sale date, and holds the result: run after a bulk write of trades (the pack job), so that the
   * tenant's next run, in this process or another, reads neither 100,000 rows nor many changes.
   * Which it did: 'current' (nothing written since the value), 'refreshed' or 'read'.
   */
  async prepare(tenantId: number): Promise<'current' | 'refreshed' | 'read'> {
    const key = `${tenantId}:*`
    const packed = await this.packs?.read(tenantId, '*')
    const current =
      packed && spans(packed, ALL_DATES) ? await this.since(tenantId, packed, undefined) : undefined
    let entry: Entry
    let did: 'current' | 'refreshed' | 'read'
    if (current) {
      entry = current.entry
      did = current.changes ? 'refreshed' : 'current'
    } else {
      entry = await this.readWhole(tenantId, ALL_DATES)
      did = 'read'
    }
    if (did !== 'current') await this.packs?.write(tenantId, '*', entry)
    this.lru.set(key, entry)
    return did
  }
}
