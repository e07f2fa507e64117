/** SQL for `notification` and `notification_delivery`; every query takes the tenant scope first. */
import type { Selectable } from 'kysely'
import type { SystemScope, TenantScope } from '../../../platform/db/index.ts'
import type {
  Channel,
  DeliveryStatus,
  NotificationDeliveryTable,
  NotificationTable,
  Source,
} from './notifications.tables.ts'

export type NotificationRow = Selectable<NotificationTable>
export type DeliveryRow = Selectable<NotificationDeliveryTable>
/** Statuses a worker may still act on. */
export const OPEN_STATUSES: DeliveryStatus[] = ['pending', 'retrying', 'quiet_hours']

export interface NewNotification {
  user_id: number
  dedupe_key: string
  fingerprint: string | null
  source: Source
  list: string
  title: string
  body: string
  url: string | null
  data: Record<string, string>
}

/** Inserts it; undefined when the recipient already has a notification with this dedupe key. */
export const insertNotification = (s: TenantScope, n: NewNotification, now: Date) =>
  s.db
    .insertInto('notification')
    .values({ ...n, tenant_id: s.tenantId, data: JSON.stringify(n.data), created_at: now })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'dedupe_key']).doNothing())
    .returningAll()
    .executeTakeFirst()

export const findByDedupeKey = (s: TenantScope, userId: number, dedupeKey: string) =>
  s.db
    .selectFrom('notification')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirst()

export const findNotifications = (s: TenantScope, ids: number[]) =>
  s.db
    .selectFrom('notification')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', 'in', ids)
    .execute()

export const findNotification = (s: TenantScope, id: number) =>
  s.db
    .selectFrom('notification')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()

export interface NewDelivery {
  notification_id: number
  user_id: number
  channel: Channel
  status: DeliveryStatus
  detail: Record<string, unknown>
  attempts: number
  next_attempt_at: Date | null
  sent_at: Date | null
}

export async function insertDeliveries(
  s: TenantScope,
  rows: NewDelivery[],
  now: Date,
): Promise<DeliveryRow[]> {
  if (!rows.length) return []
  return s.db
    .insertInto('notification_delivery')
    .values(
      rows.map((r) => ({ ...r, tenant_id: s.tenantId, detail: JSON.stringify(r.detail), updated_at: now })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'notification_id', 'user_id', 'channel']).doNothing())
    .returningAll()
    .execute()
}

export const deliveriesOf = (s: TenantScope, notificationIds: number[]) =>
  notificationIds.length === 0
    ? Promise.resolve([] as DeliveryRow[])
    : s.db
        .selectFrom('notification_delivery')
        .selectAll()
        .where('tenant_id', '=', s.tenantId)
        .where('notification_id', 'in', notificationIds)
        .orderBy('id')
        .execute()

/** Which of these deliveries are open, due and held by no worker (read before the claim). */
export const openDeliveries = (s: TenantScope, ids: number[], now: Date) =>
  s.db
    .selectFrom('notification_delivery')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', 'in', ids)
    .where('status', 'in', OPEN_STATUSES)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('id')
    .execute()

/**
 * Claims the due ones of these deliveries for one attempt each: one conditional update, so of two
 * workers only one gets each delivery. The attempt is counted now; the claim lasts until `until`
 * (then another worker may retry).
 */
export const claimDeliveries = (s: TenantScope, ids: number[], now: Date, until: Date) =>
  s.db
    .updateTable('notification_delivery')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), claimed_until: until, updated_at: now }))
    .where('tenant_id', '=', s.tenantId)
    .where('id', 'in', ids)
    .where('status', 'in', OPEN_STATUSES)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .returningAll()
    .execute()

export interface DeliveryUpdate {
  status: DeliveryStatus
  detail: Record<string, unknown>
  next_attempt_at: Date | null
  sent_at?: Date | null
  dead_lettered_at?: Date | null
  attempts?: number
}

/** Records an attempt's outcome and releases the claim. */
export const finishDelivery = (s: TenantScope, id: number, u: DeliveryUpdate, now: Date) =>
  s.db
    .updateTable('notification_delivery')
    .set({ ...u, detail: JSON.stringify(u.detail), claimed_until: null, updated_at: now })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()

export const findDelivery = (s: TenantScope, id: number) =>
  s.db
    .selectFrom('notification_delivery')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()

/** The tenant's dead-lettered deliveries, newest first, with their notification's title and list. */
export const deadLetters = (s: TenantScope, limit: number) =>
  s.db
    .selectFrom('notification_delivery as d')
    .innerJoin('notification as n', (j) =>
      j.onRef('n.tenant_id', '=', 'd.tenant_id').onRef('n.id', '=', 'd.notification_id'),
    )
    .selectAll('d')
    .select(['n.title', 'n.list'])
    .where('d.tenant_id', '=', s.tenantId)
    .where('d.dead_lettered_at', 'is not', null)
    .orderBy('d.dead_lettered_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute()

/** Open deliveries of every tenant that are due and held by no worker (the requeue sweep). */
export const dueDeliveries = (s: SystemScope, now: Date, limit: number) =>
  s.db
    .selectFrom('notification_delivery')
    .select(['tenant_id', 'id', 'attempts', 'next_attempt_at'])
    .where('status', 'in', OPEN_STATUSES)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute()
