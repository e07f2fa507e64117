/**
 * What the performance series reads, in a few whole-history queries (never one per day): the
 * accounts in scope, their snapshot quantities, activities, broker-reported cash and capital
 * flows. Whole histories because a read-back before the first snapshot or balance needs the rows
 * after the range too.
 */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'

const inScope = (accountIds: number[] | undefined) => (accountIds?.length ? accountIds : null)

export function accounts(scope: TenantScope, accountIds?: number[]) {
  let q = scope.db
    .selectFrom('broker_account')
    .select(['id', 'broker_type', 'currency', 'archived_at'])
    .where('tenant_id', '=', scope.tenantId)
  const ids = inScope(accountIds)
  if (ids) q = q.where('id', 'in', ids)
  return q.orderBy('id').execute()
}

/** The date of each account's opening-balance flow (its earliest, should there be several). */
export function openingDates(scope: TenantScope, accountIds: number[]) {
  if (!accountIds.length) return Promise.resolve([])
  return scope.db
    .selectFrom('capital_flow')
    .select(['account_id', sql<string>`min(flow_date)::text`.as('date')])
    .where('tenant_id', '=', scope.tenantId)
    .where('kind', '=', 'opening_balance')
    .where('account_id', 'in', accountIds)
    .groupBy('account_id')
    .execute()
}

export function snapshots(scope: TenantScope, accountIds: number[]) {
  if (!accountIds.length) return Promise.resolve([])
  return scope.db
    .selectFrom('portfolio_snapshot')
    .select(['account_id', sql<string>`snapshot_date::text`.as('date'), 'symbol', 'quantity'])
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', 'in', accountIds)
    .orderBy('account_id')
    .orderBy('snapshot_date')
    .orderBy('symbol')
    .execute()
}

export function activities(scope: TenantScope, accountIds: number[]) {
  if (!accountIds.length) return Promise.resolve([])
  return scope.db
    .selectFrom('activity')
    .select([
      'account_id',
      sql<string>`activity_date::text`.as('date'),
      'type',
      'symbol',
      'quantity',
      'amount',
      'fee',
      'currency',
    ])
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', 'in', accountIds)
    .orderBy('account_id')
    .orderBy('activity_date')
    .orderBy('id')
    .execute()
}

export function cashBalances(scope: TenantScope, accountIds: number[]) {
  if (!accountIds.length) return Promise.resolve([])
  return scope.db
    .selectFrom('account_cash')
    .select(['account_id', sql<string>`as_of::text`.as('date'), 'currency', 'balance'])
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', 'in', accountIds)
    .orderBy('account_id')
    .orderBy('as_of')
    .execute()
}

/** Flows of the accounts in scope; with no account filter, every flow (those of no account too). */
export function flows(scope: TenantScope, accountIds?: number[]) {
  let q = scope.db
    .selectFrom('capital_flow')
    .select(['account_id', sql<string>`flow_date::text`.as('date'), 'currency', 'amount'])
    .where('tenant_id', '=', scope.tenantId)
  const ids = inScope(accountIds)
  if (ids) q = q.where('account_id', 'in', ids)
  return q.orderBy('flow_date').orderBy('id').execute()
}
