/** /api/notifications/suppressions: the caller's suppressions — list, add by hand, remove. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import * as X from './notifications.examples.ts'
import * as S from './suppressions.schemas.ts'
import type { SuppressionsService } from './suppressions.service.ts'

const tags = ['notifications']
const BASE = '/api/notifications/suppressions'
const WHAT =
  'A suppression stops every delivery to its recipient on its channel — for one list, or for all when `list` is ' +
  'null — and the delivery trace says which one (`status: "suppressed"`, `detail.suppression_id`). They are made by a ' +
  'one-click unsubscribe (`unsubscribe`, one list), a permanent refusal of the address by the mail server ' +
  '(`hard_bounce`, all lists), a complaint (`complaint`), a push target the push service says is gone (`push_gone`) ' +
  'or by hand (`manual`). E-mail recipients are lower-cased addresses.'

export function suppressionsRoutes(app: App, suppressions: SuppressionsService): void {
  app.get(
    BASE,
    {
      schema: {
        operationId: 'listNotificationSuppressions',
        summary: 'Your suppressions, newest first',
        description: `${WHAT} Filters: \`channel\`, \`recipient\` (exact; e-mail addresses in any case), \`limit\` 1–${S.SUPPRESSIONS_MAX} (default ${S.SUPPRESSIONS_DEFAULT}).`,
        examples: {
          query: { channel: 'email', limit: 20 },
          200: { description: 'Suppressions', value: { items: [X.SUPPRESSION_EXAMPLE] } },
        },
        tags,
        querystring: S.SuppressionQuery,
        response: { 200: S.SuppressionList, ...problems(401, 422) },
      },
    },
    (req) => suppressions.list(scopeOf(req), req.query),
  )
  app.post(
    BASE,
    {
      schema: {
        operationId: 'createNotificationSuppression',
        summary: 'Mute your in-app inbox or e-mail, for one list or all',
        description:
          `${WHAT} Adds a \`manual\` suppression of your own address (email) or inbox (in_app). Idempotent: the same ` +
          'channel and list answer the suppression already there. Push: delete the subscription or device instead.',
        examples: {
          body: { channel: 'email', list: 'alerts' },
          201: { description: 'Suppressed', value: { ...X.SUPPRESSION_EXAMPLE, reason: 'manual' } },
        },
        tags,
        body: S.SuppressionBody,
        response: { 201: S.Suppression, ...problems(401, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await suppressions.add(scopeOf(req), req.body)),
  )
  app.delete(
    `${BASE}/:suppression_id`,
    {
      schema: {
        operationId: 'deleteNotificationSuppression',
        summary: 'Remove one of your suppressions',
        description:
          'Deliveries to that recipient resume from the next one. Another user’s or an unknown id → 404.',
        examples: { params: { suppression_id: 12 } },
        tags,
        params: S.SuppressionParams,
        response: { 204: NoContent('Removed'), ...problems(401, 404, 422) },
      },
    },
    async (req, reply) => {
      await suppressions.remove(scopeOf(req), req.params.suppression_id)
      return reply.code(204).send(null)
    },
  )
}
