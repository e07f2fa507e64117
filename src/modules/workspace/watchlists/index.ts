/**
 * Watchlists (`/api/watchlists`): each user's named lists of symbols in their order, with quotes,
 * autocomplete over the market data universe, and per-list analytics (day change, best and worst,
 * sector mix, distance from the 52-week high, recent signals). Plan limit `watchlist_symbols`
 * through tenancy's entitlements. Rules: README.md and docs/watchlists.md.
 */
import type { App } from '../../../platform/http/app-type.ts'
import type { Tenancy } from '../../accounts/tenancy/index.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import type { Discovery } from '../../trading-intel/discovery/index.ts'
import type { Intraday } from '../../trading-intel/intraday/index.ts'
import { analyticsRoutes } from './analytics.routes.ts'
import { WatchlistAnalyticsService } from './analytics.service.ts'
import * as m0040 from './migrations/0040_watchlists.ts'
import { SymbolsService } from './symbols.service.ts'
import { watchlistsRoutes } from './watchlists.routes.ts'
import { WatchlistsService } from './watchlists.service.ts'
import { watchlistsSweep } from './watchlists.sweep.ts'
import { WATCHLISTS_TABLES } from './watchlists.tables.ts'

export { SymbolIndex, type IndexedInstrument, type SymbolMatch } from './lib/symbol-index.ts'
export type { SymbolsService } from './symbols.service.ts'
export type { WatchlistsService } from './watchlists.service.ts'
export type { WatchlistAnalyticsService } from './analytics.service.ts'

export interface Watchlists {
  watchlists: WatchlistsService
  /** The universe's autocomplete index (also: is a symbol listed). */
  symbols: SymbolsService
  analytics: WatchlistAnalyticsService
}

function createWatchlists(
  ctx: ModuleContext,
  { tenancy, intraday, discovery }: { tenancy: Tenancy; intraday: Intraday; discovery: Discovery },
): Watchlists {
  const market = ctx.providers.market
  const symbols = new SymbolsService({ clock: ctx.clock, market })
  const watchlists = new WatchlistsService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    entitlements: tenancy.entitlements,
    symbols,
    market,
  })
  const analytics = new WatchlistAnalyticsService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    market,
    symbols,
    watchlists,
    intraday,
    discovery,
  })
  return { watchlists, symbols, analytics }
}

function routes(app: App, api: Watchlists): void {
  watchlistsRoutes(app, api)
  analyticsRoutes(app, api)
}

export const watchlistsModule = defineModule({
  name: 'watchlists',
  key: 'watchlists',
  needs: { tenancy: true, intraday: true, discovery: true },
  tables: WATCHLISTS_TABLES,
  migrations: [['0040_watchlists', m0040]],
  build: createWatchlists,
  routes,
  sweep: watchlistsSweep,
})
