/**
 * Market structure (docs/definitions.md#market-structure): swings with L/R confirmation, the
 * HH/HL/LH/LL/EQH/EQL labels and trend, close-based causal BOS/CHoCH, multi-timeframe alignment, and
 * the structure layer of the technical-analysis contract. No tables. Rules and constants: README.md.
 */
import type { TaLayer } from '../../../platform/ta-layer.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import { taStructureSweep } from './ta-structure.sweep.ts'
import type { MarketData } from '../../market/market-data/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { structureLayer } from './lib/layer.ts'
import { structureRoutes } from './structure.routes.ts'
import { StructureService } from './structure.service.ts'

export { analyzeStructure, optionsFor, SWING_LR, EQUAL_TOLERANCE } from './lib/analyze.ts'
export type { StructureAnalysis, SwingOut, BreakOut, BarRef } from './lib/analyze.ts'
export { findSwings, trendOf, type Swing, type Trend } from './lib/swings.ts'
export { structureBreaks, type StructureBreak } from './lib/breaks.ts'
export { mtfAlignment, mtfWindow, MTF_WEIGHTS } from './lib/mtf.ts'
export { structureLayer, STRUCTURE_PATTERNS } from './lib/layer.ts'
export { StructureService } from './structure.service.ts'

export interface TaStructure {
  /** The structure layer (pattern catalog, causal occurrences, layer score). */
  layer: TaLayer
  structure: StructureService
}

function createTaStructure(
  _ctx: ModuleContext,
  { portfolio, marketData }: { portfolio: Portfolio; marketData: MarketData },
): TaStructure {
  return {
    layer: structureLayer,
    structure: new StructureService({ timeframes: marketData.timeframes, holdings: portfolio.holdings }),
  }
}

export const taStructureModule = defineModule({
  name: 'ta-structure',
  key: 'taStructure',
  needs: { portfolio: true, marketData: true },
  tables: [],
  migrations: [],
  build: createTaStructure,
  routes: (app, api) => structureRoutes(app, api.structure),
  sweep: taStructureSweep,
})
