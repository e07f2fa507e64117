/** The tenant's committee configuration row (at most one per tenant). */
import type { TenantScope } from '../../../platform/db/index.ts'

export function findConfig(s: TenantScope) {
  return s.db
    .selectFrom('committee_config')
    .select(['config', 'updated_at'])
    .where('tenant_id', '=', s.tenantId)
    .executeTakeFirst()
}

export async function saveConfig(s: TenantScope, config: Record<string, unknown>, at: Date): Promise<void> {
  await s.db
    .insertInto('committee_config')
    .values({ tenant_id: s.tenantId, config: JSON.stringify(config), updated_at: at })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({ config: JSON.stringify(config), updated_at: at }),
    )
    .execute()
}
