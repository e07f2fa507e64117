/** SQL for `in_app_item`, the in-app inbox; every query takes the tenant scope and the user. */
import type { Selectable } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { InAppItemTable } from './notifications.tables.ts'

export type InAppRow = Selectable<InAppItemTable>

export interface NewInAppItem {
  user_id: number
  notification_id: number
  title: string
  body: string
  url: string | null
  data: Record<string, string>
}

/** Inserts them in one statement; answers each new item's id with its notification. */
export const insertInAppItems = (s: TenantScope, items: readonly NewInAppItem[], now: Date) =>
  items.length === 0
    ? Promise.resolve([] as Array<{ id: number; notification_id: number }>)
    : s.db
        .insertInto('in_app_item')
        .values(
          items.map((item) => ({
            ...item,
            tenant_id: s.tenantId,
            data: JSON.stringify(item.data),
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['tenant_id', 'notification_id', 'user_id']).doNothing())
        .returning(['id', 'notification_id'])
        .execute()

const mine = (s: TenantScope, userId: number, unread: boolean) => {
  let q = s.db.selectFrom('in_app_item').where('tenant_id', '=', s.tenantId).where('user_id', '=', userId)
  if (unread) q = q.where('read_at', 'is', null)
  return q
}

/** A page of the user's items, newest first (`pageSize + 1` rows: the extra says there is more). */
export const listItems = (
  s: TenantScope,
  userId: number,
  unread: boolean,
  offset: number,
  pageSize: number,
) =>
  mine(s, userId, unread)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(pageSize + 1)
    .execute()

export async function countItems(s: TenantScope, userId: number, unread: boolean): Promise<number> {
  const row = await mine(s, userId, unread)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Marks one item read (the first read time stays); undefined when it is not the user's. */
export async function markRead(s: TenantScope, userId: number, id: number, now: Date) {
  await s.db
    .updateTable('in_app_item')
    .set({ read_at: now })
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .execute()
  return mine(s, userId, false).selectAll().where('id', '=', id).executeTakeFirst()
}

export async function markAllRead(s: TenantScope, userId: number, now: Date): Promise<number> {
  const res = await s.db
    .updateTable('in_app_item')
    .set({ read_at: now })
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst()
  return Number(res.numUpdatedRows)
}
