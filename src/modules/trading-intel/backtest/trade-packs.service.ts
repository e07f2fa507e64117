/**
 * The packed trades of each key (tenant × account-or-all) in `backtest_trade_pack` (migration 0026):
 * what a process's first replay of a key reads instead of every trade (trade-cache.ts). Written after
 * the answer, on the next turn of the event loop, like the per-trade log (log-writer.service.ts): encoding and
 * storing ~7 MB of base64 must not delay the run that read the trades.
 *
 * Derived data, so a write may be dropped: at most MAX_PENDING writes wait (a later one for the same
 * key replaces the waiting one), a failed write is logged and the next whole read writes again, and a
 * value that does not decode reads as absent. Each value is consistent with its own mark, so two
 * processes writing one key in either order leave a correct value.
 */
import type { Logger } from 'pino'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import type { RealizedTrade, TradeMark } from '../../portfolio/index.ts'
import * as repo from './backtest.repository.ts'
import { decodeTrades, encodeTrades } from './lib/trade-pack.ts'

/** Writes waiting at most (each holds its trades until written: ~20 MB of heap at 100,000). */
export const MAX_PENDING = 4
/** Trades packed in one value at most (~28 MB of base64); a larger key is read whole each time. */
export const MAX_PACKED_TRADES = 400_000

export interface PackedTrades {
  from: string
  to: string
  mark: TradeMark
  trades: RealizedTrade[]
}

export class TradePacks {
  /** The value each key's scheduled write will store: a later schedule of the key replaces it. */
  private readonly waiting = new Map<string, PackedTrades>()
  private readonly running = new Set<Promise<void>>()

  constructor(private readonly deps: { scopes: Scopes; log: Logger; clock: Clock }) {}

  /** The key's packed trades, or undefined (none, or a value this version cannot decode). */
  async read(tenantId: number, scope: string): Promise<PackedTrades | undefined> {
    const row = await this.deps.scopes.withTenant(tenantId, (s) => repo.readTradePack(s, scope))
    if (!row) return undefined
    try {
      const mark = { snapshot: row.snapshot, purges: Number(row.purges) }
      return { from: row.date_from, to: row.date_to, mark, trades: decodeTrades(row.packed) }
    } catch (err) {
      this.deps.log.warn(
        { err, tenantId, scope },
        'backtest: a packed trade value did not decode; reading whole',
      )
      return undefined
    }
  }

  /** Stores `value` as the key's packed trades after the current answer (or drops it: see above). */
  schedule(tenantId: number, scope: string, value: PackedTrades): void {
    const key = `${tenantId}:${scope}`
    if (value.trades.length > MAX_PACKED_TRADES) return
    if (!this.waiting.has(key) && this.running.size >= MAX_PENDING) return
    const queued = this.waiting.has(key)
    this.waiting.set(key, value)
    if (queued) return
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => {
        const latest = this.waiting.get(key)!
        this.waiting.delete(key)
        return this.write(tenantId, scope, latest)
      })
      .catch((err: unknown) =>
        this.deps.log.error({ err, tenantId, scope }, 'backtest: the packed trades were not stored'),
      )
    this.running.add(work)
    void work.finally(() => this.running.delete(work))
  }

  /** Stores `value` as the key's packed trades now (the pack job; `schedule` defers to this). */
  async write(tenantId: number, scope: string, v: PackedTrades): Promise<void> {
    if (v.trades.length > MAX_PACKED_TRADES) return
    const packed = encodeTrades(v.trades)
    await this.deps.scopes.withTenant(tenantId, (s) =>
      repo.writeTradePack(s, {
        scope,
        date_from: v.from,
        date_to: v.to,
        snapshot: v.mark.snapshot,
        purges: v.mark.purges,
        trades: v.trades.length,
        packed,
        written_at: this.deps.clock.now(),
      }),
    )
  }

  /** Resolves when every scheduled write has settled (shutdown, tests, the bench). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running])
  }
}
