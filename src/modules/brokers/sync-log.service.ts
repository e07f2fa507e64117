/** The tenant's broker sync log, newest first, paged by a cursor on the row id. */
import type { RequestScope } from '../../platform/auth/scope.ts'
import type { Scopes } from '../../platform/db/tenant-scope.ts'
import { badCursor } from '../../platform/http/pagination.ts'
import type { ConnectedBroker } from './brokers.tables.ts'
import { decodeCursor, encodeCursor } from './lib/cursor.ts'
import { listSyncLog } from './sync-log.repository.ts'

export class SyncLogService {
  constructor(private readonly deps: { scopes: Scopes }) {}

  async list(scope: RequestScope, q: { broker_type?: ConnectedBroker; limit?: number; cursor?: string }) {
    const filters = { b: q.broker_type ?? '' }
    const beforeId = q.cursor === undefined ? null : Number(decodeCursor(q.cursor, filters))
    if (beforeId !== null && !Number.isSafeInteger(beforeId)) throw badCursor()
    const limit = q.limit ?? 25
    const rows = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      listSyncLog(s, { broker: q.broker_type, limit: limit + 1, beforeId }),
    )
    const page = rows.slice(0, limit)
    return {
      items: page.map((r) => ({
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
      })),
      next_cursor: rows.length > limit ? encodeCursor(String(page.at(-1)!.id), filters) : null,
    }
  }
}
