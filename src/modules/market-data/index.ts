/**
 * Market data (spec §4.15): quotes, bars and the volume leaders, plus symbol search and
 * metadata, read from the market data provider. Built by the container with `createMarketDataModule`.
 */
import type { App } from '../../platform/http/app-type.ts'
import type { Cache } from '../../platform/cache/index.ts'
import type { Clock } from '../../platform/clock.ts'
import type { MarketDataProvider } from '../../providers/market-data/index.ts'
import { instrumentsRoutes } from './instruments.routes.ts'
import { InstrumentsService } from './instruments.service.ts'
import { quotesRoutes } from './quotes.routes.ts'
import { QuotesService } from './quotes.service.ts'
import { volumeLeadersRoutes } from './volume-leaders.routes.ts'
import { VolumeLeadersService } from './volume-leaders.service.ts'

export type { InstrumentsService } from './instruments.service.ts'
/** The port other modules check symbols through (portfolio: unknown tickers are a 422). */
export type InstrumentLookup = Pick<InstrumentsService, 'unlisted'>
export type { QuotesService } from './quotes.service.ts'
export type { VolumeLeadersService } from './volume-leaders.service.ts'

export interface MarketData {
  instruments: InstrumentsService
  quotes: QuotesService
  volumeLeaders: VolumeLeadersService
}

export function createMarketDataModule(deps: {
  market: MarketDataProvider
  cache: Cache
  clock: Clock
}): MarketData {
  return {
    instruments: new InstrumentsService(deps),
    quotes: new QuotesService(deps),
    volumeLeaders: new VolumeLeadersService(deps),
  }
}

export function marketDataRoutes(app: App, { marketData }: { marketData: MarketData }): void {
  instrumentsRoutes(app, marketData)
  quotesRoutes(app, marketData)
  volumeLeadersRoutes(app, marketData)
}
