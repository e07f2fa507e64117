/**
 * Content: news and the earnings calendar (spec §4.15), read from the configured content
 * providers. Built by the container with `createContentModule`.
 */
import type { App } from '../../platform/http/app-type.ts'
import type { Cache } from '../../platform/cache/index.ts'
import type { Clock } from '../../platform/clock.ts'
import type { EarningsProvider, NewsProvider } from '../../providers/market-data/index.ts'
import type { Portfolio } from '../portfolio/index.ts'
import { earningsRoutes } from './earnings.routes.ts'
import { EarningsService } from './earnings.service.ts'
import { newsRoutes } from './news.routes.ts'
import { NewsService } from './news.service.ts'

export type { EarningsService } from './earnings.service.ts'
export type { NewsService } from './news.service.ts'

export interface ContentModule {
  news: NewsService
  earnings: EarningsService
}

export function createContentModule(deps: {
  news: NewsProvider
  earnings: EarningsProvider
  cache: Cache
  clock: Clock
  /** Portfolio's holdings, for the upcoming earnings of the symbols the caller holds. */
  manual: Pick<Portfolio['manual'], 'heldSymbols'>
}): ContentModule {
  return {
    news: new NewsService(deps),
    earnings: new EarningsService(deps),
  }
}

export function contentRoutes(app: App, { contentModule }: { contentModule: ContentModule }): void {
  newsRoutes(app, contentModule)
  earningsRoutes(app, contentModule)
}
