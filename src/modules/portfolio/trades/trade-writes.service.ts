/**
 * Told after the commit that a tenant's realized trades were written in bulk (a CSV import, a broker
 * sync), for modules that keep something derived from them warm (the backtests' packed trades,
 * src/modules/trading-intel/backtest/trade-packs.service.ts). A notice, not a guarantee: what listens must stay correct
 * without it (the backtests read what changed since their own mark anyway), so a listener's failure
 * is logged and never reaches the writer.
 */
import type { Logger } from 'pino'

export type TradeWritesListener = (tenantId: number, count: number) => void

export class TradeWrites {
  private readonly listeners: TradeWritesListener[] = []

  constructor(private readonly log: Pick<Logger, 'warn'>) {}

  on(listener: TradeWritesListener): void {
    this.listeners.push(listener)
  }

  /** `count` trades of `tenantId` were inserted, changed or removed, and committed. */
  written(tenantId: number, count: number): void {
    if (count <= 0) return
    for (const listener of this.listeners)
      try {
        listener(tenantId, count)
      } catch (err) {
        this.log.warn({ err, tenantId }, 'portfolio: a trade-writes listener failed')
      }
  }
}
