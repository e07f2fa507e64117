/** The caller's conversations: create, list, read (with messages), delete (audited), escalate. */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { NotFoundError } from '../../../platform/http/errors.ts'
import { resolvePage, toPage, type PageQueryInput } from '../../../platform/http/pagination.ts'
import { inProgress } from './answer-lease.service.ts'
import * as repo from './conversations.repository.ts'

export const DEFAULT_TITLE = 'New conversation'

/** Where the console's case form is, pre-filled from the conversation. */
export const ticketFormUrl = (conversationId: number) =>
  `/app/support/cases/new?conversation_id=${conversationId}`

export const conversationNotFound = () =>
  new NotFoundError('support.conversation_not_found', 'No such support conversation')

const iso = (d: Date) => d.toISOString()

export function conversationHead(c: repo.ConversationRow) {
  return {
    conversation_id: c.id,
    title: c.title,
    status: c.status,
    created_at: iso(c.created_at),
    updated_at: iso(c.updated_at),
  }
}

function messageView(
  m: repo.MessageRow,
  intent: repo.IntentRow | undefined,
  tools: { name: string }[],
  now: Date,
) {
  // An answer still streaming has no ending yet; its stored `interrupted` is only the crash record.
  const writing = inProgress(m, now)
  return {
    message_id: m.id,
    role: m.role,
    content: m.content,
    created_at: iso(m.created_at),
    intent: intent ? { label: intent.label, allowed: intent.allowed, reason: intent.reason } : null,
    sources: m.sources,
    filtered: m.filtered,
    finish: writing ? null : m.finish,
    in_progress: writing,
    tools,
  }
}

export class ConversationsService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock }) {}

  /** Runs `fn` on the caller's conversation in the caller's tenant; another's → 404. */
  async owned<T>(
    scope: RequestScope,
    id: number,
    fn: (s: TenantScope, c: repo.ConversationRow) => Promise<T>,
    lock = false,
  ): Promise<T> {
    return this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const c = await repo.findConversation(s, scope.userId, id, lock)
      if (!c) throw conversationNotFound()
      return fn(s, c)
    })
  }

  async create(scope: RequestScope, title: string | undefined) {
    const row = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      repo.insertConversation(s, scope.userId, title?.trim() || DEFAULT_TITLE, this.deps.clock.now()),
    )
    return {
      conversation_id: row.id,
      title: row.title,
      status: 'open' as const,
      created_at: iso(row.created_at),
    }
  }

  async list(scope: RequestScope, q: PageQueryInput) {
    const req = resolvePage(q, 25)
    const { rows, total } = await this.deps.scopes.withTenant(scope.tenantId, async (s) => ({
      rows: await repo.listConversations(s, scope.userId, req.offset, req.pageSize),
      total: await repo.countConversations(s, scope.userId),
    }))
    const view = (r: (typeof rows)[number]) => ({
      ...conversationHead(r),
      message_count: Number(r.message_count ?? 0),
    })
    return { ...toPage(rows, req, (r) => [r.id], view, total), next_cursor: null }
  }

  async get(scope: RequestScope, id: number) {
    return this.owned(scope, id, async (s, c) => {
      const messages = await repo.messagesOf(s, c.id)
      const now = this.deps.clock.now()
      const byMessage = new Map((await repo.intentsOf(s, c.id)).map((i) => [i.message_id, i]))
      const tools = new Map<number, { name: string }[]>()
      for (const call of await repo.toolNamesOf(s, c.id))
        tools.set(call.message_id, [...(tools.get(call.message_id) ?? []), { name: call.name }])
      return {
        ...conversationHead(c),
        escalation:
          c.status === 'escalated' && c.escalated_at
            ? {
                escalated_at: iso(c.escalated_at),
                reason: c.escalation_reason,
                ticket_form_url: ticketFormUrl(c.id),
              }
            : null,
        messages: messages.map((m) => messageView(m, byMessage.get(m.id), tools.get(m.id) ?? [], now)),
      }
    })
  }

  async delete(scope: RequestScope, id: number) {
    await this.owned(scope, id, (s, c) => repo.deleteConversation(s, scope.userId, c.id))
    return { conversation_id: id, deleted: true as const }
  }

  /** Hands the conversation over to a human: read-only from now on; the case form is the next step. */
  async escalate(scope: RequestScope, id: number, reason: string | undefined) {
    await this.owned(
      scope,
      id,
      (s, c) => repo.escalateConversation(s, c.id, reason?.trim() || null, this.deps.clock.now()),
      true,
    )
    return { conversation_id: id, status: 'escalated' as const, ticket_form_url: ticketFormUrl(id) }
  }
}
