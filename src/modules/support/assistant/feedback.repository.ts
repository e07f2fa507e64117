/** SQL for feedback, training candidates and disclosure acceptances; every query takes the tenant scope. */
import type { Selectable } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { CandidateStatus, SupportTrainingCandidateTable } from './assistant.tables.ts'

export type CandidateRow = Selectable<SupportTrainingCandidateTable>

export interface NewFeedback {
  conversation_id: number
  message_id: number | null
  user_id: number
  helpful: boolean | null
  rating: number | null
  comment: string | null
}

export const insertFeedback = (s: TenantScope, f: NewFeedback, now: Date) =>
  s.db
    .insertInto('support_feedback')
    .values({ ...f, tenant_id: s.tenantId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()

/** The conversation's assistant turn `messageId` (or its latest one), with the user turn before it. */
export async function exchange(s: TenantScope, conversationId: number, messageId: number | null) {
  let q = s.db
    .selectFrom('support_message')
    .select(['id', 'content', 'lease_expires_at'])
    .where('tenant_id', '=', s.tenantId)
    .where('conversation_id', '=', conversationId)
    .where('role', '=', 'assistant')
  q = messageId === null ? q.orderBy('id', 'desc') : q.where('id', '=', messageId)
  const answer = await q.limit(1).executeTakeFirst()
  if (!answer) return undefined
  const question = await s.db
    .selectFrom('support_message')
    .select(['content'])
    .where('tenant_id', '=', s.tenantId)
    .where('conversation_id', '=', conversationId)
    .where('role', '=', 'user')
    .where('id', '<', answer.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return { answer, question: question?.content ?? null }
}

export interface NewCandidate {
  conversation_id: number
  feedback_id: number
  helpful: boolean | null
  rating: number | null
  comment: string | null
  question: string | null
  answer: string | null
  pii_found: { kind: string; count: number }[]
}

export const insertCandidate = (s: TenantScope, c: NewCandidate, now: Date) =>
  s.db
    .insertInto('support_training_candidate')
    .values({
      ...c,
      tenant_id: s.tenantId,
      candidate_type: 'negative_feedback',
      pii_found: JSON.stringify(c.pii_found),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()

export function listCandidates(s: TenantScope, status: CandidateStatus | undefined, limit: number) {
  let q = s.db.selectFrom('support_training_candidate').selectAll().where('tenant_id', '=', s.tenantId)
  if (status) q = q.where('status', '=', status)
  return q.orderBy('id', 'desc').limit(limit).execute()
}

export const findCandidate = (s: TenantScope, id: number) =>
  s.db
    .selectFrom('support_training_candidate')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()

export const reviewCandidate = (
  s: TenantScope,
  id: number,
  r: { status: CandidateStatus; reviewer_id: number; review_note: string | null },
  now: Date,
) =>
  s.db
    .updateTable('support_training_candidate')
    .set({ ...r, reviewed_at: now })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()

/** Records the acceptance, moving `accepted_at` forward when the version was accepted before. */
export const upsertAcceptance = (s: TenantScope, userId: number, version: string, now: Date) =>
  s.db
    .insertInto('support_disclosure_acceptance')
    .values({ tenant_id: s.tenantId, user_id: userId, version, accepted_at: now })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id', 'version']).doUpdateSet((eb) => ({
        accepted_at: eb.fn('greatest', [
          eb.ref('support_disclosure_acceptance.accepted_at'),
          eb.ref('excluded.accepted_at'),
        ]),
      })),
    )
    .returning(['version', 'accepted_at'])
    .executeTakeFirstOrThrow()

export const latestAcceptance = (s: TenantScope, userId: number) =>
  s.db
    .selectFrom('support_disclosure_acceptance')
    .select(['version', 'accepted_at'])
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .orderBy('accepted_at', 'desc')
    .limit(1)
    .executeTakeFirst()
