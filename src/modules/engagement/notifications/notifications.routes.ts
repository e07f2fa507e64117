/** POST /api/notifications (Idempotency-Key), GET /api/notifications/{id}, and the admin dead letters. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { effectiveTenant } from '../../../platform/auth/scope.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import {
  IN_PROGRESS_RETRY_AFTER_S,
  KEY_MAX,
  parseIdempotencyKey,
  RETENTION_MS,
} from './idempotency.service.ts'
import type { Notifications } from './index.ts'
import { MAX_ATTEMPTS } from './lib/backoff.ts'
import { deliveryView } from './notifications.service.ts'
import * as S from './notifications.schemas.ts'
import * as X from './notifications.examples.ts'

const tags = ['notifications']

const IDEMPOTENCY =
  `Requires \`Idempotency-Key\`: 1–${KEY_MAX} visible ASCII characters (a UUID v4 is a good choice); missing, empty, ` +
  'too long or with other characters → 422 naming the header. The key is scoped to the caller and this route. The ' +
  `same key with the same body (any key order) replays the first answer with \`Idempotency-Replayed: true\` for ` +
  `${RETENTION_MS / 3_600_000} hours, after which the key is forgotten and a reuse runs as new; the same key with ` +
  'another body → 422 `idempotency.key_reused`; a duplicate arriving while the first is still being processed → 409 ' +
  `\`idempotency.in_progress\` with \`Retry-After: ${IN_PROGRESS_RETRY_AFTER_S}\`. Exactly one notification and one ` +
  'delivery per channel is created per key, however many duplicates arrive at once, on any number of processes.'

export function notificationsRoutes(app: App, api: Notifications): void {
  app.post(
    '/api/notifications',
    {
      schema: {
        operationId: 'createNotification',
        summary: 'Send yourself a notification (accepted asynchronously)',
        description:
          `${IDEMPOTENCY} The recipient is the caller. \`channels\` defaults to every channel the caller has (in_app; ` +
          'email when the address is verified; web_push / mobile_push when subscribed). in_app is written at once; ' +
          `the other channels are delivered by a job, retried with exponential backoff and jitter (${MAX_ATTEMPTS} ` +
          'attempts, 30 s doubling up to 1 h), then failed and dead-lettered. Each delivery’s `status` and `detail` ' +
          'say what happened (suppressed: which suppression; skipped: no target; failed: the provider’s answer). ' +
          'E-mails carry the one-click unsubscribe headers of the list `api`.',
        examples: {
          body: {
            title: 'Rebalance reminder',
            body: 'Your allocation drifted 6 % from target.',
            url: '/app/portfolio',
          },
          202: { description: 'Accepted (or replayed)', value: X.ACCEPTED_EXAMPLE },
        },
        tags,
        headers: {
          type: 'object',
          properties: {
            'idempotency-key': {
              type: 'string',
              // Visible ASCII only; an empty or missing key reaches the service's own 422.
              pattern: '^[!-~]*$',
              description: 'Required: 1–255 visible ASCII characters',
              examples: ['6f1c2a7e-3b9d-4c55-a1f0-2d8e9b7c4a10'],
            },
          },
        },
        body: S.NotificationBody,
        response: { 202: S.Accepted, ...problems(401, 409, 422) },
      },
    },
    async (req, reply) => {
      const key = parseIdempotencyKey(req.headers['idempotency-key'])
      const out = await api.notifications.accept(scopeOf(req), key, req.body)
      if (out.replayed) void reply.header('idempotency-replayed', 'true')
      return reply.code(out.status as 202).send(out.body as S.AcceptedOut)
    },
  )
  app.get(
    '/api/notifications/:notification_id',
    {
      schema: {
        operationId: 'getNotification',
        summary: 'One of your notifications with its delivery trace',
        description: 'The caller’s own notification; another user’s → 404 `notifications.not_found`.',
        examples: {
          params: { notification_id: 311 },
          200: { description: 'The trace', value: X.NOTIFICATION_EXAMPLE },
        },
        tags,
        params: S.NotificationParams,
        response: { 200: S.NotificationView, ...problems(401, 404, 422) },
      },
    },
    (req) => api.notifications.get(scopeOf(req), req.params.notification_id),
  )
  deadLetterRoutes(app, api)
}

const ADMIN = 'Administrators only (403 otherwise); `tenant_id` names another tenant (default: your own).'

function deadLetterRoutes(app: App, { delivery }: Notifications): void {
  app.get(
    '/api/admin/notifications/dead-letters',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminListNotificationDeadLetters',
        summary: 'Deliveries that failed for good (administrators)',
        description: `Newest first: retries exhausted (${MAX_ATTEMPTS} attempts) or refused by the provider, with its answer in \`detail\`. ${ADMIN}`,
        examples: {
          query: { limit: 20 },
          200: { description: 'Dead letters', value: { items: [X.DEAD_LETTER_EXAMPLE] } },
        },
        tags: ['admin'],
        querystring: S.DeadLetterQuery,
        response: { 200: S.DeadLetterList, ...problems(401, 403, 422) },
      },
    },
    async (req) => {
      const rows = await delivery.deadLetters(
        effectiveTenant(scopeOf(req), req.query.tenant_id),
        req.query.limit ?? 50,
      )
      return {
        items: rows.map((r) => ({
          ...deliveryView(r),
          notification_id: r.notification_id,
          user_id: r.user_id,
          title: r.title,
          list: r.list,
        })),
      }
    },
  )
  app.post(
    '/api/admin/notifications/dead-letters/:delivery_id/retry',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminRetryNotificationDelivery',
        summary: 'Retry a dead-lettered delivery (administrators)',
        description:
          `Queues the delivery again with a fresh run of ${MAX_ATTEMPTS} attempts (the earlier run is kept in ` +
          '`detail.retried_from`). Unknown → 404; not dead-lettered → 409 `notifications.not_dead_lettered`. ' +
          ADMIN,
        examples: {
          params: { delivery_id: 902 },
          200: {
            description: 'Queued',
            value: { ...X.DEAD_LETTER_EXAMPLE, status: 'pending', attempts: 0, dead_lettered_at: null },
          },
        },
        tags: ['admin'],
        params: S.DeliveryParams,
        querystring: S.TenantQuery,
        response: { 200: S.DeliveryView, ...problems(401, 403, 404, 409, 422) },
      },
    },
    async (req) =>
      deliveryView(
        await delivery.retry(effectiveTenant(scopeOf(req), req.query.tenant_id), req.params.delivery_id),
      ),
  )
}
