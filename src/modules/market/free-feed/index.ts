/**
 * Free-tier feed: a delayed (15-minute) snapshot of a small universe, published by an
 * admin or the `free-feed.publish` job (every 15 minutes of the New York session), and replayed per day.
 */
import { defineModule, job, type ModuleContext } from '../../module.ts'
import { freeFeedSweep } from './free-feed.sweep.ts'
import { FREE_FEED_TABLES } from './free-feed.tables.ts'
import * as m0006 from './migrations/0006_free_feed.ts'
import { freeFeedRoutes } from './free-feed.routes.ts'
import { FreeFeedService } from './free-feed.service.ts'

export { DEFAULT_FREE_UNIVERSE, DELAY_MINUTES, FreeFeedService } from './free-feed.service.ts'

export const JOB_FREE_FEED_PUBLISH = 'free-feed.publish'
/** Every 15 minutes, 09:00–16:45 New York, weekdays; the handler skips closed sessions. */
export const FREE_FEED_CRON = '*/15 9-16 * * 1-5'

function createFreeFeed(ctx: ModuleContext): FreeFeedService {
  return new FreeFeedService({ ...ctx, market: ctx.providers.market })
}

export const freeFeedModule = defineModule({
  name: 'free-feed',
  key: 'freeFeed',
  needs: {},
  tables: FREE_FEED_TABLES,
  migrations: [['0006_free_feed', m0006]],
  build: createFreeFeed,
  routes: freeFeedRoutes,
  jobs: (feed) => [
    job(JOB_FREE_FEED_PUBLISH, () => feed.publishIfOpen(), { cron: FREE_FEED_CRON, tz: 'America/New_York' }),
  ],
  sweep: freeFeedSweep,
})
