/** What the tenant holds now: each account's latest snapshot, summed per symbol (for other modules). */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'

/**
 * Per symbol, across the tenant's accounts (or one), each holding's latest snapshot row (on or before
 * `asOf` when given), carried forward as the analytics carry it (ADR 0008): a holding recorded on an
 * earlier day still counts until a later row of the same account and symbol replaces it, and an exit
 * is a flat row (broker syncs write one). Rows not flat are summed — quantity, market value, cost
 * basis — largest market value first (absolute value, so a large short ranks as large), then symbol;
 * at most `limit` of them when given.
 */
export function latestHoldings(scope: TenantScope, accountId?: number, limit?: number, asOf?: string) {
  let latest = scope.db
    .selectFrom('portfolio_snapshot')
    .distinctOn(['account_id', 'symbol'])
    .select(['account_id', 'symbol', 'quantity', 'market_value', 'cost_basis'])
    .where('tenant_id', '=', scope.tenantId)
    .orderBy('account_id')
    .orderBy('symbol')
    .orderBy('snapshot_date', 'desc')
  if (accountId !== undefined) latest = latest.where('account_id', '=', accountId)
  if (asOf !== undefined) latest = latest.where('snapshot_date', '<=', asOf)
  const q = scope.db
    .selectFrom(latest.as('s'))
    .select([
      's.symbol',
      sql<string>`sum(s.quantity)`.as('quantity'),
      sql<string>`sum(s.market_value)`.as('market_value'),
      sql<string>`sum(s.cost_basis)`.as('cost_basis'),
    ])
    .where('s.quantity', '!=', '0')
    .groupBy('s.symbol')
    .orderBy(sql`abs(sum(s.market_value))`, 'desc')
    .orderBy('s.symbol')
  return (limit === undefined ? q : q.limit(limit)).execute()
}

/** Tenants that have held something (a snapshot row not flat), for scheduled jobs (a system scope). */
export async function tenantsWithHoldings(scope: { db: TenantScope['db'] }): Promise<number[]> {
  const rows = await scope.db
    .selectFrom('portfolio_snapshot')
    .select('tenant_id')
    .distinct()
    .where('quantity', '!=', '0')
    .orderBy('tenant_id')
    .execute()
  return rows.map((r) => r.tenant_id)
}
