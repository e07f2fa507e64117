/**
 * Discovery: live scans of a universe (gappers, volume, momentum, reversal,
 * breakout) stored per tenant, their feed, composite opportunity scores and the watchlist of scored
 * symbols not held; a scheduled scan during regular hours. Rules and weights: README.md.
 */
import type { App } from '../../../platform/http/app-type.ts'
import type { FreeFeedService } from '../../market/free-feed/index.ts'
import { defineModule, job, type ModuleContext } from '../../module.ts'
import { discoverySweep } from './discovery.sweep.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { DISCOVERY_TABLES, type Universe } from './discovery.tables.ts'
import { DiscoveryJob, JOB_DISCOVERY_SCAN } from './discovery.job.ts'
import type { ScanType } from './lib/scans.ts'
import * as m0015 from './migrations/0015_discovery.ts'
import { opportunitiesRoutes } from './opportunities.routes.ts'
import { OpportunitiesService } from './opportunities.service.ts'
import { scanRoutes } from './scan.routes.ts'
import { ScanService } from './scan.service.ts'
import { Universes } from './universes.service.ts'

export { JOB_DISCOVERY_SCAN } from './discovery.job.ts'

export interface Discovery {
  scans: ScanService
  opportunities: OpportunitiesService
  job: DiscoveryJob
}

function createDiscovery(
  ctx: ModuleContext,
  { portfolio, freeFeed }: { portfolio: Portfolio; freeFeed: FreeFeedService },
): Discovery {
  const universes = new Universes({
    clock: ctx.clock,
    market: ctx.providers.market,
    freeFeed,
    holdings: portfolio.holdings,
  })
  const scans = new ScanService({ scopes: ctx.scopes, clock: ctx.clock, universes })
  const plan = {
    universes: ctx.config.DISCOVERY_SCAN_UNIVERSES.split(',') as Universe[],
    scanTypes: ctx.config.DISCOVERY_SCAN_TYPES.split(',') as ScanType[],
    everyMinutes: ctx.config.DISCOVERY_SCAN_EVERY_MINUTES,
  }
  return {
    scans,
    opportunities: new OpportunitiesService({
      scopes: ctx.scopes,
      clock: ctx.clock,
      holdings: portfolio.holdings,
    }),
    job: new DiscoveryJob({
      clock: ctx.clock,
      log: ctx.log,
      universes,
      scans,
      holdings: portfolio.holdings,
      plan,
    }),
  }
}

function discoveryRoutes(app: App, discovery: Discovery): void {
  scanRoutes(app, discovery)
  opportunitiesRoutes(app, discovery)
}

export const discoveryModule = defineModule({
  name: 'discovery',
  key: 'discovery',
  needs: { portfolio: true, freeFeed: true },
  tables: DISCOVERY_TABLES,
  migrations: [['0015_discovery', m0015]],
  build: createDiscovery,
  routes: discoveryRoutes,
  jobs: (d) => [
    job(JOB_DISCOVERY_SCAN, () => d.job.runIfOpen(), { cron: d.job.cron(), tz: 'America/New_York' }),
  ],
  sweep: discoverySweep,
})
