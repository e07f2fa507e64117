/** GET /api/bot-controls/approval-threshold/preview: what a proposed threshold would have held. */
import { effectiveTenant } from '../../../../platform/auth/scope.ts'
import { scopeOf } from '../../../../platform/auth/authenticate.ts'
import type { App } from '../../../../platform/http/app-type.ts'
import { problems } from '../../../../platform/http/problem.ts'
import { tenantFirst } from '../agents/agents.routes.ts'
import * as S from './preview.schemas.ts'
import type { PreviewService } from './preview.service.ts'

export function previewRoutes(app: App, preview: PreviewService): void {
  app.get(
    '/api/bot-controls/approval-threshold/preview',
    {
      // Another tenant's tenant_id is refused before the query is checked.
      preValidation: tenantFirst,
      schema: {
        operationId: 'previewApprovalThreshold',
        summary: 'What a proposed approval threshold would have held, and what each limit would have blocked',
        description:
          'Over the agent orders created in the last `days` days (default 7, 1–90): `would_need_approval` lists ' +
          'those that passed the gate and are worth strictly more than the threshold that would apply to them (the ' +
          'gate holds an order above the threshold, not at it), with their count and total. Account overrides are ' +
          'applied: an order in an account with its own threshold is judged against that override, any other ' +
          'against `proposed_threshold` as the tenant threshold; each listed order says which (`threshold`, ' +
          '`threshold_source`). `limits_would_block` replays each agent’s ' +
          'orders of the window that reached the limit checks and would spend budget (those still holding budget at ' +
          'the gate, and those a `limit.*` check rejected; not those rejected for their state, symbol, hours, ' +
          'account, price or tradability, nor those whose budget was given back) in time order against the limits ' +
          'it has now — orders per minute (the 60 s before ' +
          'each order), orders and notional per New York trading day (a new day starts at zero), order notional; ' +
          'a blocked order does not count towards the next — and lists what each limit would have blocked. Open ' +
          'positions and position weight are not replayed (they need positions at the time).',
        examples: {
          query: { proposed_threshold: '1000.00', days: 7 },
          200: {
            description: 'The preview',
            value: {
              proposed_threshold: '1000.00',
              days: 7,
              from: '2026-11-23T15:00:00.000Z',
              to: '2026-11-30T15:00:00.000Z',
              orders_considered: 14,
              would_need_approval: [
                {
                  order_id: 481,
                  agent_id: 3,
                  agent_name: 'Momentum bot',
                  account_id: 12,
                  symbol: 'AAPL',
                  side: 'buy',
                  priced_notional: '1905.00',
                  created_at: '2026-11-27T15:02:11.000Z',
                  status: 'filled',
                  threshold: '1000.00',
                  threshold_source: 'proposed',
                },
              ],
              count: 1,
              notional_total: '1905.00',
              limits_would_block: [{ limit: 'limit.max_orders_per_day', agent_id: 3, order_ids: [490, 491] }],
            },
          },
        },
        tags: ['bot-controls'],
        querystring: S.PreviewQuery,
        response: { 200: S.Preview, ...problems(401, 403, 422) },
      },
    },
    (req) => {
      const tenantId = effectiveTenant(scopeOf(req), req.query.tenant_id)
      return preview.preview(tenantId, req.query.proposed_threshold, req.query.days ?? 7)
    },
  )
}
