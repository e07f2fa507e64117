/**
 * Web push subscriptions: the VAPID key browsers subscribe with, and each user's subscriptions —
 * validated, upserted by endpoint within the tenant (the endpoint moves to whoever posts it), at
 * most MAX_SUBSCRIPTIONS per user (the one seen longest ago is dropped), listed and removed.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { NotFoundError, ServiceUnavailableError, UnprocessableError } from '../../../platform/http/errors.ts'
import type { WebPushSender } from '../../../providers/push/index.ts'
import { subscriptionProblems, unpadded } from './lib/target-rules.ts'
import { MAX_SUBSCRIPTIONS, type SubscriptionInput, type SubscriptionOut } from './push.schemas.ts'
import * as repo from './subscriptions.repository.ts'

const iso = (d: Date | string) => new Date(d).toISOString()
const USER_AGENT_MAX = 400

export function subscriptionView(r: repo.SubscriptionRow): SubscriptionOut {
  return {
    subscription_id: r.id,
    endpoint: r.endpoint,
    expiration_time: r.expiration_time ? iso(r.expiration_time) : null,
    created_at: iso(r.created_at),
    last_seen_at: iso(r.last_seen_at),
    last_success_at: r.last_success_at ? iso(r.last_success_at) : null,
  }
}

export class SubscriptionsService {
  constructor(
    private readonly deps: {
      scopes: Scopes
      clock: Clock
      webPush: Pick<WebPushSender, 'vapidPublicKey'>
      production: boolean
    },
  ) {}

  /** The application server key; 503 `push.not_configured` when web push is off. */
  vapidPublicKey(): { public_key: string } {
    const key = this.deps.webPush.vapidPublicKey
    if (!key)
      throw new ServiceUnavailableError(
        'push.not_configured',
        'Web push is not configured on this server (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY)',
      )
    return { public_key: key }
  }

  async upsert(
    scope: RequestScope,
    body: SubscriptionInput,
    userAgent: string | undefined,
  ): Promise<SubscriptionOut> {
    const now = this.deps.clock.now()
    const problems = subscriptionProblems(body, now, this.deps.production)
    if (problems.length)
      throw new UnprocessableError(
        'validation.failed',
        problems.map((p) => `${p.loc.slice(1).join('.')}: ${p.msg}`).join('; '),
        problems,
      )
    const values: repo.SubscriptionValues = {
      userId: scope.userId,
      endpoint: body.endpoint,
      p256dh: unpadded(body.keys.p256dh),
      auth: unpadded(body.keys.auth),
      expirationTime: body.expirationTime == null ? null : new Date(body.expirationTime),
      userAgent: userAgent ? clean(userAgent) : null,
      now,
    }
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const saved = await repo.upsertSubscription(s, values)
      await repo.capSubscriptions(s, scope.userId, MAX_SUBSCRIPTIONS)
      return saved
    })
    return subscriptionView(row)
  }

  async list(scope: RequestScope) {
    const rows = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      repo.listSubscriptions(s, scope.userId),
    )
    return { items: rows.map(subscriptionView), limit: MAX_SUBSCRIPTIONS }
  }

  /** Removes the caller's subscription; another user's or tenant's, or none → 404. */
  async remove(scope: RequestScope, id: number): Promise<void> {
    const gone = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      repo.deleteOwnSubscription(s, scope.userId, id),
    )
    if (!gone) throw new NotFoundError('push.subscription_not_found', `No push subscription ${id} of yours`)
  }
}

/** The User-Agent as kept for the owner's information: one line, bounded. */
function clean(userAgent: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const line = userAgent.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim()
  return line ? line.slice(0, USER_AGENT_MAX) : null
}
