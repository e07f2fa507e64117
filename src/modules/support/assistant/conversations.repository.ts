/** SQL for conversations, their messages, intent classifications and tool calls; scoped by tenant and user. */
import type { Selectable } from 'kysely'
import { insertAudit } from '../../../platform/audit-log.ts'
import type { TenantScope } from '../../../platform/db/index.ts'
import type {
  Finish,
  SupportConversationTable,
  SupportIntentTable,
  SupportMessageTable,
} from './assistant.tables.ts'
import { recordUsage } from './usage.repository.ts'

export type ConversationRow = Selectable<SupportConversationTable>
export type MessageRow = Selectable<SupportMessageTable>
export type IntentRow = Selectable<SupportIntentTable>

const mine = (s: TenantScope, userId: number) =>
  s.db.selectFrom('support_conversation').where('tenant_id', '=', s.tenantId).where('user_id', '=', userId)

export const insertConversation = (s: TenantScope, userId: number, title: string, now: Date) =>
  s.db
    .insertInto('support_conversation')
    .values({ tenant_id: s.tenantId, user_id: userId, title, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()

/** The user's conversation (another user's or tenant's: undefined). `lock` holds it for the turn. */
export function findConversation(s: TenantScope, userId: number, id: number, lock = false) {
  let q = mine(s, userId).selectAll().where('id', '=', id)
  if (lock) q = q.forUpdate()
  return q.executeTakeFirst()
}

/** A page of the user's conversations, newest activity first, with their message counts. */
export const listConversations = (s: TenantScope, userId: number, offset: number, pageSize: number) =>
  mine(s, userId)
    .selectAll('support_conversation')
    .select((eb) =>
      eb
        .selectFrom('support_message as m')
        .whereRef('m.tenant_id', '=', 'support_conversation.tenant_id')
        .whereRef('m.conversation_id', '=', 'support_conversation.id')
        .select((e) => e.fn.countAll<string>().as('n'))
        .as('message_count'),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(pageSize + 1)
    .execute()

export async function countConversations(s: TenantScope, userId: number): Promise<number> {
  const row = await mine(s, userId)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export const messagesOf = (s: TenantScope, conversationId: number) =>
  s.db
    .selectFrom('support_message')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('conversation_id', '=', conversationId)
    .orderBy('id')
    .execute()

export const intentsOf = (s: TenantScope, conversationId: number) =>
  s.db
    .selectFrom('support_intent')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('conversation_id', '=', conversationId)
    .execute()

/** The names of the tools each assistant turn called, in the order called. */
export const toolNamesOf = (s: TenantScope, conversationId: number) =>
  s.db
    .selectFrom('support_tool_call')
    .select(['message_id', 'name'])
    .where('tenant_id', '=', s.tenantId)
    .where('conversation_id', '=', conversationId)
    .orderBy('id')
    .execute()

export async function touchConversation(s: TenantScope, id: number, now: Date): Promise<void> {
  await s.db
    .updateTable('support_conversation')
    .set({ updated_at: now })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .execute()
}

export async function escalateConversation(s: TenantScope, id: number, reason: string | null, now: Date) {
  await s.db
    .updateTable('support_conversation')
    .set({ status: 'escalated', escalated_at: now, escalation_reason: reason, updated_at: now })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute()
}

/** Deletes the conversation (its children cascade) and records it in the audit log, in one transaction. */
export async function deleteConversation(s: TenantScope, userId: number, id: number): Promise<number> {
  const { n } = await s.db
    .selectFrom('support_message')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', s.tenantId)
    .where('conversation_id', '=', id)
    .executeTakeFirstOrThrow()
  await s.db
    .deleteFrom('support_conversation')
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute()
  await insertAudit(s.db, {
    tenantId: s.tenantId,
    userId,
    event: 'support.conversation_deleted',
    detail: { conversation_id: id, messages: Number(n) },
  })
  return Number(n)
}

export interface NewMessage {
  conversation_id: number
  user_id: number
  role: 'user' | 'assistant'
  content: string
  finish?: Finish | null
  /** An answer about to stream: until when its lease runs (answer-lease.service.ts). */
  lease_expires_at?: Date | null
}

export const insertMessage = (s: TenantScope, m: NewMessage, now: Date) =>
  s.db
    .insertInto('support_message')
    .values({ ...m, tenant_id: s.tenantId, created_at: now })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow()

export async function insertIntent(
  s: TenantScope,
  i: {
    message_id: number
    conversation_id: number
    label: string
    allowed: boolean
    reason: string
    rule: string
  },
  now: Date,
): Promise<void> {
  await s.db
    .insertInto('support_intent')
    .values({ ...i, tenant_id: s.tenantId, created_at: now })
    .execute()
}

export interface FinishedTurn {
  content: string
  finish: Finish
  filtered: boolean
  sources: { title: string; slug: string }[]
  model: string | null
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null
}

export async function finishAssistantMessage(s: TenantScope, id: number, t: FinishedTurn): Promise<void> {
  await s.db
    .updateTable('support_message')
    .set({
      content: t.content,
      finish: t.finish,
      filtered: t.filtered,
      sources: JSON.stringify(t.sources),
      model: t.model,
      usage: JSON.stringify(t.usage),
      total_tokens: t.usage?.total_tokens ?? 0,
      // Finished, however it ended: no longer being written.
      lease_expires_at: null,
    })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .execute()
}

/** Moves a streaming answer's lease to `until`; a stored answer (its lease cleared) is left alone. */
export async function renewLease(s: TenantScope, id: number, until: Date): Promise<void> {
  await s.db
    .updateTable('support_message')
    .set({ lease_expires_at: until })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .where('lease_expires_at', 'is not', null)
    .execute()
}

export async function insertToolCalls(
  s: TenantScope,
  messageId: number,
  conversationId: number,
  calls: { id: string; name: string; arguments: string; result: string }[],
  now: Date,
): Promise<void> {
  if (!calls.length) return
  await s.db
    .insertInto('support_tool_call')
    .values(
      calls.map((c) => ({
        tenant_id: s.tenantId,
        message_id: messageId,
        conversation_id: conversationId,
        call_id: c.id,
        name: c.name,
        arguments: c.arguments,
        result: c.result,
        created_at: now,
      })),
    )
    .execute()
}

/** A user turn with its classification; the conversation's activity time moves to `now`. */
export async function insertUserTurn(
  s: TenantScope,
  t: {
    conversationId: number
    userId: number
    content: string
    intent: { label: string; allowed: boolean; reason: string; rule: string }
  },
  now: Date,
) {
  const user = await insertMessage(
    s,
    { conversation_id: t.conversationId, user_id: t.userId, role: 'user', content: t.content },
    now,
  )
  const { label, allowed, reason, rule } = t.intent
  await insertIntent(
    s,
    { message_id: user.id, conversation_id: t.conversationId, label, allowed, reason, rule },
    now,
  )
  await touchConversation(s, t.conversationId, now)
  await recordUsage(s, { userId: t.userId, kind: 'message' }, now)
  return user
}
