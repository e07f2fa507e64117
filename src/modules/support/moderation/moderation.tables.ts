/** Row types of the moderation tables (migration 0048), merged into `Database`. */
import type { ColumnType, Generated } from 'kysely'
import { type CreatedAt, ownedTables } from '../../../platform/db/index.ts'
import type { Category, Reason } from './lib/verdict.ts'

type Json<T> = ColumnType<T, string, string>

export const APPEAL_STATUSES = ['open', 'upheld', 'reversed'] as const
export type AppealStatus = (typeof APPEAL_STATUSES)[number]

/** Tenant (0048): a sanction against a user's content, with the reasons stated to them. */
export interface ModerationActionTable {
  tenant_id: number
  id: Generated<number>
  /** The user whose content it is (the guard's caller). */
  user_id: number
  kind: 'content_blocked'
  /** `reversed` after an appeal succeeded. */
  status: 'active' | 'reversed'
  categories: Json<Category[]>
  reasons: Json<Reason[]>
  scores: Json<Record<string, number>>
  /** `rules`, and `openai` when the classifier answered. */
  sources: Json<('rules' | 'openai')[]>
  /** Where the content was going (a surface name) and what it referred to, as the caller said. */
  surface: string | null
  reference: string | null
  automated: boolean
  appealable_until: Date
  reversed_at: Date | null
  created_at: CreatedAt
}

/** Tenant (0048): the one appeal an action may have, decided by a person with a stated reason. */
export interface ModerationAppealTable {
  tenant_id: number
  id: Generated<number>
  action_id: number
  user_id: number
  status: AppealStatus
  reason: string
  decide_by: Date
  reviewer_user_id: number | null
  reviewer_reason: string | null
  decided_at: Date | null
  created_at: CreatedAt
}

export interface ModerationTables {
  moderation_action: ModerationActionTable
  moderation_appeal: ModerationAppealTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends ModerationTables {}
}

export const MODERATION_TABLES = ownedTables<ModerationTables>({
  moderation_action: true,
  moderation_appeal: true,
})
