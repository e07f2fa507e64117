/** SQL of the threshold preview; every query takes the tenant scope and filters by tenant_id. */
import type { TenantScope } from '../../../../platform/db/index.ts'

/**
 * Every agent order created since `from`, oldest first, with its agent's name (archived agents keep
 * theirs), whether its sender could execute (recorded by the gate; null on orders older than that)
 * and, for those older orders, the scopes of the agent's current credential (null: it has none).
 */
export const previewOrders = (s: TenantScope, from: Date) =>
  s.db
    .selectFrom('bot_order as o')
    .innerJoin('bot_agent as a', (j) =>
      j.onRef('a.tenant_id', '=', 'o.tenant_id').onRef('a.id', '=', 'o.agent_id'),
    )
    .leftJoin('bot_agent_credential as c', (j) =>
      j.onRef('c.tenant_id', '=', 'o.tenant_id').onRef('c.agent_id', '=', 'o.agent_id'),
    )
    .select([
      'o.id',
      'o.agent_id',
      'a.name as agent_name',
      'c.scopes as credential_scopes',
      'o.account_id',
      'o.client_order_id',
      'o.symbol',
      'o.side',
      'o.priced_notional',
      'o.status',
      'o.reject_reason',
      'o.via',
      'o.can_execute',
      'o.trading_day',
      'o.created_at',
    ])
    .where('o.tenant_id', '=', s.tenantId)
    .where('o.created_at', '>=', from)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .execute()

export type PreviewOrderRow = Awaited<ReturnType<typeof previewOrders>>[number]
