/** SQL for `notification_suppression`; every query takes the tenant scope first. */
import { sql, type Selectable } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { Channel, NotificationSuppressionTable, SuppressionReason } from './notifications.tables.ts'

export type SuppressionRow = Selectable<NotificationSuppressionTable>

/**
 * The suppression that stops `recipient` on `channel` for `list`: one for that list or for every
 * list (null); a list-wide one first, then the oldest.
 */
export const findSuppression = (s: TenantScope, channel: Channel, recipient: string, list: string) =>
  s.db
    .selectFrom('notification_suppression')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('channel', '=', channel)
    .where('recipient', '=', recipient)
    .where((eb) => eb.or([eb('list', 'is', null), eb('list', '=', list)]))
    .orderBy(sql`list is null`, 'desc')
    .orderBy('id')
    .executeTakeFirst()

/**
 * Every suppression of any of `recipients` on its channel, whatever its list (the caller keeps
 * those for its list): one statement for all the recipients of a delivery batch. A list-wide one
 * first, then the oldest, as `findSuppression` answers.
 */
export const suppressionsOf = (
  s: TenantScope,
  recipients: ReadonlyArray<{ channel: Channel; recipient: string }>,
) =>
  recipients.length === 0
    ? Promise.resolve([] as SuppressionRow[])
    : s.db
        .selectFrom('notification_suppression')
        .selectAll()
        .where('tenant_id', '=', s.tenantId)
        .where((eb) =>
          eb.or(
            recipients.map((r) => eb.and([eb('channel', '=', r.channel), eb('recipient', '=', r.recipient)])),
          ),
        )
        .orderBy(sql`list is null`, 'desc')
        .orderBy('id')
        .execute()

/** Deletes these suppressions (push_gone ones the target was registered again after). */
export const deleteSuppressions = (s: TenantScope, ids: number[]) =>
  s.db
    .deleteFrom('notification_suppression')
    .where('tenant_id', '=', s.tenantId)
    .where('id', 'in', ids)
    .execute()

export interface NewSuppression {
  user_id: number
  channel: Channel
  recipient: string
  reason: SuppressionReason
  list: string | null
}

/** Inserts it, or answers the one already there for (channel, recipient, list): idempotent. */
export async function ensureSuppression(
  s: TenantScope,
  n: NewSuppression,
  now: Date,
): Promise<SuppressionRow> {
  const inserted = await s.db
    .insertInto('notification_suppression')
    .values({ ...n, tenant_id: s.tenantId, created_at: now })
    .onConflict((oc) => oc.expression(sql`tenant_id, channel, recipient, coalesce(list, '')`).doNothing())
    .returningAll()
    .executeTakeFirst()
  if (inserted) return inserted
  return s.db
    .selectFrom('notification_suppression')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('channel', '=', n.channel)
    .where('recipient', '=', n.recipient)
    .where((eb) => (n.list === null ? eb('list', 'is', null) : eb('list', '=', n.list)))
    .executeTakeFirstOrThrow()
}

export interface SuppressionFilter {
  channel?: Channel | undefined
  recipient?: string | undefined
  limit: number
}

export const userSuppressions = (s: TenantScope, userId: number, f: SuppressionFilter) => {
  let q = s.db
    .selectFrom('notification_suppression')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
  if (f.channel) q = q.where('channel', '=', f.channel)
  if (f.recipient !== undefined) {
    const r = f.recipient
    q = q.where((eb) => eb.or([eb('recipient', '=', r), eb('recipient', '=', r.trim().toLowerCase())]))
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute()
}

export const deleteUserSuppression = (s: TenantScope, userId: number, id: number) =>
  s.db
    .deleteFrom('notification_suppression')
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst()
