/**
 * The feature modules, in route (and OpenAPI) order. A module is one folder under src/modules with a
 * `defineModule` export; adding it here is the only edit outside its folder (CONTRIBUTING.md, "Adding
 * a module"). The container builds them in dependency order, whatever their order here.
 */
import { backtestModule } from '../modules/backtest/index.ts'
import { briefingModule } from '../modules/briefing/index.ts'
import { brokersModule } from '../modules/brokers/index.ts'
import { committeeModule } from '../modules/committee/index.ts'
import { discoveryModule } from '../modules/discovery/index.ts'
import { contentModule } from '../modules/content/index.ts'
import { dailyModule } from '../modules/daily/index.ts'
import { freeFeedModule } from '../modules/free-feed/index.ts'
import { identityModule } from '../modules/identity/index.ts'
import { intelModule } from '../modules/intel/index.ts'
import { marketContextModule } from '../modules/market-context/index.ts'
import { intelFeedModule } from '../modules/intel-feed/index.ts'
import { intradayModule } from '../modules/intraday/index.ts'
import { marketDataModule } from '../modules/market-data/index.ts'
import { marketResearchModule } from '../modules/market-research/index.ts'
import type { ModuleDefinition } from '../modules/module.ts'
import { optionsFlowModule } from '../modules/options-flow/index.ts'
import { portfolioModule } from '../modules/portfolio/index.ts'
import { recommendationsModule } from '../modules/recommendations/index.ts'
import { riskModule } from '../modules/risk/index.ts'
import { taConfluenceModule } from '../modules/ta-confluence/index.ts'
import { taIctModule } from '../modules/ta-ict/index.ts'
import { taPriceActionModule } from '../modules/ta-price-action/index.ts'
import { taStructureModule } from '../modules/ta-structure/index.ts'
import { taLearnModule } from '../modules/ta-learn/index.ts'
import { tenancyModule } from '../modules/tenancy/index.ts'
import { transcriptsModule } from '../modules/transcripts/index.ts'

export const modules = [
  identityModule,
  tenancyModule,
  portfolioModule,
  brokersModule,
  marketDataModule,
  contentModule,
  intelModule,
  freeFeedModule,
  transcriptsModule,
  intradayModule,
  optionsFlowModule,
  marketContextModule,
  discoveryModule,
  recommendationsModule,
  committeeModule,
  marketResearchModule,
  backtestModule,
  riskModule,
  intelFeedModule,
  dailyModule,
  briefingModule,
  taStructureModule,
  taPriceActionModule,
  taIctModule,
  taConfluenceModule,
  taLearnModule,
] as const

/** Each module's API under its key: `{ identity: Identity, portfolio: Portfolio, … }`. */
export type ModuleApis = { [M in (typeof modules)[number] as M['key']]: ReturnType<M['build']> }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of differently typed modules
export type AnyModule = ModuleDefinition<string, any, any>
