/** SQL for the exports: the realized trades sold in a year, with their account. */
import type { TenantScope } from '../../../platform/db/index.ts'

/** Live trades sold from `from` to `to` (inclusive) of the accounts (all without), oldest sale first. */
export function realizedInYear(scope: TenantScope, q: { accountIds?: number[]; from: string; to: string }) {
  let sel = scope.db
    .selectFrom('realized_trade as t')
    .innerJoin('broker_account as a', (j) =>
      j.onRef('a.tenant_id', '=', 't.tenant_id').onRef('a.id', '=', 't.account_id'),
    )
    .select([
      't.id',
      't.account_id',
      'a.name as account_name',
      'a.cost_method',
      'a.currency',
      'a.archived_at',
      't.symbol',
      't.quantity',
      't.date_acquired',
      't.date_sold',
      't.sold_on',
      't.proceeds',
      't.cost_basis',
      't.fees',
      't.gain_loss',
      't.term',
    ])
    .where('t.tenant_id', '=', scope.tenantId)
    .where('t.deleted_at', 'is', null)
    .where('t.sold_on', '>=', q.from)
    .where('t.sold_on', '<=', q.to)
  if (q.accountIds?.length) sel = sel.where('t.account_id', 'in', q.accountIds)
  return sel.orderBy('t.sold_on').orderBy('t.id').execute()
}
