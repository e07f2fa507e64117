/**
 * Market data: quotes and bars, symbol search and metadata, read from the market data
 * provider. Other modules check symbols through its `InstrumentLookup`.
 */
import type { App } from '../../../platform/http/app-type.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import { marketDataSweep } from './market-data.sweep.ts'
import { instrumentsRoutes } from './instruments.routes.ts'
import { InstrumentsService } from './instruments.service.ts'
import { quotesRoutes } from './quotes.routes.ts'
import { QuotesService } from './quotes.service.ts'
import { TimeframeBars } from './timeframes.service.ts'
import { FxService } from './fx.service.ts'
import { FxRatesService } from './fx-rates.service.ts'
import { fxRoutes } from './fx.routes.ts'
import { MARKET_DATA_TABLES } from './fx.tables.ts'
import * as m0033 from './migrations/0033_fx_rate.ts'

export type { InstrumentsService } from './instruments.service.ts'
/** The port other modules check symbols through (portfolio: unknown tickers are a 422). */
export type InstrumentLookup = Pick<InstrumentsService, 'unlisted'>
export type { QuotesService } from './quotes.service.ts'
export type { FxPoint, FxService } from './fx.service.ts'
export { knownSpelling, shareClassSpellings } from './lib/share-class.ts'
export {
  barsFailure,
  DEFAULT_TIMEFRAME,
  HISTORY,
  HISTORY_DOC,
  TIMEFRAMES,
  weekly,
  type Timeframe,
} from './lib/timeframes.ts'
export { TimeframeBars } from './timeframes.service.ts'

export interface MarketData {
  instruments: InstrumentsService
  quotes: QuotesService
  /** The bars of a technical-analysis timeframe (timeframes.service.ts). */
  timeframes: TimeframeBars
  /** Exchange rates by day (fx.service.ts), from the fx_rate table first. */
  fx: FxService
  /** GET /api/market/fx. */
  fxRates: FxRatesService
}

function createMarketData(ctx: ModuleContext): MarketData {
  const deps = { ...ctx, market: ctx.providers.market }
  const fx = new FxService({ fx: ctx.providers.fx, store: ctx })
  return {
    instruments: new InstrumentsService(deps),
    quotes: new QuotesService(deps),
    timeframes: new TimeframeBars(deps),
    fx,
    fxRates: new FxRatesService({ clock: ctx.clock, fx, provider: ctx.providers.fx.name }),
  }
}

function marketDataRoutes(app: App, marketData: MarketData): void {
  instrumentsRoutes(app, marketData)
  quotesRoutes(app, marketData)
  fxRoutes(app, marketData)
}

export const marketDataModule = defineModule({
  name: 'market-data',
  key: 'marketData',
  needs: {},
  tables: MARKET_DATA_TABLES,
  migrations: [['0033_fx_rate', m0033]],
  build: createMarketData,
  routes: marketDataRoutes,
  sweep: marketDataSweep,
})
