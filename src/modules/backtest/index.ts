/**
 * Backtests (issue 14, spec §4.4 POST /backtest): the tenant's realized trades replayed over a date
 * range with filters and position sizing, marked to market on daily closes, with the §8 metrics and
 * the per-trade log; every run is saved (list, get, paged log, delete). Rules: README.md.
 */
import type { App } from '../../platform/http/app-type.ts'
import { defineModule, type ModuleContext } from '../module.ts'
import type { Intraday } from '../intraday/index.ts'
import type { Portfolio } from '../portfolio/index.ts'
import { backtestRoutes } from './backtest.routes.ts'
import { BacktestService } from './backtest.service.ts'
import { backtestSweep } from './backtest.sweep.ts'
import { BACKTEST_TABLES } from './backtest.tables.ts'
import * as m0016 from './migrations/0016_backtest.ts'
import { runsRoutes } from './runs.routes.ts'
import { RunsService } from './runs.service.ts'

export interface Backtest {
  backtest: BacktestService
  runs: RunsService
}

function createBacktest(
  ctx: ModuleContext,
  { portfolio, intraday }: { portfolio: Portfolio; intraday: Intraday },
): Backtest {
  return {
    backtest: new BacktestService({
      scopes: ctx.scopes,
      clock: ctx.clock,
      log: ctx.log,
      market: ctx.providers.market,
      holdings: portfolio.holdings,
      signals: intraday.signals,
    }),
    runs: new RunsService({ scopes: ctx.scopes }),
  }
}

function routes(app: App, api: Backtest): void {
  backtestRoutes(app, api)
  runsRoutes(app, api)
}

export const backtestModule = defineModule({
  name: 'backtest',
  key: 'backtest',
  needs: { portfolio: true, intraday: true },
  tables: BACKTEST_TABLES,
  migrations: [['0016_backtest', m0016]],
  build: createBacktest,
  routes,
  sweep: backtestSweep,
})
