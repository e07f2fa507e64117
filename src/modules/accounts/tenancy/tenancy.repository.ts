/** SQL for plans (global) and tenants. */
import type { Transaction } from 'kysely'
import type { CursorKey, PageRequest } from '../../../platform/http/pagination.ts'
import type { Database, SystemScope, TenantScope } from '../../../platform/db/index.ts'

export function listPlans(db: Transaction<Database>, page: PageRequest) {
  let q = db.selectFrom('plan').select(['code', 'name', 'rank', 'features', 'limits']).orderBy('rank')
  const after = page.after?.[0]
  q = typeof after === 'number' ? q.where('rank', '>', after) : q.offset(page.offset)
  return q.limit(page.pageSize + 1).execute()
}

export async function countPlans(db: Transaction<Database>): Promise<number> {
  const row = await db
    .selectFrom('plan')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Every plan's code, features and limits: the catalogue is a handful of rows seeded by migrations. */
export function planCatalogue(db: Transaction<Database>) {
  return db.selectFrom('plan').select(['code', 'features', 'limits']).orderBy('rank').execute()
}

/** A new active tenant (registration, admin bootstrap); its id. */
export async function insertTenant(scope: SystemScope, t: { name: string; planCode: string }) {
  const row = await scope.db
    .insertInto('tenant')
    .values({ name: t.name, plan_code: t.planCode })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export function findOwnTenant(scope: TenantScope) {
  return scope.db
    .selectFrom('tenant')
    .select(['id', 'name', 'plan_code', 'status', 'base_currency', 'created_at'])
    .where('id', '=', scope.tenantId)
    .executeTakeFirst()
}

/** Newest first; keyset on id (ids only grow). */
export function listTenants(scope: SystemScope, page: PageRequest, plan?: string) {
  let q = scope.db
    .selectFrom('tenant')
    .select(['id', 'name', 'plan_code', 'status', 'created_at'])
    .orderBy('id', 'desc')
  if (plan) q = q.where('plan_code', '=', plan)
  const after = page.after?.[0]
  q = typeof after === 'number' ? q.where('id', '<', after) : q.offset(page.offset)
  return q.limit(page.pageSize + 1).execute()
}

export function tenantExists(scope: SystemScope, tenantId: number) {
  return scope.db.selectFrom('tenant').select('id').where('id', '=', tenantId).executeTakeFirst()
}

/** Moves a tenant to another plan (the operator CLI's set-plan); false when there is no such tenant. */
export async function setTenantPlan(scope: SystemScope, tenantId: number, planCode: string) {
  const r = await scope.db
    .updateTable('tenant')
    .set({ plan_code: planCode })
    .where('id', '=', tenantId)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export const tenantKey = (row: { id: number }): CursorKey => [row.id]

/** Sets the tenant's own base currency. */
export async function setBaseCurrency(scope: TenantScope, code: string): Promise<void> {
  await scope.db.updateTable('tenant').set({ base_currency: code }).where('id', '=', scope.tenantId).execute()
}
