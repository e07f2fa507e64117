/** The tenant's broker sync log, newest first, paged like every list (page, page_size, cursor). */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { afterKey, resolvePage, toPage, type PageQueryInput } from '../../../platform/http/pagination.ts'
import type { ConnectedBroker } from '../brokers.tables.ts'
import { listSyncLog } from './sync-log.repository.ts'

export class SyncLogService {
  constructor(private readonly deps: { scopes: Scopes }) {}

  async list(scope: RequestScope, q: PageQueryInput & { broker_type?: ConnectedBroker }) {
    const page = resolvePage(q)
    const before = afterKey<[number]>(page, ['int'])
    const rows = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      listSyncLog(s, { broker: q.broker_type, page, beforeId: before?.[0] ?? null }),
    )
    return toPage(
      rows,
      page,
      (r) => [r.id],
      (r) => ({
        id: r.id,
        broker_type: r.broker_type,
        sync_kind: r.sync_kind,
        status: r.status,
        positions: r.positions,
        transactions: r.transactions,
        error: r.error,
        user_id: r.user_id,
        started_at: r.started_at.toISOString(),
        finished_at: r.finished_at.toISOString(),
      }),
    )
  }
}
