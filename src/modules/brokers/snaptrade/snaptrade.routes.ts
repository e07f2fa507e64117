/** SnapTrade's portal return (`/aggregator/callback`); its connect is the unified one. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as E from './snaptrade.examples.ts'
import type { SnapTradeService } from './snaptrade.service.ts'
import * as S from '../connections/connections.schemas.ts'
import { callbackAnswer, RETURN_DOC } from '../connections/console-return.routes.ts'
import * as T from './snaptrade.schemas.ts'

export function snapTradeRoutes(app: App, { snaptrade }: { snaptrade: SnapTradeService }): void {
  app.get(
    '/api/brokers/aggregator/callback',
    {
      // A flow the console started goes back to it whatever the portal sent: the handler decides.
      attachValidation: true,
      schema: {
        operationId: 'brokerAggregatorCallback',
        summary: 'Aggregator portal return: record the brokerage connection and its accounts',
        description:
          'Where the aggregator’s connection portal (from POST /api/brokers/aggregator/connect) sends the browser ' +
          'back. `subbroker_slug` is required; the connection id may come as external_connection_id, ' +
          'connection_id, brokerage_authorization_id or brokerageAuthorizationId (none: 422 ' +
          '`broker.connection_id_required`). The `state` our portal link carried must be this user’s and unused ' +
          '(missing, forged, expired or reused: 422 `broker.state_*`); a portal that ended in ERROR or ABANDONED ' +
          'is a 422 `broker.portal_not_completed`. The connection’s accounts are linked into the portfolio and ' +
          'the first sync is queued.' +
          RETURN_DOC,
        examples: {
          query: E.CALLBACK_QUERY,
          200: { description: 'Connected: the connection status', value: E.STATUS },
        },
        tags: ['brokers'],
        querystring: T.CallbackQuery,
        response: { 200: S.ConnectionStatus, 303: S.BackToConsole, ...problems(401, 422, 502, 503) },
      },
    },
    (req, reply) =>
      callbackAnswer(req, reply, {
        broker: 'aggregator',
        returnTo: snaptrade.returnPath((req.query as { state?: unknown }).state),
        run: () => snaptrade.callback(scopeOf(req), req.query),
      }),
  )
}
