/** SQL for the broker sync log: one row per sync, readable by the tenant that owns it. */
import type { TenantScope } from '../../../platform/db/index.ts'
import type { PageRequest } from '../../../platform/http/pagination.ts'
import type { BrokerSyncLogTable, ConnectedBroker } from '../brokers.tables.ts'

export type SyncLogEntry = Omit<BrokerSyncLogTable, 'tenant_id' | 'id'>

export function insertSyncLog(scope: TenantScope, e: SyncLogEntry) {
  return scope.db
    .insertInto('broker_sync_log')
    .values({ tenant_id: scope.tenantId, ...e })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** Newest first; keyset on id (rows before the cursor's), else the page's offset; one extra row. */
export function listSyncLog(
  scope: TenantScope,
  q: { broker?: ConnectedBroker | undefined; page: PageRequest; beforeId: number | null },
) {
  let query = scope.db
    .selectFrom('broker_sync_log')
    .select([
      'id',
      'broker_type',
      'connection_id',
      'user_id',
      'sync_kind',
      'status',
      'positions',
      'transactions',
      'error',
      'started_at',
      'finished_at',
    ])
    .where('tenant_id', '=', scope.tenantId)
    .orderBy('id', 'desc')
    .limit(q.page.pageSize + 1)
  if (q.broker) query = query.where('broker_type', '=', q.broker)
  query = q.beforeId === null ? query.offset(q.page.offset) : query.where('id', '<', q.beforeId)
  return query.execute()
}
