/** SQL for what is held now, per account: the latest snapshot rows, the accounts, their cash inputs. */
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

/** Broker-reported cash balances of the accounts, per day and currency. */
export function cashAnchors(scope: TenantScope, accountIds?: number[]) {
  let q = scope.db
    .selectFrom('account_cash')
    .select(['account_id', 'as_of', 'currency', 'balance'])
    .where('tenant_id', '=', scope.tenantId)
  if (accountIds?.length) q = q.where('account_id', 'in', accountIds)
  return q.execute()
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
