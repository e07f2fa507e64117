/**
 * Backtests (POST /backtest): the tenant's realized trades replayed over a date
 * range with filters and position sizing, marked to market on daily closes, with the performance metrics and
 * the per-trade log; every run is saved (list, get, paged log, delete). Rules: README.md.
 */
import type { App } from '../../../platform/http/app-type.ts'
import { defineModule, job, type ModuleContext } from '../../module.ts'
import type { Intraday } from '../intraday/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { backtestRoutes } from './backtest.routes.ts'
import { BacktestService } from './backtest.service.ts'
import { backtestSweep } from './backtest.sweep.ts'
import { BACKTEST_TABLES } from './backtest.tables.ts'
import { LogWriter } from './log-writer.service.ts'
import * as m0016 from './migrations/0016_backtest.ts'
import * as m0024 from './migrations/0024_backtest_log_status.ts'
import * as m0026 from './migrations/0026_backtest_trade_pack.ts'
import { runsRoutes } from './runs.routes.ts'
import { RunsService } from './runs.service.ts'
import { RealizedTradeCache } from './trade-cache.service.ts'
import { TradePacks } from './trade-packs.service.ts'

/** Packs a tenant's realized trades after a bulk write (RealizedTradeCache.prepare). */
export const JOB_PACK_TRADES = 'backtest.pack-trades'
interface PackPayload {
  tenantId: number
}
/** A tenant's pack job enqueued this recently and not started here is not enqueued again. */
const PACK_WAIT_MS = 60_000

export interface Backtest {
  backtest: BacktestService
  runs: RunsService
  /** Realized trades of recent runs, per tenant and account, kept up to date (trade-cache.ts). */
  tradeCache: RealizedTradeCache
  /** Per-trade logs written after the answer (log-writer.service.ts); `idle()` waits for them. */
  logs: LogWriter
  /** Packed trades written after the answer (trade-packs.service.ts); `idle()` waits for them. */
  packs: TradePacks
  /** The pack job's work: the tenant's all-accounts packed trades brought up to date. */
  packTrades(tenantId: number): Promise<void>
}

function createBacktest(
  ctx: ModuleContext,
  { portfolio, intraday }: { portfolio: Portfolio; intraday: Intraday },
): Backtest {
  const packs = new TradePacks(ctx)
  const tradeCache = new RealizedTradeCache(portfolio.holdings, packs, { metrics: ctx.metrics })
  // After an import or a broker sync, pack the tenant's trades ahead of its next run: a job, so the
  // writer does not wait; one waiting per tenant (a job that started reads whatever came before it).
  // Bounded in time, for a queue whose jobs another process may start.
  const waiting = new Map<number, number>()
  portfolio.tradeWrites.on((tenantId) => {
    const now = ctx.clock.now().getTime()
    if (now - (waiting.get(tenantId) ?? -Infinity) < PACK_WAIT_MS) return
    waiting.set(tenantId, now)
    ctx.jobs.enqueue(JOB_PACK_TRADES, { tenantId } satisfies PackPayload).catch((err: unknown) => {
      waiting.delete(tenantId)
      ctx.log.warn({ err, tenantId }, 'backtest: could not enqueue the trade pack')
    })
  })
  const logs = new LogWriter(ctx)
  return {
    backtest: new BacktestService({
      scopes: ctx.scopes,
      clock: ctx.clock,
      log: ctx.log,
      market: ctx.providers.market,
      trades: tradeCache,
      logs,
      signals: intraday.signals,
    }),
    runs: new RunsService(ctx),
    tradeCache,
    logs,
    packs,
    packTrades: async (tenantId) => {
      waiting.delete(tenantId)
      await tradeCache.prepare(tenantId)
    },
  }
}

function routes(app: App, api: Backtest): void {
  backtestRoutes(app, api)
  runsRoutes(app, api)
  // Logs still being written are stored before the container closes the database.
  app.addHook('onClose', async () => {
    await api.logs.idle()
    await api.packs.idle()
  })
}

export const backtestModule = defineModule({
  name: 'backtest',
  key: 'backtest',
  needs: { portfolio: true, intraday: true },
  tables: BACKTEST_TABLES,
  migrations: [
    ['0016_backtest', m0016],
    ['0024_backtest_log_status', m0024],
    ['0026_backtest_trade_pack', m0026],
  ],
  build: createBacktest,
  routes,
  sweep: backtestSweep,
  jobs: (b) => [job(JOB_PACK_TRADES, (p: PackPayload) => b.packTrades(p.tenantId))],
})
