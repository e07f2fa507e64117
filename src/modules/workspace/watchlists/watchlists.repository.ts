/**
 * SQL for watchlists: every query takes the tenant scope first, filters by tenant_id (row-level
 * security backs it) and by the owning user, since lists are personal.
 */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'

export interface ListRow {
  id: number
  name: string
  count: number
  created_at: Date
  updated_at: Date
}

export interface ItemRow {
  symbol: string
  position: number
  added_at: Date
}

/** The user's lists with their symbol counts, by name. */
export async function listLists(s: TenantScope, userId: number): Promise<ListRow[]> {
  const rows = await s.db
    .selectFrom('watchlist as w')
    .leftJoin('watchlist_item as i', (j) =>
      j.onRef('i.tenant_id', '=', 'w.tenant_id').onRef('i.watchlist_id', '=', 'w.id'),
    )
    .select(['w.id', 'w.name', 'w.created_at', 'w.updated_at'])
    .select((eb) => eb.fn.count<string>('i.symbol').as('count'))
    .where('w.tenant_id', '=', s.tenantId)
    .where('w.user_id', '=', userId)
    .groupBy(['w.id', 'w.name', 'w.created_at', 'w.updated_at'])
    .orderBy('w.name')
    .execute()
  return rows.map((r) => ({ ...r, id: Number(r.id), count: Number(r.count) }))
}

export const findList = (s: TenantScope, userId: number, name: string) =>
  s.db
    .selectFrom('watchlist')
    .select(['id', 'name', 'created_at', 'updated_at'])
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst()

/** The list's id, creating it (empty) when the user has none of that name. */
export async function ensureList(s: TenantScope, userId: number, name: string, now: Date): Promise<number> {
  const found = await findList(s, userId, name)
  if (found) return Number(found.id)
  const row = await s.db
    .insertInto('watchlist')
    .values({ tenant_id: s.tenantId, user_id: userId, name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

export const touchList = (s: TenantScope, listId: number, now: Date) =>
  s.db
    .updateTable('watchlist')
    .set({ updated_at: now })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', listId)
    .execute()

export const deleteList = (s: TenantScope, listId: number) =>
  s.db.deleteFrom('watchlist').where('tenant_id', '=', s.tenantId).where('id', '=', listId).execute()

export const listItems = (s: TenantScope, listId: number): Promise<ItemRow[]> =>
  s.db
    .selectFrom('watchlist_item')
    .select(['symbol', 'position', 'added_at'])
    .where('tenant_id', '=', s.tenantId)
    .where('watchlist_id', '=', listId)
    .orderBy('position')
    .orderBy('symbol')
    .execute()

/** Every item of every list of the user, with its list's name, lists by name then position. */
export const allItems = (s: TenantScope, userId: number) =>
  s.db
    .selectFrom('watchlist_item as i')
    .innerJoin('watchlist as w', (j) =>
      j.onRef('w.tenant_id', '=', 'i.tenant_id').onRef('w.id', '=', 'i.watchlist_id'),
    )
    .select(['w.name as list_name', 'i.symbol', 'i.position'])
    .where('w.tenant_id', '=', s.tenantId)
    .where('w.user_id', '=', userId)
    .orderBy('w.name')
    .orderBy('i.position')
    .execute()

/** The symbols on all the user's lists together (the plan limit counts these). */
export async function countUserItems(s: TenantScope, userId: number): Promise<number> {
  const row = await s.db
    .selectFrom('watchlist_item as i')
    .innerJoin('watchlist as w', (j) =>
      j.onRef('w.tenant_id', '=', 'i.tenant_id').onRef('w.id', '=', 'i.watchlist_id'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('w.tenant_id', '=', s.tenantId)
    .where('w.user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Appends `symbol` at the end of the list; null when it is already on it. */
export const appendItem = (s: TenantScope, listId: number, symbol: string, now: Date) =>
  s.db
    .insertInto('watchlist_item')
    .values({
      tenant_id: s.tenantId,
      watchlist_id: listId,
      symbol,
      added_at: now,
      position: sql<number>`(select coalesce(max(position) + 1, 0) from watchlist_item
        where tenant_id = ${s.tenantId} and watchlist_id = ${listId})`,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'watchlist_id', 'symbol']).doNothing())
    .returning(['symbol', 'position', 'added_at'])
    .executeTakeFirst()

export const deleteItem = (s: TenantScope, listId: number, symbol: string) =>
  s.db
    .deleteFrom('watchlist_item')
    .where('tenant_id', '=', s.tenantId)
    .where('watchlist_id', '=', listId)
    .where('symbol', '=', symbol)
    .returning(['symbol', 'position', 'added_at'])
    .executeTakeFirst()

/** Sets each symbol's position to its index in `symbols` (one statement). */
export async function setOrder(s: TenantScope, listId: number, symbols: readonly string[]): Promise<void> {
  if (!symbols.length) return
  await s.db
    .updateTable('watchlist_item')
    .set({ position: sql<number>`array_position(${sql.val(symbols)}::text[], symbol) - 1` })
    .where('tenant_id', '=', s.tenantId)
    .where('watchlist_id', '=', listId)
    .where('symbol', 'in', symbols)
    .execute()
}
