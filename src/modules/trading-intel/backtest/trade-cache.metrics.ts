/**
 * What the trade cache did, on /metrics: reads answered from memory or not, those that applied
 * changes, whole reads, and the trades held now. An operator reads the hit rate and the whole reads
 * (each one reads every trade of a key) from these.
 */
import { Counter, Gauge, type Registry } from 'prom-client'

export const TRADE_CACHE_METRICS = {
  reads: 'backtest_trade_cache_reads_total',
  refreshes: 'backtest_trade_cache_refreshes_total',
  wholeReads: 'backtest_trade_cache_whole_reads_total',
  held: 'backtest_trade_cache_trades',
} as const

export interface TradeCacheMetrics {
  /** A read answered from memory (brought up to date first). */
  hit(): void
  /** A read not answered from memory: from the packed value, or read whole. */
  miss(): void
  /** A read or an unpacking that had changes to apply. */
  refreshed(): void
  /** A read of every trade of a key. */
  whole(): void
}

/** The cache's metrics in `registry`; `held` says how many trades it holds now. */
export function tradeCacheMetrics(registry: Registry, held: () => number): TradeCacheMetrics {
  const reads = new Counter({
    name: TRADE_CACHE_METRICS.reads,
    help: 'Backtest trade-cache reads: hit = from memory brought up to date, miss = from the packed value or read whole',
    labelNames: ['result'] as const,
    registers: [registry],
  })
  const refreshes = new Counter({
    name: TRADE_CACHE_METRICS.refreshes,
    help: 'Backtest trade-cache reads that applied the trades written since their mark',
    registers: [registry],
  })
  const wholeReads = new Counter({
    name: TRADE_CACHE_METRICS.wholeReads,
    help: 'Backtest trade-cache reads of every trade of a tenant and account-or-all',
    registers: [registry],
  })
  new Gauge({
    name: TRADE_CACHE_METRICS.held,
    help: 'Realized trades held in memory by the backtest trade cache',
    registers: [registry],
    collect() {
      this.set(held())
    },
  })
  // Both series from the start, so a rate over them is defined before the first miss.
  reads.inc({ result: 'hit' }, 0)
  reads.inc({ result: 'miss' }, 0)
  return {
    hit: () => reads.inc({ result: 'hit' }),
    miss: () => reads.inc({ result: 'miss' }),
    refreshed: () => refreshes.inc(),
    whole: () => wholeReads.inc(),
  }
}
