/** GET /api/intel/volume-leaders (spec §4.15). */
import type { App } from '../../app/types.ts'
import { problems } from '../../platform/http/problem.ts'
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
        tags: ['market-data'],
        querystring: VolumeLeadersQuery,
        response: { 200: VolumeLeadersPage, ...problems(401, 422, 502) },
      },
    },
    (req) => volumeLeaders.leaders(req.query),
  )
}
