/** SQL for `support_case` and `support_case_comment`; every query takes the tenant scope. */
import type { Selectable } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { CaseStatus } from './lib/transitions.ts'
import type { CaseCategory, SupportCaseCommentTable, SupportCaseTable } from './cases.tables.ts'

export type CaseRow = Selectable<SupportCaseTable>
export type CommentRow = Selectable<SupportCaseCommentTable>
export type CaseListRow = CaseRow & { comment_count: number; internal_count: number }

export interface NewCase {
  user_id: number
  subject: string
  body: string
  category: CaseCategory
  conversation_id: number | null
}

/** Filters of a case list: the owner (customers), a status, a category. */
export interface CaseFilter {
  userId?: number
  status?: CaseStatus
  category?: CaseCategory
}

export const insertCase = (s: TenantScope, c: NewCase, now: Date) =>
  s.db
    .insertInto('support_case')
    .values({ ...c, tenant_id: s.tenantId, status: 'open', created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()

/** The case, locked for the rest of the transaction (comments and status changes serialise). */
export const lockCase = (s: TenantScope, id: number, userId?: number) => {
  let q = s.db.selectFrom('support_case').selectAll().where('tenant_id', '=', s.tenantId).where('id', '=', id)
  if (userId !== undefined) q = q.where('user_id', '=', userId)
  return q.forUpdate().executeTakeFirst()
}

export const findCase = (s: TenantScope, id: number, userId?: number) => {
  let q = s.db.selectFrom('support_case').selectAll().where('tenant_id', '=', s.tenantId).where('id', '=', id)
  if (userId !== undefined) q = q.where('user_id', '=', userId)
  return q.executeTakeFirst()
}

export const setStatus = (s: TenantScope, id: number, status: CaseStatus, now: Date) =>
  s.db
    .updateTable('support_case')
    .set({ status, updated_at: now })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()

export const insertComment = (
  s: TenantScope,
  c: Omit<SupportCaseCommentTable, 'tenant_id' | 'id' | 'created_at'>,
  now: Date,
) =>
  s.db
    .insertInto('support_case_comment')
    .values({ ...c, tenant_id: s.tenantId, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()

/** The case's comments in order; `publicOnly` leaves internal notes out (what customers read). */
export const listComments = (s: TenantScope, caseId: number, publicOnly: boolean) => {
  let q = s.db
    .selectFrom('support_case_comment')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('case_id', '=', caseId)
  if (publicOnly) q = q.where('public', '=', true)
  return q.orderBy('created_at').orderBy('id').execute()
}

const filtered = (s: TenantScope, f: CaseFilter) => {
  let q = s.db.selectFrom('support_case as c').where('c.tenant_id', '=', s.tenantId)
  if (f.userId !== undefined) q = q.where('c.user_id', '=', f.userId)
  if (f.status) q = q.where('c.status', '=', f.status)
  if (f.category) q = q.where('c.category', '=', f.category)
  return q
}

/** A page of cases, most recently updated first, with public and internal comment counts. */
export async function listCases(
  s: TenantScope,
  f: CaseFilter,
  offset: number,
  pageSize: number,
): Promise<CaseListRow[]> {
  const rows = await filtered(s, f)
    .selectAll('c')
    .select((eb) => [
      eb
        .selectFrom('support_case_comment as m')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('m.tenant_id', '=', 'c.tenant_id')
        .whereRef('m.case_id', '=', 'c.id')
        .where('m.public', '=', true)
        .as('comment_count'),
      eb
        .selectFrom('support_case_comment as m')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('m.tenant_id', '=', 'c.tenant_id')
        .whereRef('m.case_id', '=', 'c.id')
        .where('m.public', '=', false)
        .as('internal_count'),
    ])
    .orderBy('c.updated_at', 'desc')
    .orderBy('c.id', 'desc')
    .offset(offset)
    .limit(pageSize + 1)
    .execute()
  return rows.map((r) => ({
    ...r,
    comment_count: Number(r.comment_count ?? 0),
    internal_count: Number(r.internal_count ?? 0),
  }))
}

export async function countCases(s: TenantScope, f: CaseFilter): Promise<number> {
  const row = await filtered(s, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
