/** The free-tier feed routes: universe, reload, publish, replay. */
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import {
  PublicationSchema,
  ReplayParams,
  ReplayQuery,
  ReplaySchema,
  UniverseSchema,
} from './free-feed.schemas.ts'
import type { FreeFeedService } from './free-feed.service.ts'

export function freeFeedRoutes(app: App, feed: FreeFeedService): void {
  getFreeUniverseRoute(app, feed)
  reloadFreeUniverseRoute(app, feed)
  publishFreeFeedRoute(app, feed)
  replayFreeFeedRoute(app, feed)
}

function getFreeUniverseRoute(app: App, feed: FreeFeedService): void {
  app.get(
    '/api/free/universe',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getFreeUniverse',
        summary: 'The free-tier symbol universe',
        description: 'Seeded from the configured default list on first use; changed only by a reload.',
        examples: {
          200: {
            description: 'The universe',
            value: { symbols: ['SPY', 'QQQ', 'AAPL', 'MSFT'], updated_at: '2026-11-24T14:00:00.000Z' },
          },
        },
        tags: ['free-feed'],
        response: { 200: UniverseSchema, ...problems(401) },
      },
    },
    () => feed.universe(),
  )
}

function reloadFreeUniverseRoute(app: App, feed: FreeFeedService): void {
  app.post(
    '/api/free/universe/reload',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'reloadFreeUniverse',
        summary: 'Reload the free-tier universe from the configured default list (admin)',
        description:
          'Symbols the market data provider does not know are dropped. A provider failure answers ' +
          '502 `upstream.<kind>` and leaves the stored list as it was.',
        examples: {
          200: {
            description: 'The universe after the reload',
            value: { symbols: ['SPY', 'QQQ', 'AAPL', 'MSFT'], updated_at: '2026-11-24T16:45:00.000Z' },
          },
        },
        tags: ['free-feed'],
        response: { 200: UniverseSchema, ...problems(401, 403, 502) },
      },
    },
    () => feed.reload(),
  )
}

function publishFreeFeedRoute(app: App, feed: FreeFeedService): void {
  app.post(
    '/api/free/publish',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'publishFreeFeed',
        summary: 'Publish the delayed free feed now (admin)',
        description:
          "Stores, per universe symbol, today's regular-session 1-minute bars that ended at least 15 " +
          'minutes ago, and records the publication. Symbols whose data cannot be read are left out; ' +
          '502 `upstream.<kind>` when none can.',
        examples: {
          200: {
            description: 'The publication just recorded',
            value: { published_at: '2026-11-24T16:45:00.000Z', symbols: 4, bars: 1200 },
          },
        },
        tags: ['free-feed'],
        response: { 200: PublicationSchema, ...problems(401, 403, 502) },
      },
    },
    () => feed.publish(),
  )
}

function replayFreeFeedRoute(app: App, feed: FreeFeedService): void {
  app.get(
    '/api/free/replay/:symbol',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'replayFreeFeed',
        summary: "One symbol's regular-session bars of a day, as the free feed publishes them",
        description:
          'The published 1-minute bars of the date; minutes this installation never published are ' +
          "rebuilt from the market provider's history under the same 15-minute delay, so any past " +
          'session replays in full and today stops 15 minutes ago (empty items before 09:45 New York). ' +
          'A date without a session that has begun (a weekend, an NYSE holiday, a date after today, a ' +
          'year outside the calendar) is a 422 `free_feed.no_session` whose detail says why and whose ' +
          '`previous_session` and `next_session` name the nearest replayable sessions (null when there ' +
          'is none yet). 5m and 15m bars are aggregated from the 1-minute bars. 404 ' +
          '`free_feed.unknown_symbol` outside the free universe, with `suggestion` when the universe ' +
          'holds the ticker spelled another way (BRK.B for BRK-B); 502 when nothing was published and ' +
          'the provider fails.',
        examples: {
          params: { symbol: 'SPY' },
          query: { date: '2026-11-23', interval: '5m', limit: 2 },
          200: {
            description: 'The bars of that day (published, else rebuilt from history), oldest first',
            value: {
              symbol: 'SPY',
              date: '2026-11-23',
              interval: '5m',
              items: [
                {
                  time: '2026-11-23T14:30:00.000Z',
                  open: 742.1,
                  high: 743.05,
                  low: 741.62,
                  close: 742.88,
                  volume: 2150340,
                  vwap: 742.41,
                },
                {
                  time: '2026-11-23T14:35:00.000Z',
                  open: 742.9,
                  high: 743.4,
                  low: 742.35,
                  close: 743.12,
                  volume: 1480221,
                  vwap: 742.93,
                },
              ],
            },
          },
        },
        tags: ['free-feed'],
        params: ReplayParams,
        querystring: ReplayQuery,
        response: { 200: ReplaySchema, ...problems(401, 404, 422, 502) },
      },
    },
    (req) => feed.replay(req.params.symbol, req.query),
  )
}
