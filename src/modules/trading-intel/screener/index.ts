/**
 * Screeners (key `screener`): a columnar snapshot of metrics over the whole universe (daily bars,
 * instruments, reported EPS, dividends, confluence), screens over it with the caller's portfolio
 * and signals as per-request columns, screens in the past (`as_of`) with forward returns, CSV
 * export and saved screens, on two surfaces: /api/screener and /api/trading-intel/stock-screener.
 * The engine (catalog, spec, evaluation, presets) is in lib/; rules and sources: README.md.
 */
import { createDailyBudget } from '../../../platform/daily-budget.ts'
import type { App } from '../../../platform/http/app-type.ts'
import type { Tenancy } from '../../accounts/tenancy/index.ts'
import { defineModule, job, type ModuleContext } from '../../module.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import type { TaConfluence } from '../../ta/ta-confluence/index.ts'
import type { Discovery } from '../discovery/index.ts'
import type { Intraday } from '../intraday/index.ts'
import type { OptionsFlow } from '../options-flow/index.ts'
import { aiBuildRoutes } from './ai-build.routes.ts'
import { AiBuildService } from './ai-build.service.ts'
import { CatalogService } from './catalog.service.ts'
import * as m0039 from './migrations/0039_screener.ts'
import { OverlayService } from './overlay.service.ts'
import { RunService } from './run.service.ts'
import { SavedService } from './saved.service.ts'
import { JOB_SCREENER_REFRESH, SCREENER_REFRESH_CRON, refreshSnapshot } from './screener.job.ts'
import { screenerRoutes } from './screener.routes.ts'
import { screenerSweep } from './screener.sweep.ts'
import { SCREENER_TABLES } from './screener.tables.ts'
import { SnapshotService } from './snapshot.service.ts'
import { stockScreenerRoutes } from './stock-screener.routes.ts'

export { JOB_SCREENER_REFRESH } from './screener.job.ts'
export { CatalogService, operatorsOf } from './catalog.service.ts'
export { RunService, checkedSpec, type RunBody, type RunOut } from './run.service.ts'
export { SnapshotService } from './snapshot.service.ts'
export { SavedService } from './saved.service.ts'
export { STOCK_SCREENER_BASE } from './stock-screener.routes.ts'
export { SPEC_DOC } from './screener.docs.ts'

export interface Screener {
  snapshots: SnapshotService
  catalog: CatalogService
  runs: RunService
  saved: SavedService
  aiBuild: AiBuildService
}

interface Needs {
  tenancy: Tenancy
  portfolio: Portfolio
  intraday: Intraday
  optionsFlow: OptionsFlow
  discovery: Discovery
  taConfluence: TaConfluence
}

function createScreener(ctx: ModuleContext, needs: Needs): Screener {
  const { market, earnings, dividends } = ctx.providers
  const snapshots = new SnapshotService({
    clock: ctx.clock,
    log: ctx.log,
    market,
    earnings,
    dividends,
    confluence: async (symbol) => (await needs.taConfluence.ta.confluence(symbol, '1d')).display,
  })
  needs.portfolio.marketRefresh.onRefreshed(() => snapshots.afterMarketRefresh())
  const overlays = new OverlayService({
    holdings: needs.portfolio.holdings,
    signals: needs.intraday.signals,
    flow: needs.optionsFlow.flow,
    opportunities: needs.discovery.opportunities,
  })
  return {
    snapshots,
    catalog: new CatalogService({ snapshots }),
    runs: new RunService({ snapshots, overlays }),
    saved: new SavedService({ scopes: ctx.scopes, entitlements: needs.tenancy.entitlements }),
    aiBuild: new AiBuildService({
      llm: ctx.providers.llm,
      llmBudget: createDailyBudget('llm-calls', ctx.config.LLM_DAILY_CALLS_PER_TENANT, ctx),
      flags: ctx.flags,
      log: ctx.log,
    }),
  }
}

function routes(app: App, api: Screener): void {
  screenerRoutes(app, api)
  stockScreenerRoutes(app, api)
  aiBuildRoutes(app, api)
}

export const screenerModule = defineModule({
  name: 'screener',
  key: 'screener',
  needs: {
    tenancy: true,
    portfolio: true,
    intraday: true,
    optionsFlow: true,
    discovery: true,
    taConfluence: true,
  },
  tables: SCREENER_TABLES,
  migrations: [['0039_screener', m0039]],
  build: createScreener,
  routes,
  jobs: (api) => [
    job(JOB_SCREENER_REFRESH, () => refreshSnapshot(api.snapshots, api.snapshots.log), {
      cron: SCREENER_REFRESH_CRON,
      tz: 'America/New_York',
    }),
  ],
  sweep: screenerSweep,
})
