/**
 * Portfolio: broker accounts, manual holdings and closed trades, investors and capital flows, and
 * (growing) the analytics of spec §4.14. Built by the container with `createPortfolio`.
 */
import type { App } from '../../platform/http/app-type.ts'
import type { Cache } from '../../platform/cache/index.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Scopes } from '../../platform/db/tenant-scope.ts'
import { accountRoutes } from './accounts.routes.ts'
import { analyticsRoutes } from './analytics.routes.ts'
import { AnalyticsService } from './analytics.service.ts'
import { AccountsService } from './accounts.service.ts'
import { capitalRoutes } from './capital.routes.ts'
import { CapitalService } from './capital.service.ts'
import { importRoutes } from './import.routes.ts'
import { ImportService } from './import.service.ts'
import { ManualService } from './manual.service.ts'
import { marketRoutes } from './market.routes.ts'
import { MarketRefreshService } from './market.service.ts'
import type { MarketDataProvider } from '../../providers/market-data/index.ts'
import type { InstrumentLookup } from '../market-data/index.ts'
import type { EntitlementsService } from '../tenancy/index.ts'

export interface Portfolio {
  accounts: AccountsService
  manual: ManualService
  capital: CapitalService
  analytics: AnalyticsService
  imports: ImportService
  market: MarketRefreshService
}

export function createPortfolio(deps: {
  scopes: Scopes
  clock: Clock
  market: MarketDataProvider
  cache: Cache
  /** The market-data module's symbol lookup: unknown tickers are refused unless allowed. */
  instruments: InstrumentLookup
  /** Tenancy's plan limits: the manual-account cap. */
  entitlements: EntitlementsService
}): Portfolio {
  return {
    accounts: new AccountsService(deps),
    manual: new ManualService(deps),
    capital: new CapitalService(deps),
    analytics: new AnalyticsService(deps),
    imports: new ImportService(deps),
    market: new MarketRefreshService(deps),
  }
}

export function portfolioRoutes(app: App, { portfolio }: { portfolio: Portfolio }): void {
  accountRoutes(app, portfolio)
  capitalRoutes(app, portfolio)
  analyticsRoutes(app, portfolio)
  importRoutes(app, portfolio)
  marketRoutes(app, portfolio)
}
