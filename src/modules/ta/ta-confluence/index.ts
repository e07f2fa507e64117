/**
 * Technical-analysis confluence (docs/definitions.md#confluence): combines the structure,
 * price-action and ICT layers with momentum and volume into one score, the per-layer pattern
 * catalog, pattern backtests and the portfolio dashboard. No tables. Rules and constants: README.md.
 */
import type { App } from '../../../platform/http/app-type.ts'
import type { TaLayer } from '../../../platform/ta-layer.ts'
import type { MarketData } from '../../market/market-data/index.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import type { TaIct } from '../ta-ict/index.ts'
import type { TaPriceAction } from '../ta-price-action/index.ts'
import type { TaStructure } from '../ta-structure/index.ts'
import { withZones } from './lib/ict-zones.ts'
import { DashboardService } from './dashboard.service.ts'
import { TaLayers } from './lib/layers.ts'
import { taRoutes } from './ta.routes.ts'
import { TaService } from './ta.service.ts'
import { taConfluenceSweep } from './ta-confluence.sweep.ts'

export { TaLayers, type Zone, type ZoneLayer } from './lib/layers.ts'
export { combine, WEIGHTS } from './lib/confluence.ts'

export interface TaConfluence {
  /** The installed layers (tests replace them with fakes through `use`). */
  layers: TaLayers
  ta: TaService
  dashboard: DashboardService
}

interface Needs {
  marketData: MarketData
  portfolio: Portfolio
  taStructure: TaStructure
  taPriceAction: TaPriceAction
  taIct: TaIct
}

function createTaConfluence(_ctx: ModuleContext, needs: Needs): TaConfluence {
  const { marketData, portfolio } = needs
  // The three layer modules; the ICT one also lists its zones for the dashboard.
  const installed: TaLayer[] = [
    needs.taStructure.layer,
    needs.taPriceAction.layer,
    withZones(needs.taIct.layer),
  ]
  const layers = new TaLayers(installed)
  const timeframes = marketData.timeframes
  return {
    layers,
    ta: new TaService({ layers, timeframes }),
    dashboard: new DashboardService({ layers, timeframes, holdings: portfolio.holdings }),
  }
}

function routes(app: App, api: TaConfluence): void {
  taRoutes(app, api)
}

export const taConfluenceModule = defineModule({
  name: 'ta-confluence',
  key: 'taConfluence',
  needs: { marketData: true, portfolio: true, taStructure: true, taPriceAction: true, taIct: true },
  tables: [],
  migrations: [],
  build: createTaConfluence,
  routes,
  sweep: taConfluenceSweep,
})
