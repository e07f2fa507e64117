/** SQL for investors and capital flows. */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { Keyset } from '../lib/keyset.ts'

const INVESTOR = ['id', 'name', 'email', 'is_owner', 'created_at'] as const
const FLOW = [
  'id',
  'investor_id',
  'account_id',
  'flow_date',
  'amount',
  'note',
  'kind',
  'activity_id',
  'currency',
  'created_at',
] as const

/** The owner first, then by id; the key is (rank, id) with rank 0 for the owner, 1 for others. */
const RANK = sql<number>`case when is_owner then 0 else 1 end`

/** All investors, or one page (keyset after the cursor's (rank, id), plus one row). */
export function listInvestors(scope: TenantScope, keyset?: Keyset<[number, number]>) {
  let q = scope.db
    .selectFrom('investor')
    .select([...INVESTOR])
    .where('tenant_id', '=', scope.tenantId)
  if (keyset?.after) q = q.where(sql<boolean>`(${RANK}, id) > (${keyset.after[0]}, ${keyset.after[1]})`)
  else if (keyset) q = q.offset(keyset.page.offset)
  q = q.orderBy(RANK).orderBy('id')
  return (keyset ? q.limit(keyset.page.pageSize + 1) : q).execute()
}

export function findInvestor(scope: TenantScope, id: number) {
  return scope.db
    .selectFrom('investor')
    .select(INVESTOR)
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** `is_owner` a literal, not a parameter: a cached plan can then use the owner's partial unique index. */
export function findOwnerInvestor(scope: TenantScope) {
  return scope.db
    .selectFrom('investor')
    .select('id')
    .where('tenant_id', '=', scope.tenantId)
    .where('is_owner', '=', sql.lit(true))
    .executeTakeFirst()
}

/** The account holder's investor row; a concurrent first use that wrote it already wins. */
export function insertOwnerInvestor(scope: TenantScope, o: { name: string; email: string | null }) {
  return (
    scope.db
      .insertInto('investor')
      .values({ tenant_id: scope.tenantId, ...o, is_owner: true })
      // A literal, not a parameter: PostgreSQL matches the partial unique index when it parses the
      // statement, and a prepared statement's parameters are only known later (pg-driver.ts).
      .onConflict((oc) => oc.column('tenant_id').where('is_owner', '=', sql.lit(true)).doNothing())
      .execute()
  )
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

type FlowFilter = { investorId?: number; accountId?: number }

function flows(scope: TenantScope, q: FlowFilter) {
  let query = scope.db.selectFrom('capital_flow').where('tenant_id', '=', scope.tenantId)
  if (q.investorId !== undefined) query = query.where('investor_id', '=', q.investorId)
  if (q.accountId !== undefined) query = query.where('account_id', '=', q.accountId)
  return query
}

/** One page of flows in (flow_date, id) order, keyset after the cursor's, plus one row. */
export function listFlows(scope: TenantScope, q: FlowFilter, keyset: Keyset<[string, number]>) {
  let query = flows(scope, q).select(FLOW)
  if (keyset.after)
    query = query.where(sql<boolean>`(flow_date, id) > (${keyset.after[0]}::date, ${keyset.after[1]})`)
  else query = query.offset(keyset.page.offset)
  return query
    .orderBy('flow_date')
    .orderBy('id')
    .limit(keyset.page.pageSize + 1)
    .execute()
}

/** The exact sum of every flow the filter matches (all pages), as a numeric string. */
export async function sumFlows(scope: TenantScope, q: FlowFilter): Promise<string> {
  const r = await flows(scope, q)
    .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
    .executeTakeFirstOrThrow()
  return r.total
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
    currency: string
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
  f: {
    flow_date?: string
    amount?: number | string
    note?: string | null
    investor_id?: number
    currency?: string
  },
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

/** The capital flows activities make (deposits, withdrawals, transfers), one per activity. */
export function insertActivityFlows(
  scope: TenantScope,
  flows: readonly {
    investor_id: number
    account_id: number
    activity_id: number
    flow_date: string
    amount: string
    currency: string
    note: string | null
  }[],
) {
  if (flows.length === 0) return Promise.resolve([])
  return scope.db
    .insertInto('capital_flow')
    .values(flows.map((f) => ({ ...f, tenant_id: scope.tenantId, kind: 'activity' as const })))
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'activity_id']).where('activity_id', 'is not', null).doNothing(),
    )
    .returning(FLOW)
    .execute()
}

/** The capital flow an activity made, if any. */
export function flowOfActivity(scope: TenantScope, activityId: number) {
  return scope.db
    .selectFrom('capital_flow')
    .select(FLOW)
    .where('tenant_id', '=', scope.tenantId)
    .where('activity_id', '=', activityId)
    .executeTakeFirst()
}
