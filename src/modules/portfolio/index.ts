/**
 * Portfolio: accounts, manual holdings and closed trades, investors and capital flows, CSV import,
 * the market refresh of snapshots, and the portfolio analytics.
 */
import type { App } from '../../platform/http/app-type.ts'
import type { MarketData } from '../market/market-data/index.ts'
import type { Tenancy } from '../accounts/tenancy/index.ts'
import { defineModule, type ModuleContext } from '../module.ts'
import { accountsRoutes } from './accounts/accounts.routes.ts'
import { activitiesRoutes } from './activities/activities.routes.ts'
import { ActivitiesService } from './activities/activities.service.ts'
import { ActivityExportService } from './activities/export.service.ts'
import { ActivityImportService } from './activities/import.service.ts'
import { AccountsService, accountNames, ownedAccountQuery } from './accounts/accounts.service.ts'
import { analyticsRoutes } from './analytics/analytics.routes.ts'
import * as brokerHoldingsService from './holdings/broker-holdings.service.ts'
import * as brokerLedger from './activities/broker-ledger.service.ts'
import { AnalyticsService } from './analytics/analytics.service.ts'
import { HoldingsService } from './holdings/holdings.service.ts'
import { TradeWrites } from './trades/trade-writes.service.ts'
import { capitalRoutes } from './capital/capital.routes.ts'
import { insertDemoFixtures, type DemoFixtures } from './demo.repository.ts'
import { CapitalService } from './capital/capital.service.ts'
import { importRoutes } from './manual/import.routes.ts'
import { ImportService } from './manual/import.service.ts'
import { manualRoutes } from './manual/manual.routes.ts'
import { ManualService } from './manual/manual.service.ts'
import { marketRefreshRoutes } from './holdings/market-refresh.routes.ts'
import { performanceRoutes } from './performance/performance.routes.ts'
import { PerformanceService } from './performance/performance.service.ts'
import { MarketRefreshService } from './holdings/market-refresh.service.ts'
import * as m0003 from './migrations/0003_portfolio.ts'
import * as m0007 from './migrations/0007_analytics_rollups.ts'
import * as m0008 from './migrations/0008_short_positions.ts'
import * as m0010 from './migrations/0010_broker_trades.ts'
import * as m0025 from './migrations/0025_trade_stamps.ts'
import * as m0027 from './migrations/0027_market_value_rollup.ts'
import * as m0031 from './migrations/0031_activities.ts'
import * as m0034 from './migrations/0034_activity_trades.ts'
import * as m0038 from './migrations/0038_archived_accounts.ts'
import { portfolioSweep } from './portfolio.sweep.ts'
import { holdingsRoutes } from './valuation/holdings.routes.ts'
import { allocationRoutes } from './allocation/allocation.routes.ts'
import { incomeRoutes } from './income/income.routes.ts'
import { exportsRoutes } from './exports/exports.routes.ts'
import { ExportsService } from './exports/exports.service.ts'
import { IncomeService } from './income/income.service.ts'
import { ValuationService } from './valuation/valuation.service.ts'
import { PORTFOLIO_TABLES } from './portfolio.tables.ts'

export type { ManualService } from './manual/manual.service.ts'
export type {
  Holding,
  HoldingsService,
  HoldingWithCost,
  RealizedTrade,
  TradeChange,
  TradeMark,
} from './holdings/holdings.service.ts'
export type { DemoFixtures } from './demo.repository.ts'
export type { TradeWrites } from './trades/trade-writes.service.ts'
export type { BrokerHolding, LinkedAccountInput } from './holdings/broker-holdings.service.ts'
export type { ActivityType } from './portfolio.tables.ts'
/** What an activity does to cash and shares (the ledger's rules, for checks outside the module). */
export { cashEffect, shareEffect } from './activities/lib/effects.ts'

/** Linked accounts, their holdings, and (broker syncs) their activities, cash and opening balance. */
const brokerHoldings = { ...brokerHoldingsService, ...brokerLedger }

export interface Portfolio {
  accounts: AccountsService
  /** In the caller's transaction: names of the tenant's accounts among the ids (absent: not the tenant's). */
  accountNames: typeof accountNames
  /** For another module's statement to embed: the select that finds the account among the tenant's. */
  ownedAccountQuery: typeof ownedAccountQuery
  manual: ManualService
  capital: CapitalService
  analytics: AnalyticsService
  /** The daily value series and its returns against a benchmark (GET /api/analytics/performance). */
  performance: PerformanceService
  imports: ImportService
  /** The activity ledger for people: manual entry and correction, CSV import, export. */
  activities: ActivitiesService
  activityImports: ActivityImportService
  activityExports: ActivityExportService
  marketRefresh: MarketRefreshService
  /** What the tenant holds now, largest market value first (trading intelligence, discovery). */
  holdings: HoldingsService
  /** For the brokers module, in its transaction: linked accounts and the holdings they report. */
  brokerHoldings: typeof brokerHoldings
  /** Told after a bulk write of trades commits (CSV import here, broker sync in brokers). */
  tradeWrites: TradeWrites
  /** What is held now, valued in the base currency: the holdings list, allocation, exports. */
  valuation: ValuationService
  /** Dividends and interest from the ledger, trailing-year yields, coming ex-dividend dates. */
  income: IncomeService
  /** Holdings and a tax year's realized gains as CSV and JSON. */
  exports: ExportsService
  /** The demo seed (`SEED_DEMO`): its fixtures written in one transaction of the tenant's. */
  seedDemo(tenantId: number, fixtures: DemoFixtures): Promise<void>
}

function createPortfolio(
  ctx: ModuleContext,
  { marketData, tenancy }: { marketData: MarketData; tenancy: Tenancy },
): Portfolio {
  const deps = {
    scopes: ctx.scopes,
    clock: ctx.clock,
    cache: ctx.cache,
    market: ctx.providers.market,
    // Unknown tickers are refused unless the caller allows an unlisted holding.
    instruments: marketData.instruments,
    // Exchange rates by day, for totals in the tenant's base currency.
    fx: marketData.fx,
    // Plan limits (the manual-account cap) come from tenancy's entitlements.
    entitlements: tenancy.entitlements,
    tradeWrites: new TradeWrites(ctx.log),
    // Coming ex-dividend and pay dates of held symbols (income).
    dividends: ctx.providers.dividends,
  }
  const valuation = new ValuationService(deps)
  return {
    accounts: new AccountsService(deps),
    accountNames,
    ownedAccountQuery,
    manual: new ManualService(deps),
    capital: new CapitalService(deps),
    analytics: new AnalyticsService(deps),
    performance: new PerformanceService(deps),
    imports: new ImportService(deps),
    activities: new ActivitiesService(deps),
    activityImports: new ActivityImportService(deps),
    activityExports: new ActivityExportService(deps),
    marketRefresh: new MarketRefreshService(deps),
    holdings: new HoldingsService(deps),
    valuation,
    income: new IncomeService(deps),
    exports: new ExportsService({ scopes: ctx.scopes, valuation }),
    tradeWrites: deps.tradeWrites,
    brokerHoldings,
    seedDemo: (tenantId, fixtures) => ctx.scopes.withTenant(tenantId, (s) => insertDemoFixtures(s, fixtures)),
  }
}

function portfolioRoutes(app: App, portfolio: Portfolio): void {
  accountsRoutes(app, portfolio)
  manualRoutes(app, portfolio)
  capitalRoutes(app, portfolio)
  analyticsRoutes(app, portfolio)
  importRoutes(app, portfolio)
  activitiesRoutes(app, portfolio)
  marketRefreshRoutes(app, portfolio)
  holdingsRoutes(app, portfolio)
  allocationRoutes(app, portfolio)
  incomeRoutes(app, portfolio)
  exportsRoutes(app, portfolio)
  performanceRoutes(app, portfolio)
}

export const portfolioModule = defineModule({
  name: 'portfolio',
  key: 'portfolio',
  needs: { marketData: true, tenancy: true },
  tables: PORTFOLIO_TABLES,
  migrations: [
    ['0003_portfolio', m0003],
    ['0007_analytics_rollups', m0007],
    ['0008_short_positions', m0008],
    ['0010_broker_trades', m0010],
    ['0025_trade_stamps', m0025],
    ['0027_market_value_rollup', m0027],
    ['0031_activities', m0031],
    ['0034_activity_trades', m0034],
    ['0038_archived_accounts', m0038],
  ],
  build: createPortfolio,
  routes: portfolioRoutes,
  sweep: portfolioSweep,
})
