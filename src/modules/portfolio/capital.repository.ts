/** SQL for investors and capital flows. */
import { sql } from 'kysely'
import type { TenantScope } from '../../platform/db/tenant-scope.ts'

const INVESTOR = ['id', 'name', 'email', 'is_owner', 'created_at'] as const
const FLOW = ['id', 'investor_id', 'account_id', 'flow_date', 'amount', 'note', 'created_at'] as const

export function listInvestors(scope: TenantScope) {
  return scope.db
    .selectFrom('investor')
    .select(INVESTOR)
    .where('tenant_id', '=', scope.tenantId)
    .orderBy('is_owner', 'desc')
    .orderBy('id')
    .execute()
}

export function findInvestor(scope: TenantScope, id: number) {
  return scope.db
    .selectFrom('investor')
    .select(INVESTOR)
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** The owner investor exists from the first use on (the account holder). */
export async function ensureOwner(scope: TenantScope, userId: number) {
  const owner = await scope.db
    .selectFrom('investor')
    .select('id')
    .where('tenant_id', '=', scope.tenantId)
    .where('is_owner', '=', true)
    .executeTakeFirst()
  if (owner) return
  const user = await scope.db
    .selectFrom('app_user')
    .select(['full_name', 'email'])
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', userId)
    .executeTakeFirst()
  await scope.db
    .insertInto('investor')
    .values({
      tenant_id: scope.tenantId,
      name: user?.full_name ?? user?.email ?? 'Owner',
      email: user?.email ?? null,
      is_owner: true,
    })
    .onConflict((oc) => oc.column('tenant_id').where('is_owner', '=', true).doNothing())
    .execute()
}

export function insertInvestor(scope: TenantScope, i: { name: string; email: string | null }) {
  return scope.db
    .insertInto('investor')
    .values({ tenant_id: scope.tenantId, ...i })
    .returning(INVESTOR)
    .executeTakeFirstOrThrow()
}

export function updateInvestor(scope: TenantScope, id: number, i: { name?: string; email?: string | null }) {
  return scope.db
    .updateTable('investor')
    .set(i)
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .returning(INVESTOR)
    .executeTakeFirst()
}

export function listFlows(scope: TenantScope, q: { investorId?: number; accountId?: number }) {
  let query = scope.db.selectFrom('capital_flow').select(FLOW).where('tenant_id', '=', scope.tenantId)
  if (q.investorId !== undefined) query = query.where('investor_id', '=', q.investorId)
  if (q.accountId !== undefined) query = query.where('account_id', '=', q.accountId)
  return query.orderBy('flow_date').orderBy('id').execute()
}

export function findFlow(scope: TenantScope, id: number) {
  return scope.db
    .selectFrom('capital_flow')
    .select(FLOW)
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export function insertFlow(
  scope: TenantScope,
  f: {
    investor_id: number
    account_id: number | null
    flow_date: string
    amount: number
    note: string | null
  },
) {
  return scope.db
    .insertInto('capital_flow')
    .values({ tenant_id: scope.tenantId, ...f })
    .returning(FLOW)
    .executeTakeFirstOrThrow()
}

export function updateFlow(
  scope: TenantScope,
  id: number,
  f: { flow_date?: string; amount?: number; note?: string | null },
) {
  return scope.db
    .updateTable('capital_flow')
    .set({ ...f, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .returning(FLOW)
    .executeTakeFirst()
}

export async function deleteFlow(scope: TenantScope, id: number): Promise<boolean> {
  const r = await scope.db
    .deleteFrom('capital_flow')
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(r.numDeletedRows) === 1
}

export type InvestorRow = NonNullable<Awaited<ReturnType<typeof findInvestor>>>
export type FlowRow = NonNullable<Awaited<ReturnType<typeof findFlow>>>
