/**
 * Intraday bars and setup signals (`/api/trading-intel/intraday/*`): bars with
 * VWAP/RSI/MACD, the ORB, VWAP-reclaim, gap and volume-spike detectors, the tenant's signals, the
 * `intraday.detect` job during regular hours, and `feedItems` for the intel feed. README.md holds
 * the rules, defaults and confidence formulas.
 */
import type { FeedQuery, FeedRow } from '../../../platform/feed-row.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { defineModule, job, type ModuleContext } from '../../module.ts'
import { intradaySweep } from './intraday.sweep.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { barsRoutes } from './bars.routes.ts'
import { BarsService } from './bars.service.ts'
import { detectRoutes } from './detect.routes.ts'
import { DetectService } from './detect.service.ts'
import { INTRADAY_TABLES } from './intraday.tables.ts'
import * as m0013 from './migrations/0013_intraday.ts'
import * as m0030 from './migrations/0030_intraday_reseed.ts'
import { signalsRoutes } from './signals.routes.ts'
import { SignalsService } from './signals.service.ts'

/** The setups the detectors produce (backtests filter trades on them). */
export { DETECTORS as SETUPS } from './lib/types.ts'
export type { SignalsService } from './signals.service.ts'

export const JOB_INTRADAY_DETECT = 'intraday.detect'

export interface Intraday {
  bars: BarsService
  detect: DetectService
  signals: SignalsService
  /** Newest first: created_at desc, id desc. Rows of that tenant only, created at or after `since`. */
  feedItems(tenantId: number, q: FeedQuery): Promise<FeedRow[]>
  /** INTRADAY_DETECT_EVERY_MINUTES: the job's period. */
  everyMinutes: number
}

function createIntraday(ctx: ModuleContext, { portfolio }: { portfolio: Portfolio }): Intraday {
  const deps = { scopes: ctx.scopes, clock: ctx.clock, market: ctx.providers.market, log: ctx.log }
  const bars = new BarsService(deps)
  const signals = new SignalsService(deps)
  return {
    bars,
    detect: new DetectService({ ...deps, bars, holdings: portfolio.holdings }),
    signals,
    feedItems: (tenantId, q) => signals.feedItems(tenantId, q),
    everyMinutes: ctx.config.INTRADAY_DETECT_EVERY_MINUTES,
  }
}

function intradayRoutes(app: App, api: Intraday): void {
  barsRoutes(app, api)
  detectRoutes(app, api)
  signalsRoutes(app, api)
}

export const intradayModule = defineModule({
  name: 'intraday',
  key: 'intraday',
  needs: { portfolio: true },
  tables: INTRADAY_TABLES,
  migrations: [
    ['0013_intraday', m0013],
    ['0030_intraday_reseed', m0030],
  ],
  build: createIntraday,
  routes: intradayRoutes,
  jobs: (api) => [
    // 09:00–16:59 New York, weekdays; the handler runs only while the regular session is open.
    job(JOB_INTRADAY_DETECT, () => api.detect.detectScheduled(), {
      cron: `*/${api.everyMinutes} 9-16 * * 1-5`,
      tz: 'America/New_York',
    }),
  ],
  sweep: intradaySweep,
})
