/** The caller's in-app inbox: pages newest first, unread count, mark one or all read. */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { NotFoundError } from '../../../platform/http/errors.ts'
import { resolvePage, toPage } from '../../../platform/http/pagination.ts'
import { countItems, listItems, markAllRead, markRead, type InAppRow } from './in-app.repository.ts'
import type { InAppItemOut, InAppQueryInput } from './in-app.schemas.ts'

export class InAppService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock }) {}

  async list(scope: RequestScope, q: InAppQueryInput) {
    const req = resolvePage(q, 25)
    const unreadOnly = q.unread === true
    const { rows, total, unread } = await this.deps.scopes.withTenant(scope.tenantId, async (s) => ({
      rows: await listItems(s, scope.userId, unreadOnly, req.offset, req.pageSize),
      total: await countItems(s, scope.userId, unreadOnly),
      unread: await countItems(s, scope.userId, true),
    }))
    const page = toPage(rows, req, (r) => [r.id], itemView, total)
    // Offset pages: the next page is asked for by number, so no cursor is handed out.
    return { ...page, next_cursor: null, unread }
  }

  async unreadCount(scope: RequestScope): Promise<{ unread: number }> {
    return {
      unread: await this.deps.scopes.withTenant(scope.tenantId, (s) => countItems(s, scope.userId, true)),
    }
  }

  /** Marks it read (the first read time stays); another user's → 404. */
  async read(scope: RequestScope, id: number): Promise<InAppItemOut> {
    const row = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      markRead(s, scope.userId, id, this.deps.clock.now()),
    )
    if (!row) throw new NotFoundError('alerts.in_app_item_not_found', 'No such in-app item')
    return itemView(row)
  }

  async readAll(scope: RequestScope): Promise<{ updated: number }> {
    return {
      updated: await this.deps.scopes.withTenant(scope.tenantId, (s) =>
        markAllRead(s, scope.userId, this.deps.clock.now()),
      ),
    }
  }
}

function itemView(r: InAppRow): InAppItemOut {
  return {
    item_id: r.id,
    notification_id: r.notification_id,
    title: r.title,
    body: r.body,
    url: r.url,
    data: r.data,
    read: r.read_at !== null,
    read_at: r.read_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
  }
}
