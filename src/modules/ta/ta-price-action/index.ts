/**
 * Technical analysis, price action (docs/definitions.md#price-action): candlestick
 * patterns with strength, reversal candidates, Wyckoff schematics, per holding. No tables. Exports
 * the layer (src/platform/ta-layer.ts) and the pure analysis. Rules and constants: README.md.
 */
import type { TaLayer } from '../../../platform/ta-layer.ts'
import type { App } from '../../../platform/http/app-type.ts'
import type { MarketData } from '../../market/market-data/index.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import { taPriceActionSweep } from './ta-price-action.sweep.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { layer } from './lib/layer.ts'
import { priceActionRoutes } from './price-action.routes.ts'
import { PriceActionService } from './price-action.service.ts'

export { analyzePriceAction, type PriceActionAnalysis } from './lib/analysis.ts'
export { findCandles, CANDLES, type CandleHit, type CandleId } from './lib/candles.ts'
export { findReversals, type Reversal } from './lib/reversals.ts'
export { findWyckoff, type Schematic, type WyckoffEvent } from './lib/wyckoff.ts'
export { layer, PATTERNS, SCORE_WINDOW } from './lib/layer.ts'
export { PriceActionService } from './price-action.service.ts'

export interface TaPriceAction {
  /** The price-action layer: catalog, causal occurrences, layer score. */
  layer: TaLayer
  priceAction: PriceActionService
}

function createTaPriceAction(
  _ctx: ModuleContext,
  { marketData, portfolio }: { marketData: MarketData; portfolio: Portfolio },
): TaPriceAction {
  return {
    layer,
    priceAction: new PriceActionService({ timeframes: marketData.timeframes, holdings: portfolio.holdings }),
  }
}

function routes(app: App, api: TaPriceAction): void {
  priceActionRoutes(app, api)
}

export const taPriceActionModule = defineModule({
  name: 'ta-price-action',
  key: 'taPriceAction',
  needs: { marketData: true, portfolio: true },
  tables: [],
  migrations: [],
  build: createTaPriceAction,
  routes,
  sweep: taPriceActionSweep,
})
