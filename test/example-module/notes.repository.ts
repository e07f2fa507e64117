/** SQL for notes: every query takes the tenant scope first and filters by tenant_id (RLS backs it). */
import type { TenantScope } from '../../src/platform/db/index.ts'

export const insertNote = (s: TenantScope, text: string) =>
  s.db
    .insertInto('note')
    .values({ tenant_id: s.tenantId, text })
    .returning(['id', 'text'])
    .executeTakeFirstOrThrow()

export const findNote = (s: TenantScope, id: number) =>
  s.db
    .selectFrom('note')
    .select(['id', 'text'])
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
