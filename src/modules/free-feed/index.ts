/**
 * Free-tier feed (spec §4.15): a delayed (15-minute) snapshot of a small universe, published by an
 * admin or the `free-feed.publish` job, and replayed per day. Built by the container with
 * `createFreeFeed` (which registers the job: call it before `jobs.start`); `schedule()` installs
 * the cron after `jobs.start`; routes mounted with `freeFeedRoutes`.
 */
import type { App } from '../../platform/http/app-type.ts'
import type { JobQueue } from '../../platform/jobs/index.ts'
import { freeFeedRouteTable } from './free-feed.routes.ts'
import { FreeFeedService, type FreeFeedDeps } from './free-feed.service.ts'

export {
  DEFAULT_FREE_UNIVERSE,
  DELAY_MINUTES,
  FreeFeedService,
  type FreeFeedDeps,
} from './free-feed.service.ts'

export const JOB_FREE_FEED_PUBLISH = 'free-feed.publish'
/** Every 15 minutes, 09:00–16:45 New York, weekdays; the handler skips closed sessions. */
export const FREE_FEED_CRON = '*/15 9-16 * * 1-5'

export interface FreeFeed {
  service: FreeFeedService
  /** Installs the cron schedule (the durable queue needs a started queue). */
  schedule(): Promise<void>
}

export function createFreeFeed(deps: FreeFeedDeps & { jobs: JobQueue }): FreeFeed {
  const service = new FreeFeedService(deps)
  deps.jobs.register(JOB_FREE_FEED_PUBLISH, () => service.publishIfOpen())
  return {
    service,
    schedule: () => deps.jobs.schedule(JOB_FREE_FEED_PUBLISH, FREE_FEED_CRON, {}, { tz: 'America/New_York' }),
  }
}

/** `freeFeed.service` is read per request, so a test may fill `freeFeed` in after mounting. */
export function freeFeedRoutes(app: App, { freeFeed }: { freeFeed: FreeFeed }): void {
  freeFeedRouteTable(app, () => freeFeed.service)
}
