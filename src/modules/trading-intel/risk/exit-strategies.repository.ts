/** The tenant's exit strategies: insert (unique name), keyset list by id, get, update, delete. */
import type { Selectable, Updateable } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { ExitStrategyTable } from './risk.tables.ts'

export type StrategyRow = Selectable<ExitStrategyTable>
export type StrategyValues = Omit<Updateable<ExitStrategyTable>, 'tenant_id' | 'id' | 'created_at'>

/** The new row, or null when the tenant already has a strategy of that name. */
export function insertStrategy(
  s: TenantScope,
  v: Required<Pick<StrategyValues, 'name' | 'method' | 'atr_period' | 'multiplier' | 'trailing_stop'>> &
    StrategyValues,
): Promise<StrategyRow | undefined> {
  return s.db
    .insertInto('exit_strategy')
    .values({ ...v, tenant_id: s.tenantId })
    .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
    .returningAll()
    .executeTakeFirst()
}

export function listStrategies(s: TenantScope, afterId: number | null, offset: number, limit: number) {
  let q = s.db.selectFrom('exit_strategy').selectAll().where('tenant_id', '=', s.tenantId)
  if (afterId !== null) q = q.where('id', '>', afterId)
  return q.orderBy('id').offset(offset).limit(limit).execute()
}

export async function countStrategies(s: TenantScope): Promise<number> {
  const r = await s.db
    .selectFrom('exit_strategy')
    .select((e) => e.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', s.tenantId)
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

export function findStrategy(s: TenantScope, id: number): Promise<StrategyRow | undefined> {
  return s.db
    .selectFrom('exit_strategy')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export function findStrategyByName(s: TenantScope, name: string): Promise<StrategyRow | undefined> {
  return s.db
    .selectFrom('exit_strategy')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('name', '=', name)
    .executeTakeFirst()
}

export function updateStrategy(s: TenantScope, id: number, v: StrategyValues): Promise<StrategyRow> {
  return s.db
    .updateTable('exit_strategy')
    .set({ ...v, updated_at: new Date() })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function deleteStrategy(s: TenantScope, id: number): Promise<boolean> {
  const r = await s.db
    .deleteFrom('exit_strategy')
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}
