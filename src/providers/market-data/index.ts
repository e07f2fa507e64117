/**
 * Market data and content providers, chosen per capability by configuration (each `simulated`
 * by default): quotes/bars/chains (MARKET_DATA_PROVIDER), news, earnings, insider filings and
 * transcripts; a vendor list (`finnhub,alpaca`) falls back in order on upstream errors
 * (decorators/fallback.ts). The simulated content is built on the simulated market's universe and prices, so
 * offline data is consistent across capabilities. Given a cache, the market provider answers
 * through it (decorators/cached.ts: session-dependent TTLs, coalesced misses).
 */
import type { Cache } from '../../platform/cache/index.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Config } from '../../platform/config.ts'
import type { HttpClient } from '../shared/http.ts'
import { createAlpacaMarketData } from './alpaca/alpaca.ts'
import { createEcbFx } from './ecb/ecb.ts'
import { createCachedMarketData } from './decorators/cached.ts'
import { withFallback } from './decorators/fallback.ts'
import { createFinnhub } from './finnhub/finnhub.ts'
import type {
  DividendsProvider,
  EarningsProvider,
  EconomicCalendarProvider,
  FxProvider,
  InsiderProvider,
  MarketDataProvider,
  NewsProvider,
  TranscriptsProvider,
} from './market-data.port.ts'
import { withReferenceUniverse } from './decorators/reference.ts'
import { createSecEdgar } from './sec-edgar/sec-edgar.ts'
import { createSimulatedContent } from './simulator/content/content.ts'
import { createSimulatedDividends } from './simulator/content/dividends.ts'
import { createSimulatedEconomicCalendar } from './simulator/content/economic.ts'
import { createSimulatedFx } from './simulator/fx.ts'
import { SimulatedMarketData } from './simulator/simulated.ts'
import { UNIVERSE } from './simulator/universe.ts'

export type * from './market-data.port.ts'
export { createCachedMarketData } from './decorators/cached.ts'
export { moversOf, type Movers } from './movers.ts'
export { barsOfMany } from './bars-many.ts'
export { SimulatedMarketData } from './simulator/simulated.ts'

export interface MarketProviders {
  market: MarketDataProvider
  news: NewsProvider
  earnings: EarningsProvider
  insider: InsiderProvider
  transcripts: TranscriptsProvider
  economicCalendar: EconomicCalendarProvider
  /** Simulated only: no vendor adapter yet. */
  dividends: DividendsProvider
  /** Daily euro reference rates: simulated, or the ECB's files (FX_PROVIDER=ecb). */
  fx: FxProvider
}

export function createMarketProviders(
  config: Config,
  deps: { clock: Clock; http: HttpClient; cache?: Cache },
): MarketProviders {
  const simulated = new SimulatedMarketData({ clock: deps.clock })
  const content = createSimulatedContent({
    clock: deps.clock,
    instruments: UNIVERSE,
    priceOf: (symbol, date) => simulated.closeOn(symbol, date),
  })
  // loadConfig guarantees the credentials of every vendor that is chosen.
  const alpaca = () =>
    createAlpacaMarketData({
      http: deps.http,
      baseUrl: config.ALPACA_DATA_BASE_URL,
      keyId: config.ALPACA_API_KEY_ID ?? '',
      secretKey: config.ALPACA_API_SECRET_KEY ?? '',
      clock: deps.clock,
    })
  const finnhub = () =>
    createFinnhub({
      http: deps.http,
      baseUrl: config.FINNHUB_BASE_URL,
      apiKey: config.FINNHUB_API_KEY ?? '',
      clock: deps.clock,
    })
  // `choice` is `simulated` or vendor names in fallback order (validated by loadConfig).
  const pick = <T extends { readonly name: string }>(
    choice: string,
    vendors: Record<string, () => T>,
    simulatedOne: T,
  ): T => (choice === 'simulated' ? simulatedOne : withFallback(choice.split(',').map((v) => vendors[v]!())))
  const market = pick<MarketDataProvider>(
    config.MARKET_DATA_PROVIDER,
    { alpaca: () => withReferenceUniverse(alpaca()) },
    simulated,
  )
  return {
    // A vendor costs an HTTP round trip per call: cache it. The simulated market computes faster
    // than a cache hit copies, and caching its bars only doubled memory (measured in bench/README.md).
    market:
      deps.cache && market !== simulated
        ? createCachedMarketData(market, { cache: deps.cache, clock: deps.clock })
        : market,
    news: pick<NewsProvider>(config.NEWS_PROVIDER, { alpaca, finnhub }, content),
    earnings: pick<EarningsProvider>(config.EARNINGS_PROVIDER, { finnhub }, content),
    transcripts: pick<TranscriptsProvider>(config.TRANSCRIPTS_PROVIDER, { finnhub }, content),
    economicCalendar: pick<EconomicCalendarProvider>(
      config.ECONOMIC_CALENDAR_PROVIDER,
      { finnhub },
      createSimulatedEconomicCalendar({ clock: deps.clock }),
    ),
    dividends: createSimulatedDividends(UNIVERSE),
    fx:
      config.FX_PROVIDER === 'ecb'
        ? createEcbFx({ http: deps.http, baseUrl: config.ECB_BASE_URL, clock: deps.clock })
        : createSimulatedFx(),
    insider: pick<InsiderProvider>(
      config.INSIDER_PROVIDER,
      {
        finnhub,
        sec: () =>
          createSecEdgar({
            http: deps.http,
            baseUrl: config.SEC_BASE_URL,
            archivesBaseUrl: config.SEC_ARCHIVES_BASE_URL,
            userAgent: config.SEC_USER_AGENT ?? '',
            clock: deps.clock,
          }),
      },
      content,
    ),
  }
}
