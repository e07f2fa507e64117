/**
 * Creating notifications: `accept` (POST /api/notifications, under an Idempotency-Key) and
 * `dispatch` (other modules, under their dedupe key). Both go through the writer
 * (writer.service.ts): the notification, one delivery per channel and the in-app item in one
 * transaction — with, for `accept`, the stored answer —, concurrent ones of a tenant written
 * together; in_app is delivered at once, a capped channel is recorded as such, a held one (quiet
 * hours) waits for its time, the rest are queued for the `notifications.deliver` job.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { NotFoundError } from '../../../platform/http/errors.ts'
import { Batcher, eachAlone, type Outcome } from '../../../platform/batcher.ts'
import type { Claim, IdempotencyService } from './idempotency.service.ts'
import type { KeyRef } from './idempotency.repository.ts'
import { requestFingerprint } from './lib/fingerprint.ts'
import type { DeliveryViewOut, NotificationInput } from './notifications.schemas.ts'
import { deliveriesOf, findNotification } from './notifications.repository.ts'
import type { Channel } from './notifications.tables.ts'
import { deliveryView, type ChannelRequest, type NotificationWriter } from './writer.service.ts'

export type { ChannelRequest } from './writer.service.ts'
export { deliveryView, jobIdOf } from './writer.service.ts'

export const POST_ROUTE = '/api/notifications'
export const API_LIST = 'api'

export interface DispatchInput {
  tenantId: number
  userId: number
  dedupeKey: string
  source: 'alert' | 'system'
  list: string
  message: { title: string; body: string; url?: string; data?: Record<string, string> }
  channels: ChannelRequest[]
}

export interface NotificationsDeps {
  scopes: Scopes
  idempotency: Pick<IdempotencyService, 'beginMany' | 'release'>
  writer: Pick<NotificationWriter, 'write'>
  /** The channels a user has (in_app; email when verified; push when subscribed). */
  channelsOf(tenantId: number, userId: number): Promise<Channel[]>
}

interface AcceptRequest {
  scope: RequestScope
  key: string
  body: NotificationInput
  ref: KeyRef
  fingerprint: string
}

export type AcceptAnswer = { status: number; body: unknown; replayed: boolean }

export class NotificationsService {
  /**
   * A tenant's concurrent POSTs: their keys claimed by one insert (committed before the work, so a
   * duplicate meanwhile sees its key in progress), then written together by the writer.
   */
  readonly #accepts = new Batcher<number, AcceptRequest, AcceptAnswer>(async (tenantId, items) => {
    const claims = await this.deps.idempotency.beginMany(tenantId, items)
    return eachAlone(items, (item, i) => this.#afterClaim(item, claims[i]!))
  })

  constructor(private readonly deps: NotificationsDeps) {}

  /** POST /api/notifications: 202 (new or replayed), 409 in progress, 422 key reused. */
  accept(scope: RequestScope, key: string, body: NotificationInput): Promise<AcceptAnswer> {
    const fingerprint = requestFingerprint('POST', POST_ROUTE, body)
    const ref = { userId: scope.userId, route: POST_ROUTE, key }
    return this.#accepts.add(scope.tenantId, { scope, key, body, ref, fingerprint })
  }

  async #afterClaim({ scope, key, body, fingerprint }: AcceptRequest, outcome: Outcome<Claim>) {
    if (!outcome.ok) throw outcome.error
    const claim = outcome.value
    if (claim.kind === 'replay') return { status: claim.status, body: claim.body, replayed: true }
    try {
      const channels = body.channels ?? (await this.deps.channelsOf(scope.tenantId, scope.userId))
      const { accepted } = await this.deps.writer.write({
        claim: claim.claim,
        draft: {
          tenantId: scope.tenantId,
          userId: scope.userId,
          dedupeKey: `idem:${key}:${claim.claim.generation.getTime()}`,
          source: 'api',
          fingerprint,
          list: API_LIST,
          message: {
            title: body.title,
            body: body.body,
            ...(body.url ? { url: body.url } : {}),
            ...(body.data ? { data: body.data } : {}),
          },
          channels: channels.map((channel) => ({ channel })),
        },
      })
      return { status: 202, body: accepted, replayed: false }
    } catch (e) {
      await this.deps.idempotency.release(claim.claim)
      throw e
    }
  }

  /** For other modules: the same dedupe key answers the first notification, with no new delivery. */
  async dispatch(input: DispatchInput): Promise<{ notificationId: number; deliveries: DeliveryViewOut[] }> {
    const { n, rows } = await this.deps.writer.write({ draft: { ...input, fingerprint: null } })
    return { notificationId: n.id, deliveries: rows.map(deliveryView) }
  }

  async deliveries(tenantId: number, notificationIds: number[]): Promise<Map<number, DeliveryViewOut[]>> {
    const rows = await this.deps.scopes.withTenant(tenantId, (s) => deliveriesOf(s, notificationIds))
    const out = new Map<number, DeliveryViewOut[]>()
    for (const r of rows) out.set(r.notification_id, [...(out.get(r.notification_id) ?? []), deliveryView(r)])
    return out
  }

  /** The caller's own notification with its deliveries; another user's → 404. */
  async get(scope: RequestScope, id: number) {
    const found = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const n = await findNotification(s, id)
      return n && n.user_id === scope.userId ? { n, rows: await deliveriesOf(s, [id]) } : undefined
    })
    if (!found) throw new NotFoundError('notifications.not_found', 'No such notification')
    const { n, rows } = found
    return {
      notification_id: n.id,
      source: n.source,
      list: n.list,
      title: n.title,
      body: n.body,
      url: n.url,
      data: n.data,
      created_at: n.created_at.toISOString(),
      deliveries: rows.map(deliveryView),
    }
  }
}
