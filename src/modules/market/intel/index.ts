/**
 * Intel: insider buying, from the InsiderProvider through a global 6-hour cache, and
 * the volume leaders of the market data provider's universe.
 */
import type { App } from '../../../platform/http/app-type.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { insiderRoutes } from './insider.routes.ts'
import { InsiderService } from './insider.service.ts'
import { INTEL_TABLES } from './intel.tables.ts'
import { volumeLeadersRoutes } from './volume-leaders.routes.ts'
import { VolumeLeadersService } from './volume-leaders.service.ts'

export { INSIDER_TTL_MS } from './insider.service.ts'
export { VolumeLeadersService } from './volume-leaders.service.ts'

export interface Intel {
  insider: InsiderService
  volumeLeaders: VolumeLeadersService
}

function createIntel(ctx: ModuleContext, { portfolio }: { portfolio: Portfolio }): Intel {
  return {
    insider: new InsiderService({ ...ctx, insider: ctx.providers.insider, holdings: portfolio.holdings }),
    volumeLeaders: new VolumeLeadersService({ ...ctx, market: ctx.providers.market }),
  }
}

function intelRoutes(app: App, intel: Intel): void {
  insiderRoutes(app, intel)
  volumeLeadersRoutes(app, intel)
}

export const intelModule = defineModule({
  name: 'intel',
  key: 'intel',
  needs: { portfolio: true },
  tables: INTEL_TABLES,
  // Its tables were created by the platform's 0004_intel (shared with transcripts).
  migrations: [],
  build: createIntel,
  routes: intelRoutes,
})
