/** SQL for what is held now, per account: the latest snapshot rows, the accounts, their cash inputs. */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'

/** The tenant's accounts (or the given ones): id, name, currency, cost method and archive time. */
export function accountsOf(scope: TenantScope, accountIds?: number[]) {
  let q = scope.db
    .selectFrom('broker_account')
    .select(['id', 'name', 'currency', 'cost_method', 'archived_at'])
    .where('tenant_id', '=', scope.tenantId)
  if (accountIds?.length) q = q.where('id', 'in', accountIds)
  return q.orderBy('id').execute()
}

/**
 * Per account and symbol, the latest snapshot row (a holding recorded on an earlier day counts
 * until a later row replaces it; an exit is a flat row), the flat ones left out.
 */
export async function latestHoldingRows(scope: TenantScope, accountIds?: number[]) {
  let q = scope.db
    .selectFrom('portfolio_snapshot')
    .distinctOn(['account_id', 'symbol'])
    .select(['account_id', 'symbol', 'snapshot_date', 'quantity', 'price', 'market_value', 'cost_basis'])
    .where('tenant_id', '=', scope.tenantId)
  if (accountIds?.length) q = q.where('account_id', 'in', accountIds)
  const rows = await q.orderBy('account_id').orderBy('symbol').orderBy('snapshot_date', 'desc').execute()
  return rows.filter((r) => Number(r.quantity) !== 0)
}

/** The activities' fields their cash effect needs (effects.ts), of the accounts. */
export function cashActivities(scope: TenantScope, accountIds?: number[]) {
  let q = scope.db
    .selectFrom('activity')
    .select(['account_id', 'type', 'activity_date', 'symbol', 'quantity', 'amount', 'fee', 'currency'])
    .where('tenant_id', '=', scope.tenantId)
  if (accountIds?.length) q = q.where('account_id', 'in', accountIds)
  return q.execute()
}

/**
 * Per account and symbol, the first day of the current run of holding it: the earliest non-flat
 * snapshot row after its latest flat one (an exit). What the holding cost is read at that day's
 * exchange rate, to split its return into price and currency effects.
 */
export async function heldSince(scope: TenantScope, accountIds?: number[]) {
  const only = accountIds?.length ? sql`and p.account_id in (${sql.join(accountIds)})` : sql``
  const r = await sql<{ account_id: number; symbol: string; since: string }>`
    select p.account_id, p.symbol, min(p.snapshot_date)::text as since
      from portfolio_snapshot p
     where p.tenant_id = ${scope.tenantId} ${only} and p.quantity <> 0
       and p.snapshot_date > coalesce((select max(z.snapshot_date) from portfolio_snapshot z
                                        where z.tenant_id = p.tenant_id and z.account_id = p.account_id
                                          and z.symbol = p.symbol and z.quantity = 0), '0001-01-01')
     group by p.account_id, p.symbol`.execute(scope.db)
  return r.rows
}
