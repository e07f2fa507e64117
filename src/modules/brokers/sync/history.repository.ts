/** SQL for the history a linked account's first sync read (broker_linked_account.history_from). */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'

/** The first day of the history the account's first sync read, or null before that sync. */
export async function historyFrom(scope: TenantScope, accountId: number): Promise<string | null> {
  const r = await scope.db
    .selectFrom('broker_linked_account')
    .select(sql<string | null>`min(history_from)::text`.as('from'))
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return r?.from ?? null
}

/** Records the first sync's history start (kept when already set). */
export async function setHistoryFrom(scope: TenantScope, accountId: number, date: string): Promise<void> {
  await scope.db
    .updateTable('broker_linked_account')
    .set({ history_from: date })
    .where('tenant_id', '=', scope.tenantId)
    .where('account_id', '=', accountId)
    .where('history_from', 'is', null)
    .execute()
}
