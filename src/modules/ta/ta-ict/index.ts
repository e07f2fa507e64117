/**
 * ICT concepts (docs/definitions.md#ict-concepts): fair value gaps with their mitigation
 * state, order blocks, breaker blocks, premium/discount with the OTE band, liquidity pools and
 * killzones, and the ICT layer of the technical-analysis contract. No tables. Rules: README.md.
 */
import type { TaLayer } from '../../../platform/ta-layer.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import { taIctSweep } from './ta-ict.sweep.ts'
import type { MarketData } from '../../market/market-data/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { ictRoutes } from './ict.routes.ts'
import { IctService } from './ict.service.ts'
import { ictLayer } from './lib/layer.ts'

export { analyzeIct, type IctAnalysis, type IctOptions } from './lib/analyze.ts'
export { ictLayer, ICT_PATTERNS } from './lib/layer.ts'
export { ictScore, liveZones } from './lib/score.ts'
export { killzonesAt, KILLZONES } from './lib/killzones.ts'
export { fairValueGaps, type Fvg } from './lib/fvg.ts'
export type { OrderBlock, Breaker } from './lib/order-blocks.ts'
export type { PremiumDiscount } from './lib/premium-discount.ts'
export type { LiquidityPool } from './lib/liquidity.ts'
export { IctService, PORTFOLIO_HOLDINGS } from './ict.service.ts'

export interface TaIct {
  /** The ICT layer (pattern catalog, causal occurrences, layer score). */
  layer: TaLayer
  zones: IctService
}

function createTaIct(
  _ctx: ModuleContext,
  { portfolio, marketData }: { portfolio: Portfolio; marketData: MarketData },
): TaIct {
  return {
    layer: ictLayer,
    zones: new IctService({ timeframes: marketData.timeframes, holdings: portfolio.holdings }),
  }
}

export const taIctModule = defineModule({
  name: 'ta-ict',
  key: 'taIct',
  needs: { portfolio: true, marketData: true },
  tables: [],
  migrations: [],
  build: createTaIct,
  routes: (app, api) => ictRoutes(app, api.zones),
  sweep: taIctSweep,
})
