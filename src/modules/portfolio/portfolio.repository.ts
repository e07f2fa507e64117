/** SQL the portfolio's sub-domains share: the soft delete of manual holdings and closed trades. */
import { sql } from 'kysely'
import type { TenantScope } from '../../platform/db/index.ts'

/** The tables whose rows are soft-deleted (`deleted_at` set), never removed by a user's delete. */
export type SoftDeleted = 'manual_position' | 'realized_trade'

/** Marks the tenant's live row `id` of `table` deleted; false when there was nothing live. */
export async function softDelete(scope: TenantScope, table: SoftDeleted, id: number): Promise<boolean> {
  const r = await scope.db
    .updateTable(table)
    .set({ deleted_at: sql<Date>`now()` })
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}
