/**
 * Daily: the end-of-day review (GET /eod/review, /eod/history, the
 * `daily.eod-review` job after the close), the pre-market game plan (GET /gameplan) and the
 * economic calendar (unlisted GET /economic-calendar over ECONOMIC_CALENDAR_PROVIDER). The briefing
 * composes from `gameplan.build` and `eod.review`. Rules and constants: README.md.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { App } from '../../../platform/http/app-type.ts'
import type { Discovery } from '../discovery/index.ts'
import type { Intraday } from '../intraday/index.ts'
import { defineModule, job, type ModuleContext } from '../../module.ts'
import { dailySweep } from './daily.sweep.ts'
import type { OptionsFlow } from '../options-flow/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { CalendarService } from './calendar.service.ts'
import { DAILY_TABLES } from './daily.tables.ts'
import type { SignalSources } from './eod-build.service.ts'
import { eodRoutes } from './eod.routes.ts'
import { EodService } from './eod.service.ts'
import { gameplanRoutes } from './gameplan.routes.ts'
import { GameplanService, type PlanSources } from './gameplan.service.ts'
import type { SignalInput } from './lib/review.ts'
import { eodCron } from './lib/schedule.ts'
import * as m0021 from './migrations/0021_daily.ts'

export type { Review } from './eod.schemas.ts'
export type { Gameplan } from './gameplan.schemas.ts'
export { EodService } from './eod.service.ts'
export { GameplanService } from './gameplan.service.ts'

export const JOB_EOD_REVIEW = 'daily.eod-review'

export interface Daily {
  /** `build(tenantId, { accountId? })`: the object GET /gameplan answers. */
  gameplan: GameplanService
  /** `review(tenantId, { accountId?, date? })`: the object GET /eod/review answers (stored when missing). */
  eod: EodService
  calendar: CalendarService
  /** EOD_REVIEW_AT as a cron expression (New York, weekdays). */
  eodCron: string
}

interface Needs {
  portfolio: Portfolio
  intraday: Intraday
  optionsFlow: OptionsFlow
  discovery: Discovery
}

const FLOW_DIRECTION = { CALL_DOMINANCE: 'long', PUT_DOMINANCE: 'short', NEUTRAL_FLOW: 'neutral' } as const

/** The day's intraday signals and flow readings, in the review's shape. */
function signalSources({ intraday, optionsFlow }: Needs): SignalSources {
  return {
    async onDate(tenantId, date, limit) {
      const [signals, flow] = await Promise.all([
        intraday.signals.onDate(tenantId, date, limit),
        optionsFlow.flow.onDate(tenantId, date, limit),
      ])
      const fromIntraday = signals.map((s): SignalInput => ({
        source: 'intraday',
        id: s.id,
        symbol: s.symbol,
        kind: s.setup,
        direction: s.direction,
        confidence: s.confidence,
        price: s.price,
        at: s.trigger_time,
      }))
      const fromFlow = flow.map((f): SignalInput => ({
        source: 'options_flow',
        id: f.id,
        symbol: f.symbol,
        kind: f.direction,
        direction: FLOW_DIRECTION[f.direction],
        confidence: f.confidence,
        price: null,
        at: f.updated_at,
      }))
      return [...fromIntraday, ...fromFlow]
    },
  }
}

function planSources({ intraday, optionsFlow, discovery }: Needs): PlanSources {
  return {
    intraday: (tenantId, since, limit) => intraday.feedItems(tenantId, { since, limit }),
    optionsFlow: (tenantId, since, limit) => optionsFlow.feedItems(tenantId, { since, limit }),
    async watchlist(tenantId, limit) {
      // The watchlist reads through discovery's API, which takes a request scope: the tenant's own.
      const scope: RequestScope = { tenantId, userId: 0, role: 'user', plan: '', via: 'api_key' }
      const { items } = await discovery.opportunities.watchlist(scope, { limit })
      return items.map((o) => ({ symbol: o.symbol, score: o.score, scan_types: o.scan_types }))
    },
  }
}

function createDaily(ctx: ModuleContext, needs: Needs): Daily {
  return {
    gameplan: new GameplanService({
      clock: ctx.clock,
      market: ctx.providers.market,
      earnings: ctx.providers.earnings,
      dividends: ctx.providers.dividends,
      economic: ctx.providers.economicCalendar,
      holdings: needs.portfolio.holdings,
      sources: planSources(needs),
    }),
    eod: new EodService({
      scopes: ctx.scopes,
      clock: ctx.clock,
      log: ctx.log,
      market: ctx.providers.market,
      holdings: needs.portfolio.holdings,
      signals: signalSources(needs),
    }),
    calendar: new CalendarService({ economic: ctx.providers.economicCalendar }),
    eodCron: eodCron(ctx.config.EOD_REVIEW_AT),
  }
}

function dailyRoutes(app: App, api: Daily): void {
  eodRoutes(app, api)
  gameplanRoutes(app, api)
}

export const dailyModule = defineModule({
  name: 'daily',
  key: 'daily',
  needs: { portfolio: true, intraday: true, optionsFlow: true, discovery: true },
  tables: DAILY_TABLES,
  migrations: [['0021_daily', m0021]],
  build: createDaily,
  routes: dailyRoutes,
  jobs: (api) => [
    // Weekdays at EOD_REVIEW_AT New York; the handler skips holidays and runs only after the close.
    job(JOB_EOD_REVIEW, async () => void (await api.eod.runScheduled()), {
      cron: api.eodCron,
      tz: 'America/New_York',
    }),
  ],
  sweep: dailySweep,
})
