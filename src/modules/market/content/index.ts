/** Content: news and the earnings calendar, read from the configured content providers. */
import type { App } from '../../../platform/http/app-type.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import { contentSweep } from './content.sweep.ts'
import { earningsRoutes } from './earnings.routes.ts'
import { EarningsService } from './earnings.service.ts'
import { newsRoutes } from './news.routes.ts'
import { NewsService } from './news.service.ts'

export type { EarningsService } from './earnings.service.ts'
export type { NewsService } from './news.service.ts'

export interface Content {
  news: NewsService
  earnings: EarningsService
}

function createContent(ctx: ModuleContext, { portfolio }: { portfolio: Portfolio }): Content {
  return {
    news: new NewsService({ ...ctx, news: ctx.providers.news }),
    // The upcoming reports of the symbols the caller holds in any account: portfolio's holdings.
    earnings: new EarningsService({ ...ctx, earnings: ctx.providers.earnings, holdings: portfolio.holdings }),
  }
}

function contentRoutes(app: App, content: Content): void {
  newsRoutes(app, content)
  earningsRoutes(app, content)
}

export const contentModule = defineModule({
  name: 'content',
  key: 'content',
  needs: { portfolio: true },
  tables: [],
  migrations: [],
  build: createContent,
  routes: contentRoutes,
  sweep: contentSweep,
})
