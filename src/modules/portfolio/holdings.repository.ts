/** What the tenant holds now: each account's latest snapshot, summed per symbol (for other modules). */
import { sql } from 'kysely'
import type { TenantScope } from '../../platform/db/tenant-scope.ts'

/**
 * Per symbol, across the tenant's accounts (or one), the rows of each account's latest snapshot date
 * (on or before `asOf` when given) that are not flat: quantity and market value summed, largest
 * market value first (absolute value, so a large short ranks as large), then symbol; at most
 * `limit` of them when given.
 */
export function latestHoldings(scope: TenantScope, accountId?: number, limit?: number, asOf?: string) {
  let latest = scope.db
    .selectFrom('portfolio_snapshot')
    .select(['account_id', (e) => e.fn.max('snapshot_date').as('snapshot_date')])
    .where('tenant_id', '=', scope.tenantId)
    .groupBy('account_id')
  if (accountId !== undefined) latest = latest.where('account_id', '=', accountId)
  if (asOf !== undefined) latest = latest.where('snapshot_date', '<=', asOf)
  const q = scope.db
    .selectFrom('portfolio_snapshot as s')
    .innerJoin(latest.as('l'), (j) =>
      j.onRef('l.account_id', '=', 's.account_id').onRef('l.snapshot_date', '=', 's.snapshot_date'),
    )
    .select([
      's.symbol',
      sql<string>`sum(s.quantity)`.as('quantity'),
      sql<string>`sum(s.market_value)`.as('market_value'),
    ])
    .where('s.tenant_id', '=', scope.tenantId)
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
