/**
 * The feature modules, in route (and OpenAPI) order. A module is one folder, src/modules/<module>/ or
 * src/modules/<area>/<module>/ (grouped by product area), with a `defineModule` export; adding it
 * here is the only code edit outside its folder (CONTRIBUTING.md, "Adding a module"). The container
 * builds them in dependency order, whatever their order here.
 */
import { alertsModule } from '../modules/engagement/alerts/index.ts'
import { backtestModule } from '../modules/trading-intel/backtest/index.ts'
import { briefingModule } from '../modules/trading-intel/briefing/index.ts'
import { brokersModule } from '../modules/brokers/index.ts'
import { committeeModule } from '../modules/trading-intel/committee/index.ts'
import { discoveryModule } from '../modules/trading-intel/discovery/index.ts'
import { contentModule } from '../modules/market/content/index.ts'
import { dailyModule } from '../modules/trading-intel/daily/index.ts'
import { freeFeedModule } from '../modules/market/free-feed/index.ts'
import { identityModule } from '../modules/accounts/identity/index.ts'
import { intelModule } from '../modules/market/intel/index.ts'
import { marketContextModule } from '../modules/trading-intel/market-context/index.ts'
import { intelFeedModule } from '../modules/trading-intel/intel-feed/index.ts'
import { intradayModule } from '../modules/trading-intel/intraday/index.ts'
import { marketDataModule } from '../modules/market/market-data/index.ts'
import { notificationsModule } from '../modules/engagement/notifications/index.ts'
import { marketResearchModule } from '../modules/trading-intel/market-research/index.ts'
import type { ModuleDefinition } from '../modules/module.ts'
import { optionsFlowModule } from '../modules/trading-intel/options-flow/index.ts'
import { portfolioModule } from '../modules/portfolio/index.ts'
import { pushModule } from '../modules/engagement/push/index.ts'
import { recommendationsModule } from '../modules/trading-intel/recommendations/index.ts'
import { riskModule } from '../modules/trading-intel/risk/index.ts'
import { supportAssistantModule } from '../modules/support/assistant/index.ts'
import { moderationModule } from '../modules/support/moderation/index.ts'
import { botControlsModule } from '../modules/agents/bot-controls/index.ts'
import { mcpModule } from '../modules/agents/mcp/index.ts'
import { supportCasesModule } from '../modules/support/cases/index.ts'
import { screenerModule } from '../modules/trading-intel/screener/index.ts'
import { taConfluenceModule } from '../modules/ta/ta-confluence/index.ts'
import { taIctModule } from '../modules/ta/ta-ict/index.ts'
import { taPriceActionModule } from '../modules/ta/ta-price-action/index.ts'
import { taStructureModule } from '../modules/ta/ta-structure/index.ts'
import { taLearnModule } from '../modules/ta/ta-learn/index.ts'
import { tenancyModule } from '../modules/accounts/tenancy/index.ts'
import { transcriptsModule } from '../modules/market/transcripts/index.ts'
import { widgetsModule } from '../modules/workspace/widgets/index.ts'
import { watchlistsModule } from '../modules/workspace/watchlists/index.ts'

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
  screenerModule,
  watchlistsModule,
  widgetsModule,
  pushModule,
  notificationsModule,
  alertsModule,
  supportAssistantModule,
  supportCasesModule,
  moderationModule,
  botControlsModule,
  mcpModule,
] as const

/** Each module's API under its key: `{ identity: Identity, portfolio: Portfolio, … }`. */
export type ModuleApis = { [M in (typeof modules)[number] as M['key']]: ReturnType<M['build']> }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of differently typed modules
export type AnyModule = ModuleDefinition<string, any, any>
