/**
 * The per-trade log of a run, written after the answer (up to 8.8 MB: ~240 ms on PGlite, most of
 * what POST /backtest spent after its reads; bench/README.md "Backtest"). The run row is inserted in
 * the request with its summary, curve and the first INLINE_TRADES records, `log_status` `pending`;
 * this writes the whole log on the next turn of the event loop and marks it `stored`, or `failed`
 * when the write fails.
 *
 * In this process, not a job: the log exists only in this process's memory (a job's JSON payload of
 * 8.8 MB would cost more than the write it defers). What a crash does: the log is lost, and the row
 * reads as `failed` once LOG_PENDING_MS have passed (derived on read, so no sweeper is needed; the
 * write itself refuses to store past that deadline, so `failed` is final). A graceful shutdown waits
 * for the pending writes (`idle`, from the module's onClose hook), before the database closes.
 */
import type { Logger } from 'pino'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import * as repo from './backtest.repository.ts'
import type { LogStatus } from './backtest.tables.ts'

/** A log still pending this long after its run was created will never be stored: it reads as failed. */
export const LOG_PENDING_MS = 5 * 60_000

/**
 * Log bytes held for writing at most (~7 logs of the 100,000-trade maximum). A run whose log would
 * go beyond waits for earlier writes to settle before it answers: memory stays bounded under a burst,
 * at the cost of that run's latency.
 */
export const MAX_PENDING_BYTES = 64 * 1024 * 1024

/** The status a client sees: a pending log past its deadline is failed. */
export function logStatusOf(stored: LogStatus, createdAt: Date, now: Date): LogStatus {
  return stored === 'pending' && now.getTime() - createdAt.getTime() >= LOG_PENDING_MS ? 'failed' : stored
}

export class LogWriter {
  private readonly pending = new Set<Promise<void>>()
  private pendingBytes = 0

  constructor(
    private readonly deps: { scopes: Scopes; log: Logger; clock: Clock },
    private readonly maxPendingBytes = MAX_PENDING_BYTES,
  ) {}

  /**
   * Stores `log` as run `id`'s whole log after the current answer has been sent. Resolves once the
   * write is scheduled: at once, or when earlier writes have made room under maxPendingBytes.
   */
  async schedule(tenantId: number, id: number, log: Uint8Array): Promise<void> {
    while (this.pending.size && this.pendingBytes + log.byteLength > this.maxPendingBytes)
      await Promise.race(this.pending) // they never reject (caught below)
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        if (await this.store(tenantId, id, log)) return
        // Deleted or pruned meanwhile (nothing to mark), or past its deadline: failed, in the row too.
        await this.deps.scopes.withTenant(tenantId, (s) => repo.markLogFailed(s, id))
        this.deps.log.info({ tenantId, backtestId: id }, 'backtest: log not stored, the run is gone or late')
      })
      .catch((err: unknown) => this.failed(tenantId, id, err))
    this.pending.add(work)
    this.pendingBytes += log.byteLength
    void work.finally(() => {
      this.pending.delete(work)
      this.pendingBytes -= log.byteLength
    })
  }

  /** Writes the log; false when the run is gone (deleted, pruned) or past its deadline. */
  async store(tenantId: number, id: number, log: Uint8Array): Promise<boolean> {
    const since = new Date(this.deps.clock.now().getTime() - LOG_PENDING_MS)
    return this.deps.scopes.withTenant(tenantId, (s) => repo.storeLog(s, id, log, since))
  }

  private async failed(tenantId: number, id: number, err: unknown): Promise<void> {
    this.deps.log.error({ err, tenantId, backtestId: id }, 'backtest: the per-trade log was not stored')
    try {
      await this.deps.scopes.withTenant(tenantId, (s) => repo.markLogFailed(s, id))
    } catch (again) {
      // The deadline turns it into failed anyway (logStatusOf).
      this.deps.log.error({ err: again, tenantId, backtestId: id }, 'backtest: could not mark the log failed')
    }
  }

  /** Resolves when every scheduled write has settled (shutdown, tests, the bench). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending])
  }

  /** Writes scheduled and not yet settled. */
  get size(): number {
    return this.pending.size
  }
}
