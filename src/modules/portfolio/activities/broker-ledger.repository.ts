/** SQL a broker sync needs of the activity ledger and the capital flows beyond writing them. */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { ActivitySource } from '../portfolio.tables.ts'

/** The date of the account's latest activity from `source`, or null when it has none. */
export async function latestActivityDate(
  scope: TenantScope,
  accountId: number,
  source: ActivitySource,
): Promise<string | null> {
  const r = await scope.db
    .selectFrom('activity')
    .select(sql<string | null>`max(activity_date)::text`.as('latest'))
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .where('source', '=', source)
    .executeTakeFirst()
  return r?.latest ?? null
}

/** Whether the account has its opening-balance capital flow. */
export async function hasOpeningFlow(scope: TenantScope, accountId: number): Promise<boolean> {
  const r = await scope.db
    .selectFrom('capital_flow')
    .select('id')
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .where('kind', '=', 'opening_balance')
    .limit(1)
    .executeTakeFirst()
  return r !== undefined
}

export function insertOpeningFlow(
  scope: TenantScope,
  f: { investor_id: number; account_id: number; flow_date: string; amount: string; currency: string },
) {
  return scope.db
    .insertInto('capital_flow')
    .values({ ...f, tenant_id: scope.tenantId, kind: 'opening_balance', note: 'opening balance' })
    .returning(['id', 'flow_date', 'amount'])
    .executeTakeFirstOrThrow()
}
