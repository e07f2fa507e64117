/** Row types of the support-case tables (migration 0047), merged into `Database`. */
import type { Generated } from 'kysely'
import { type CreatedAt, ownedTables, type UpdatedAt } from '../../../platform/db/index.ts'
import type { CaseStatus } from './lib/transitions.ts'

export const CASE_CATEGORIES = ['account', 'billing', 'brokers', 'data', 'bug', 'other'] as const
export type CaseCategory = (typeof CASE_CATEGORIES)[number]

/** Tenant (0047): one human support case a user opened. */
export interface SupportCaseTable {
  tenant_id: number
  id: Generated<number>
  /** The customer who opened it (the only non-admin who may read it). */
  user_id: number
  subject: string
  body: string
  category: CaseCategory
  status: CaseStatus
  /** The assistant conversation the case was escalated from, as a plain reference (not checked). */
  conversation_id: number | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

/** Tenant (0047): a comment on a case; `public` false is an internal note the customer never sees. */
export interface SupportCaseCommentTable {
  tenant_id: number
  id: Generated<number>
  case_id: number
  /** Who wrote it: the customer or a support agent (an administrator). */
  author_user_id: number
  author_kind: 'customer' | 'support'
  public: boolean
  body: string
  created_at: CreatedAt
}

export interface SupportCasesTables {
  support_case: SupportCaseTable
  support_case_comment: SupportCaseCommentTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends SupportCasesTables {}
}

export const SUPPORT_CASES_TABLES = ownedTables<SupportCasesTables>({
  support_case: true,
  support_case_comment: true,
})
