/** Learning progress rows: first view per concept, first answer per question, both per user. */
import type { TenantScope } from '../../../platform/db/index.ts'

/** Records the first view; a repeated view changes nothing. */
export async function recordView(s: TenantScope, userId: number, conceptId: string, at: Date): Promise<void> {
  await s.db
    .insertInto('learn_view')
    .values({ tenant_id: s.tenantId, user_id: userId, concept_id: conceptId, viewed_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'concept_id']).doNothing())
    .execute()
}

export interface AnswerValues {
  question_id: string
  concept_id: string
  layer: string
  answer: string
  correct: boolean
  answered_at: Date
}

/** True when this was the user's first answer to the question (the one that counts). */
export async function recordAnswer(s: TenantScope, userId: number, v: AnswerValues): Promise<boolean> {
  const row = await s.db
    .insertInto('learn_answer')
    .values({ ...v, tenant_id: s.tenantId, user_id: userId })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'question_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

export function views(s: TenantScope, userId: number) {
  return s.db
    .selectFrom('learn_view')
    .select(['concept_id', 'viewed_at'])
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .execute()
}

export function answers(s: TenantScope, userId: number) {
  return s.db
    .selectFrom('learn_answer')
    .select(['question_id', 'concept_id', 'correct', 'answered_at'])
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .execute()
}
