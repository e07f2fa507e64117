/** The caller's open positions, read for the earnings of the symbols they hold. */
import type { TenantScope } from '../../platform/db/tenant-scope.ts'

/** Distinct symbols whose latest live manual position (per account) has a non-zero quantity. */
export async function openSymbols(scope: TenantScope): Promise<string[]> {
  const latest = await scope.db
    .selectFrom('manual_position')
    .distinctOn(['account_id', 'symbol'])
    .select(['symbol', 'quantity'])
    .where('tenant_id', '=', scope.tenantId)
    .where('deleted_at', 'is', null)
    .orderBy('account_id')
    .orderBy('symbol')
    .orderBy('as_of', 'desc')
    .orderBy('id', 'desc')
    .execute()
  const open = latest.filter((p) => Number(p.quantity) !== 0).map((p) => p.symbol.toUpperCase())
  return [...new Set(open)].sort()
}
