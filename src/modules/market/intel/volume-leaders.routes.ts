/** GET /api/intel/volume-leaders. */
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { VolumeLeadersPage, VolumeLeadersQuery } from './volume-leaders.schemas.ts'
import type { VolumeLeadersService } from './volume-leaders.service.ts'

export function volumeLeadersRoutes(
  app: App,
  { volumeLeaders }: { volumeLeaders: VolumeLeadersService },
): void {
  app.get(
    '/api/intel/volume-leaders',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listVolumeLeaders',
        summary: 'Stocks and ETFs by volume over the last minutes, with relative-volume z-scores',
        description:
          'The window is the last `window_minutes` regular-session minutes ending at now (floored ' +
          'to the minute) while the regular session runs; otherwise (pre-market, post-market, ' +
          'closed days) it ends at the last regular-session close. `window` gives its bounds, ' +
          '`market_status` the session at the time of the request. The list is computed once per ' +
          'window end and cached 30 s; cursors stay on the list they started.',
        examples: {
          query: { window_minutes: 15, page_size: 25 },
          200: {
            description: 'A page of leaders by volume, with the session state and the window used',
            value: {
              items: [
                {
                  symbol: 'SOXL',
                  volume: 13373467,
                  vwap: 29.6239,
                  price_change: 0.21,
                  change_pct: 0.7102,
                  rel_volume_z: 6.6651,
                },
                {
                  symbol: 'NVDA',
                  volume: 12102234,
                  vwap: 254.6912,
                  price_change: 2.63,
                  change_pct: 1.0392,
                  rel_volume_z: -0.5581,
                },
              ],
              next_cursor: 'eyJ2IjoxLCJrIjpbMjQsIjIwMjYtMTEtMjRUMjE6MDA6MDAuMDAwWiIsMTVdLCJwIjoyLCJzIjoyNX0',
              page: 1,
              page_size: 25,
              total: 573,
              market_status: 'closed',
              window: { start: '2026-11-24T20:45:00.000Z', end: '2026-11-24T21:00:00.000Z' },
            },
          },
        },
        tags: ['market-data'],
        querystring: VolumeLeadersQuery,
        response: { 200: VolumeLeadersPage, ...problems(401, 422, 502) },
      },
    },
    (req) => volumeLeaders.leaders(req.query),
  )
}
