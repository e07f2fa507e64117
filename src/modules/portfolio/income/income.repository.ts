/** SQL for income: the dividend, interest and tax activities of the accounts. */
import type { TenantScope } from '../../../platform/db/index.ts'

/** DIVIDEND, INTEREST and TAX activities of the accounts (all the tenant's without), from `from` on. */
export function incomeActivities(scope: TenantScope, q: { accountIds?: number[]; from?: string }) {
  let sel = scope.db
    .selectFrom('activity')
    .select(['account_id', 'type', 'activity_date', 'symbol', 'amount', 'fee', 'currency'])
    .where('tenant_id', '=', scope.tenantId)
    .where('type', 'in', ['DIVIDEND', 'INTEREST', 'TAX'])
  if (q.accountIds?.length) sel = sel.where('account_id', 'in', q.accountIds)
  if (q.from !== undefined) sel = sel.where('activity_date', '>=', q.from)
  return sel.orderBy('activity_date').orderBy('id').execute()
}
