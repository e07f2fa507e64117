/** The free-tier feed routes (spec §4.15): universe, reload, publish, replay. */
import type { App } from '../../app/types.ts'
import { problems } from '../../platform/http/problem.ts'
import {
  PublicationSchema,
  ReplayParams,
  ReplayQuery,
  ReplaySchema,
  UniverseSchema,
} from './free-feed.schemas.ts'
import type { FreeFeedService } from './free-feed.service.ts'

/** `feed()` is read per request, so the service may be bound after the routes are mounted. */
export function freeFeedRouteTable(app: App, feed: () => FreeFeedService): void {
  app.get(
    '/api/free/universe',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getFreeUniverse',
        summary: 'The free-tier symbol universe',
        description: 'Seeded from the configured default list on first use; changed only by a reload.',
        tags: ['free-feed'],
        response: { 200: UniverseSchema, ...problems(401) },
      },
    },
    () => feed().universe(),
  )

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
        tags: ['free-feed'],
        response: { 200: UniverseSchema, ...problems(401, 403, 502) },
      },
    },
    () => feed().reload(),
  )

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
        tags: ['free-feed'],
        response: { 200: PublicationSchema, ...problems(401, 403, 502) },
      },
    },
    () => feed().publish(),
  )

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
          'session replays in full and today stops 15 minutes ago. Empty items on a day without a ' +
          'session (weekend, NYSE holiday) or in the future. 5m and 15m bars are aggregated from the ' +
          '1-minute bars. 404 `free_feed.unknown_symbol` outside the free universe; 502 when nothing ' +
          'was published and the provider fails.',
        tags: ['free-feed'],
        params: ReplayParams,
        querystring: ReplayQuery,
        response: { 200: ReplaySchema, ...problems(401, 404, 422, 502) },
      },
    },
    (req) => feed().replay(req.params.symbol, req.query),
  )
}
