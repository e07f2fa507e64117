/**
 * Creating notifications: `accept` (POST /api/notifications, under an Idempotency-Key) and
 * `dispatch` (other modules, under their dedupe key). Both write the notification, one delivery
 * per channel and the in-app item in one transaction; in_app is delivered at once, a capped
 * channel is recorded as such, a held one (quiet hours) waits for its time, the rest are queued for
 * the `notifications.deliver` job, enqueued after the commit.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { NotFoundError } from '../../../platform/http/errors.ts'
import type { DeliveryService } from './delivery.service.ts'
import type { IdempotencyService } from './idempotency.service.ts'
import { requestFingerprint } from './lib/fingerprint.ts'
import type { AcceptedOut, DeliveryViewOut, NotificationInput } from './notifications.schemas.ts'
import {
  deliveriesOf,
  findByDedupeKey,
  findNotification,
  insertDeliveries,
  insertNotification,
  type DeliveryRow,
  type NewDelivery,
  type NotificationRow,
} from './notifications.repository.ts'
import type { Channel, Source } from './notifications.tables.ts'
import { insertInAppItem } from './in-app.repository.ts'
import { findSuppression, type SuppressionRow } from './suppressions.repository.ts'

export const POST_ROUTE = '/api/notifications'
export const API_LIST = 'api'

export interface ChannelRequest {
  channel: Channel
  /** Hold the channel until then (quiet hours); in_app is never held. */
  notBefore?: Date
  /** The channel's cap was reached: recorded as `capped`, not sent. */
  capped?: { cap: string; limit: number }
}

export interface DispatchInput {
  tenantId: number
  userId: number
  dedupeKey: string
  source: 'alert' | 'system'
  list: string
  message: { title: string; body: string; url?: string; data?: Record<string, string> }
  channels: ChannelRequest[]
}

interface CreateInput extends Omit<DispatchInput, 'source'> {
  source: Source
  fingerprint: string | null
}

export interface NotificationsDeps {
  scopes: Scopes
  clock: Clock
  idempotency: IdempotencyService
  delivery: Pick<DeliveryService, 'enqueue'>
  /** The channels a user has (in_app; email when verified; push when subscribed). */
  channelsOf(tenantId: number, userId: number): Promise<Channel[]>
}

export const jobIdOf = (notificationId: number) => `notifications.deliver:${notificationId}`

export class NotificationsService {
  constructor(private readonly deps: NotificationsDeps) {}

  /** POST /api/notifications: 202 (new or replayed), 409 in progress, 422 key reused. */
  async accept(
    scope: RequestScope,
    key: string,
    body: NotificationInput,
  ): Promise<{ status: number; body: unknown; replayed: boolean }> {
    const fingerprint = requestFingerprint('POST', POST_ROUTE, body)
    const ref = { userId: scope.userId, route: POST_ROUTE, key }
    const claim = await this.deps.idempotency.begin(scope.tenantId, ref, fingerprint)
    if (claim.kind === 'replay') return { status: claim.status, body: claim.body, replayed: true }
    try {
      const channels = body.channels ?? (await this.deps.channelsOf(scope.tenantId, scope.userId))
      const input: CreateInput = {
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
      }
      const out = await this.create(input, async (s, n, rows) => {
        const answer: AcceptedOut = {
          notification_id: n.id,
          job_id: jobIdOf(n.id),
          status: 'accepted',
          deliveries: rows.map(deliveryView),
        }
        await this.deps.idempotency.complete(s, claim.claim, 202, answer)
        return answer
      })
      return { status: 202, body: out, replayed: false }
    } catch (e) {
      await this.deps.idempotency.release(claim.claim)
      throw e
    }
  }

  /** For other modules: the same dedupe key answers the first notification, with no new delivery. */
  async dispatch(input: DispatchInput): Promise<{ notificationId: number; deliveries: DeliveryViewOut[] }> {
    return this.create({ ...input, fingerprint: null }, async (_s, n, rows) => ({
      notificationId: n.id,
      deliveries: rows.map(deliveryView),
    }))
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

  private async create<T>(
    input: CreateInput,
    answer: (s: TenantScope, n: NotificationRow, rows: DeliveryRow[]) => Promise<T>,
  ): Promise<T> {
    const now = this.deps.clock.now()
    // A plain read ahead of the write: on PGlite it shares the session instead of holding it.
    const inAppStop = input.channels.some((c) => c.channel === 'in_app' && !c.capped)
      ? await this.deps.scopes.withTenant(input.tenantId, (s) =>
          findSuppression(s, 'in_app', String(input.userId), input.list),
        )
      : undefined
    const { result, queued } = await this.deps.scopes.withTenant(input.tenantId, async (s) => {
      const inserted = await insertNotification(s, newNotification(input), now)
      if (!inserted) {
        const n = await findByDedupeKey(s, input.userId, input.dedupeKey)
        if (!n) throw new Error('notification vanished under its dedupe key')
        return { result: await answer(s, n, await deliveriesOf(s, [n.id])), queued: [] as DeliveryRow[] }
      }
      const rows = await insertDeliveries(s, await this.plan(s, input, inserted, now, inAppStop), now)
      return { result: await answer(s, inserted, rows), queued: rows.filter((r) => r.next_attempt_at) }
    })
    await this.deps.delivery.enqueue(input.tenantId, queued, now)
    return result
  }

  /** One delivery per distinct channel; in_app written (or suppressed) at once. */
  private async plan(
    s: TenantScope,
    input: CreateInput,
    n: NotificationRow,
    now: Date,
    inAppStop: SuppressionRow | undefined,
  ): Promise<NewDelivery[]> {
    const seen = new Set<Channel>()
    const rows: NewDelivery[] = []
    for (const c of input.channels) {
      if (seen.has(c.channel)) continue
      seen.add(c.channel)
      const base = {
        notification_id: n.id,
        user_id: input.userId,
        channel: c.channel,
        attempts: 0,
        sent_at: null,
      }
      if (c.capped) rows.push({ ...base, status: 'capped', detail: { ...c.capped }, next_attempt_at: null })
      else if (c.channel === 'in_app') rows.push({ ...base, ...(await this.inApp(s, n, now, inAppStop)) })
      else if (c.notBefore && c.notBefore > now)
        rows.push({
          ...base,
          status: 'quiet_hours',
          detail: { held_until: c.notBefore.toISOString() },
          next_attempt_at: c.notBefore,
        })
      else rows.push({ ...base, status: 'pending', detail: {}, next_attempt_at: now })
    }
    return rows
  }

  private async inApp(s: TenantScope, n: NotificationRow, now: Date, sup: SuppressionRow | undefined) {
    if (sup)
      return {
        status: 'suppressed' as const,
        detail: { suppression_id: sup.id, reason: sup.reason },
        next_attempt_at: null,
      }
    const item = await insertInAppItem(
      s,
      { user_id: n.user_id, notification_id: n.id, title: n.title, body: n.body, url: n.url, data: n.data },
      now,
    )
    return {
      status: 'sent' as const,
      detail: { item_id: item?.id ?? null },
      attempts: 1,
      sent_at: now,
      next_attempt_at: null,
    }
  }
}

function newNotification(input: CreateInput) {
  return {
    user_id: input.userId,
    dedupe_key: input.dedupeKey,
    fingerprint: input.fingerprint,
    source: input.source,
    list: input.list,
    title: input.message.title,
    body: input.message.body,
    url: input.message.url ?? null,
    data: input.message.data ?? {},
  }
}

export function deliveryView(r: DeliveryRow): DeliveryViewOut {
  return {
    delivery_id: r.id,
    channel: r.channel,
    status: r.status,
    detail: r.detail,
    attempts: r.attempts,
    next_attempt_at: r.next_attempt_at?.toISOString() ?? null,
    sent_at: r.sent_at?.toISOString() ?? null,
    dead_lettered_at: r.dead_lettered_at?.toISOString() ?? null,
    updated_at: r.updated_at.toISOString(),
  }
}
