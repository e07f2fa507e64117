/** What the tenant holds now: each account's latest snapshot, summed per symbol (for other modules). */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import { countsOnSql } from '../lib/archive.ts'

/**
 * Per symbol, across the tenant's accounts (or one), each holding's latest snapshot row (on or before
 * `asOf` when given), carried forward as the analytics carry it (ADR 0008): a holding recorded on an
 * earlier day still counts until a later row of the same account and symbol replaces it, and an exit
 * is a flat row (broker syncs write one). Rows not flat are summed — quantity, market value, cost
 * basis — largest market value first (absolute value, so a large short ranks as large), then symbol;
 * at most `limit` of them when given. Archived accounts are left out (`countsOn`): now, every one;
 * at `asOf`, those archived on or before that New York date.
 */
export function latestHoldings(scope: TenantScope, accountId?: number, limit?: number, asOf?: string) {
  let latest = scope.db
    .selectFrom('portfolio_snapshot as p')
    .innerJoin('broker_account as a', (j) =>
      j.onRef('a.tenant_id', '=', 'p.tenant_id').onRef('a.id', '=', 'p.account_id'),
    )
    .distinctOn(['p.account_id', 'p.symbol'])
    .select(['p.account_id', 'p.symbol', 'p.quantity', 'p.market_value', 'p.cost_basis'])
    .where('p.tenant_id', '=', scope.tenantId)
    .where(countsOnSql('a.archived_at', asOf))
    .orderBy('p.account_id')
    .orderBy('p.symbol')
    .orderBy('p.snapshot_date', 'desc')
  if (accountId !== undefined) latest = latest.where('p.account_id', '=', accountId)
  if (asOf !== undefined) latest = latest.where('p.snapshot_date', '<=', asOf)
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

/** Tenants that have held something (a snapshot row not flat) in an account not archived, for scheduled jobs (a system scope). */
export async function tenantsWithHoldings(scope: { db: TenantScope['db'] }): Promise<number[]> {
  const rows = await scope.db
    .selectFrom('portfolio_snapshot as p')
    .innerJoin('broker_account as a', (j) =>
      j.onRef('a.tenant_id', '=', 'p.tenant_id').onRef('a.id', '=', 'p.account_id'),
    )
    .select('p.tenant_id')
    .distinct()
    .where('p.quantity', '!=', '0')
    .where(countsOnSql('a.archived_at'))
    .orderBy('p.tenant_id')
    .execute()
  return rows.map((r) => r.tenant_id)
}
