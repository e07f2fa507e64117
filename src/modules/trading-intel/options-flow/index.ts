/**
 * Options flow: put/call volume classification of a symbol's nearest option
 * expiration, one row per tenant, symbol and trading date (the session whose volumes were read);
 * the `options-flow.detect` job runs it every FLOW_DETECT_EVERY_MINUTES of the regular session on each tenant's held symbols. Thresholds
 * and the confidence rule: lib/classify.ts (documented on the operations and in README.md).
 */
import type { FeedQuery, FeedRow } from '../../../platform/feed-row.ts'
import { defineModule, job, type ModuleContext } from '../../module.ts'
import { optionsFlowSweep } from './options-flow.sweep.ts'
import type { MarketData } from '../../market/market-data/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import * as m0014 from './migrations/0014_options_flow.ts'
import { OPTIONS_FLOW_TABLES } from './options-flow.tables.ts'
import { optionsFlowRoutes } from './options-flow.routes.ts'
import { OptionsFlowService } from './options-flow.service.ts'

export { OptionsFlowService } from './options-flow.service.ts'
export { FLOW_DIRECTIONS } from './lib/classify.ts'

export const JOB_FLOW_DETECT = 'options-flow.detect'

export interface OptionsFlow {
  flow: OptionsFlowService
  /** Minutes between scheduled runs (FLOW_DETECT_EVERY_MINUTES). */
  everyMinutes: number
  /** The intel-feed contract: newest first (created_at desc, id desc), the tenant's rows since `since`. */
  feedItems(tenantId: number, q: FeedQuery): Promise<FeedRow[]>
}

/** Every N minutes of 09:00–15:59 New York on weekdays; the handler runs only in the regular session. */
export const flowCron = (everyMinutes: number) => `*/${everyMinutes} 9-15 * * 1-5`

function createOptionsFlow(
  ctx: ModuleContext,
  { portfolio, marketData }: { portfolio: Portfolio; marketData: MarketData },
): OptionsFlow {
  const flow = new OptionsFlowService({
    ...ctx,
    market: ctx.providers.market,
    instruments: marketData.instruments,
    holdings: portfolio.holdings,
  })
  return {
    flow,
    everyMinutes: ctx.config.FLOW_DETECT_EVERY_MINUTES,
    feedItems: (t, q) => flow.feedItems(t, q),
  }
}

export const optionsFlowModule = defineModule({
  name: 'options-flow',
  key: 'optionsFlow',
  needs: { portfolio: true, marketData: true },
  tables: OPTIONS_FLOW_TABLES,
  migrations: [['0014_options_flow', m0014]],
  build: createOptionsFlow,
  routes: optionsFlowRoutes,
  jobs: (api) => [
    job(JOB_FLOW_DETECT, async () => void (await api.flow.detectHeld()), {
      cron: flowCron(api.everyMinutes),
      tz: 'America/New_York',
    }),
  ],
  sweep: optionsFlowSweep,
})
