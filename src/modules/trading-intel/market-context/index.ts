/**
 * Market context: the broad index funds and the VIX (cached 60 s), and the
 * extended-hours movers of the tenant's holdings and the most active symbols. No tables.
 */
import { defineModule, type ModuleContext } from '../../module.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { ExtendedHoursService } from './extended-hours.service.ts'
import { IndicesService } from './indices.service.ts'
import { marketContextRoutes, type MarketContextServices } from './market-context.routes.ts'

export type MarketContext = MarketContextServices

function createMarketContext(ctx: ModuleContext, { portfolio }: { portfolio: Portfolio }): MarketContext {
  const market = ctx.providers.market
  return {
    indices: new IndicesService({ ...ctx, market }),
    extendedHours: new ExtendedHoursService({ ...ctx, market, holdings: portfolio.holdings }),
  }
}

export const marketContextModule = defineModule({
  name: 'market-context',
  key: 'marketContext',
  needs: { portfolio: true },
  tables: [],
  migrations: [],
  build: createMarketContext,
  routes: marketContextRoutes,
})
