/**
 * SQL for web push subscriptions. Every query takes the tenant scope first and filters by
 * tenant_id (row-level security backs it); the caller's queries filter by user too, since a
 * subscription is personal. Pruning is cross-tenant system work.
 */
import { sql } from 'kysely'
import type { SystemScope, TenantScope } from '../../../platform/db/index.ts'

export interface SubscriptionRow {
  id: number
  endpoint: string
  expiration_time: Date | null
  created_at: Date
  last_seen_at: Date
  last_success_at: Date | null
}

export interface SubscriptionValues {
  userId: number
  endpoint: string
  p256dh: string
  auth: string
  expirationTime: Date | null
  userAgent: string | null
  now: Date
}

const COLUMNS = [
  'id',
  'endpoint',
  'expiration_time',
  'created_at',
  'last_seen_at',
  'last_success_at',
] as const

const normal = <R extends { id: number | string }>(r: R) => ({ ...r, id: Number(r.id) })

/**
 * Inserts the subscription or, for an endpoint the tenant has, refreshes it and gives it to the
 * caller (a browser profile signed in as another user now). A move clears `last_success_at`.
 */
export async function upsertSubscription(s: TenantScope, v: SubscriptionValues): Promise<SubscriptionRow> {
  const row = await s.db
    .insertInto('push_subscription')
    .values({
      tenant_id: s.tenantId,
      user_id: v.userId,
      endpoint: v.endpoint,
      p256dh: v.p256dh,
      auth: v.auth,
      expiration_time: v.expirationTime,
      user_agent: v.userAgent,
      created_at: v.now,
      last_seen_at: v.now,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'endpoint']).doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
        expiration_time: eb.ref('excluded.expiration_time'),
        user_agent: eb.ref('excluded.user_agent'),
        last_seen_at: eb.ref('excluded.last_seen_at'),
        last_success_at: sql`case when push_subscription.user_id = excluded.user_id
          then push_subscription.last_success_at end`,
      })),
    )
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()
  return normal(row)
}

/** Keeps the user's `keep` subscriptions seen most recently; answers how many it dropped. */
export async function capSubscriptions(s: TenantScope, userId: number, keep: number): Promise<number> {
  const res = await s.db
    .deleteFrom('push_subscription')
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('push_subscription')
        .select('id')
        .where('tenant_id', '=', s.tenantId)
        .where('user_id', '=', userId)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .executeTakeFirst()
  return Number(res.numDeletedRows)
}

export async function listSubscriptions(s: TenantScope, userId: number): Promise<SubscriptionRow[]> {
  const rows = await s.db
    .selectFrom('push_subscription')
    .select(COLUMNS)
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map(normal)
}

/** The caller's subscription removed: true; none of theirs with that id: false. */
export async function deleteOwnSubscription(s: TenantScope, userId: number, id: number): Promise<boolean> {
  const res = await s.db
    .deleteFrom('push_subscription')
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst()
  return res.numDeletedRows > 0n
}

/** The user's subscriptions with their keys, to send to; the most recently posted first. */
export async function subscriptionsToSend(s: TenantScope, userId: number) {
  const rows = await s.db
    .selectFrom('push_subscription')
    .select(['id', 'endpoint', 'p256dh', 'auth', 'last_seen_at'])
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map(normal)
}

/** Removes a dead subscription, only while it still has the endpoint the push service refused. */
export async function deleteGoneSubscription(s: TenantScope, id: number, endpoint: string): Promise<void> {
  await s.db
    .deleteFrom('push_subscription')
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .where('endpoint', '=', endpoint)
    .execute()
}

export async function markSuccess(s: TenantScope, id: number, at: Date): Promise<void> {
  await s.db
    .updateTable('push_subscription')
    .set({ last_success_at: at })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .execute()
}

/** Every tenant's subscriptions last posted before `seenBefore`, or whose end has come. */
export async function pruneSubscriptions(s: SystemScope, seenBefore: Date, now: Date): Promise<number> {
  const res = await s.db
    .deleteFrom('push_subscription')
    .where((eb) => eb.or([eb('last_seen_at', '<', seenBefore), eb('expiration_time', '<=', now)]))
    .executeTakeFirst()
  return Number(res.numDeletedRows)
}
