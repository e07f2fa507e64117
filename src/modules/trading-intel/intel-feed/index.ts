/**
 * Intel feed: the chronological merge of intraday signals, options-flow
 * signals, recommendations and news, as a list and as a server-sent event stream. It stores
 * nothing: it reads its sources (sources.service.ts) on each request. See README.md.
 */
import type { App } from '../../../platform/http/app-type.ts'
import type { Content } from '../../market/content/index.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import type { Intraday } from '../intraday/index.ts'
import type { OptionsFlow } from '../options-flow/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import type { Recommendations } from '../recommendations/index.ts'
import { intelFeedRoutes } from './intel-feed.routes.ts'
import { IntelFeedService } from './intel-feed.service.ts'
import { newsSource, rowSource, type FeedSource } from './sources.service.ts'
import { FeedStreams } from './stream.service.ts'

export type { FeedRow, FeedRows, FeedSource, SourceQuery } from './sources.service.ts'
export type { FeedItem, Tag } from './lib/feed-order.ts'
export { IntelFeedService } from './intel-feed.service.ts'

export interface IntelFeed {
  feed: IntelFeedService
  /** The open event streams (the routes end them on shutdown). */
  streams: FeedStreams
}

interface Needs {
  content: Content
  portfolio: Portfolio
  optionsFlow: OptionsFlow
  intraday: Intraday
  recommendations: Recommendations
}

/** The production sources, one line each (recommendations: ALERT at confidence ≥ 0.80, else SIGNAL). */
function productionSources(needs: Needs): FeedSource[] {
  return [
    rowSource('intraday', 'signal', 'signal', (t, q) => needs.intraday.feedItems(t, q)),
    rowSource('options-flow', 'flow', 'flow', (t, q) => needs.optionsFlow.feedItems(t, q)),
    rowSource('recommendations', 'rec', 'alertOrSignal', (t, q) => needs.recommendations.feedItems(t, q)),
    newsSource(needs),
  ]
}

function createIntelFeed(ctx: ModuleContext, sources: readonly FeedSource[]): IntelFeed {
  const feed = new IntelFeedService({ clock: ctx.clock, log: ctx.log, sources })
  const streams = new FeedStreams({
    feed,
    clock: ctx.clock,
    log: ctx.log,
    pollMs: ctx.config.INTEL_FEED_POLL_MS,
    heartbeatMs: ctx.config.INTEL_FEED_HEARTBEAT_MS,
  })
  return { feed, streams }
}

export const intelFeedModule = defineModule({
  name: 'intel-feed',
  key: 'intelFeed',
  needs: { content: true, portfolio: true, optionsFlow: true, intraday: true, recommendations: true },
  tables: [],
  migrations: [],
  build: (ctx: ModuleContext, needs: Needs) => createIntelFeed(ctx, productionSources(needs)),
  routes: (app: App, api: IntelFeed) => intelFeedRoutes(app, api),
})
