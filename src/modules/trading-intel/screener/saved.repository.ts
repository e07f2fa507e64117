/** Saved screens: insert (unique name per user and surface), list, count, delete. */
import type { Selectable } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { SavedScreenTable, Surface } from './screener.tables.ts'

export type SavedRow = Selectable<SavedScreenTable>

/** The new row, or undefined when the user already has a screen of that name on that surface. */
export function insertSaved(
  s: TenantScope,
  v: { user_id: number; surface: Surface; name: string; spec: unknown },
): Promise<SavedRow | undefined> {
  return s.db
    .insertInto('saved_screen')
    .values({ ...v, spec: JSON.stringify(v.spec), tenant_id: s.tenantId })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'surface', 'name']).doNothing())
    .returningAll()
    .executeTakeFirst()
}

/** The user's screens on one surface, oldest first. */
export function listSaved(s: TenantScope, userId: number, surface: Surface): Promise<SavedRow[]> {
  return s.db
    .selectFrom('saved_screen')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .where('surface', '=', surface)
    .orderBy('id')
    .execute()
}

/** Every saved screen of the tenant, both surfaces (the plan limit counts them all). */
export async function countSaved(s: TenantScope): Promise<number> {
  const r = await s.db
    .selectFrom('saved_screen')
    .select((e) => e.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', s.tenantId)
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

export async function deleteSaved(
  s: TenantScope,
  userId: number,
  surface: Surface,
  id: number,
): Promise<boolean> {
  const r = await s.db
    .deleteFrom('saved_screen')
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .where('surface', '=', surface)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}
