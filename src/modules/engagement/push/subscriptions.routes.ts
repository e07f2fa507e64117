/** /api/push: the VAPID key, the caller's web push subscriptions, and a test push to every target. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import type { Push } from './index.ts'
import * as X from './push.examples.ts'
import * as S from './push.schemas.ts'

const tags = ['push']
const BASE = '/api/push'

const KEYS =
  'The body is the browser’s `PushSubscription.toJSON()`: `endpoint` an absolute https URL of at most ' +
  `${S.MAX_ENDPOINT} characters (plain http only for a loopback host, never in production), \`keys.p256dh\` ` +
  'base64url of the 65-byte uncompressed P-256 point (0x04 first, on the curve), `keys.auth` base64url of ' +
  '16 bytes, `expirationTime` null or milliseconds since the epoch (not in the past). Each failure is a 422 ' +
  'naming its field.'

export function subscriptionRoutes(app: App, api: Push): void {
  keyRoute(app, api)
  app.post(
    `${BASE}/subscriptions`,
    {
      schema: {
        operationId: 'createPushSubscription',
        summary: 'Save this browser’s web push subscription (upsert by endpoint)',
        description:
          `${KEYS} Upsert by endpoint within the tenant: posting an endpoint again refreshes its keys, expiration ` +
          'and `last_seen_at` (same `subscription_id`, 200 either way); an endpoint another user of the tenant ' +
          `posted moves to the caller. A user keeps at most ${S.MAX_SUBSCRIPTIONS}: one more drops the one seen ` +
          `longest ago. Subscriptions not posted again for ${S.SUBSCRIPTION_IDLE_DAYS} days, or past their ` +
          'expiration time, are pruned daily — post the subscription whenever the app starts. A push service ' +
          'answering 404 or 410 removes it.',
        examples: { body: X.SUBSCRIPTION_BODY, 200: { description: 'Saved', value: X.SUBSCRIPTION } },
        tags,
        body: S.SubscriptionBody,
        response: { 200: S.Subscription, ...problems(401, 422) },
      },
    },
    (req) => api.subscriptions.upsert(scopeOf(req), req.body, req.headers['user-agent']),
  )
  app.get(
    `${BASE}/subscriptions`,
    {
      schema: {
        operationId: 'listPushSubscriptions',
        summary: 'The caller’s web push subscriptions',
        description: `The caller’s own subscriptions (at most ${S.MAX_SUBSCRIPTIONS}), the most recently posted first.`,
        examples: { 200: { description: 'The subscriptions', value: X.SUBSCRIPTIONS } },
        tags,
        response: { 200: S.Subscriptions, ...problems(401) },
      },
    },
    (req) => api.subscriptions.list(scopeOf(req)),
  )
  app.delete(
    `${BASE}/subscriptions/:subscription_id`,
    {
      schema: {
        operationId: 'deletePushSubscription',
        summary: 'Remove a web push subscription (unsubscribed in the browser)',
        description:
          'Removes one of the caller’s subscriptions: no more pushes go to it. Another user’s or tenant’s, or one ' +
          'already removed → 404 `push.subscription_not_found`.',
        examples: { params: { subscription_id: 7 } },
        tags,
        params: S.SubscriptionParams,
        response: { 204: NoContent('Removed'), ...problems(401, 404, 422) },
      },
    },
    async (req, reply) => {
      await api.subscriptions.remove(scopeOf(req), req.params.subscription_id)
      return reply.code(204).send(null)
    },
  )
  testRoute(app, api)
}

function keyRoute(app: App, api: Push): void {
  app.get(
    `${BASE}/vapid-public-key`,
    {
      schema: {
        operationId: 'getVapidPublicKey',
        summary: 'The key browsers subscribe to web push with',
        description:
          'The VAPID application server key (RFC 8292), base64url of the 65-byte P-256 public key: pass it as ' +
          '`applicationServerKey` to `pushManager.subscribe()`. Configured with VAPID_PUBLIC_KEY and ' +
          'VAPID_PRIVATE_KEY; outside production a key pair is generated once into the data directory. In ' +
          'production without them web push is off → 503 `push.not_configured`.',
        examples: { 200: { description: 'The key', value: X.VAPID_KEY } },
        tags,
        response: { 200: S.VapidKey, ...problems(401, 503) },
      },
    },
    () => api.subscriptions.vapidPublicKey(),
  )
}

function testRoute(app: App, api: Push): void {
  app.post(
    `${BASE}/test`,
    {
      schema: {
        operationId: 'sendTestPush',
        summary: 'Send a test push to every browser and device of the caller',
        description:
          'Sends `title` and `body` (defaults: a short test message) to each of the caller’s web push ' +
          'subscriptions and mobile device tokens, and answers one result per target: `sent` (accepted by the ' +
          'push service, or stored in the push outbox when no mobile provider is configured), `gone` (the push ' +
          'service says the target is dead: it was removed), `retry` (rate limited, 5xx or network) or `failed` ' +
          '(refused for this message), with the push service’s `status` and `reason`. No target at all → 422 ' +
          '`push.no_target`.',
        examples: { body: X.TEST_BODY, 200: { description: 'One result per target', value: X.TEST_RESULTS } },
        tags,
        body: S.TestBody,
        response: { 200: S.TestResponse, ...problems(401, 422) },
      },
    },
    (req) => api.delivery.test(scopeOf(req), req.body ?? {}),
  )
}
