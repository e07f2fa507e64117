/** Row types of the support assistant's tables (migrations 0046, 0053), merged into `Database`. */
import type { ColumnType, Generated } from 'kysely'
import { type CreatedAt, ownedTables, type UpdatedAt } from '../../../platform/db/index.ts'

export const CONVERSATION_STATUSES = ['open', 'escalated'] as const
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number]
export const FINISHES = ['stop', 'length', 'interrupted', 'error'] as const
export type Finish = (typeof FINISHES)[number]
export const CANDIDATE_STATUSES = ['queued', 'approved', 'rejected'] as const
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number]

type Json<T> = ColumnType<T, string | T, string | T>

/** Tenant (0046): one user's conversation with the assistant; escalated ones are read-only. */
export interface SupportConversationTable {
  tenant_id: number
  id: Generated<number>
  user_id: number
  title: string
  status: ColumnType<ConversationStatus, ConversationStatus | undefined, ConversationStatus>
  escalated_at: Date | null
  escalation_reason: string | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

/** Tenant (0046): a turn; assistant turns carry how they ended, their sources, model and usage. */
export interface SupportMessageTable {
  tenant_id: number
  id: Generated<number>
  conversation_id: number
  /** The conversation's owner (for the per-user rate limit). */
  user_id: number
  role: 'user' | 'assistant'
  /** For assistant turns: exactly the text the client was sent (the output filter's result). */
  content: string
  finish: Finish | null
  filtered: ColumnType<boolean, boolean | undefined, boolean>
  sources: ColumnType<{ title: string; slug: string }[], string | undefined, string>
  model: ColumnType<string | null, string | null | undefined, string | null>
  usage: ColumnType<
    { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null,
    string | undefined,
    string
  >
  total_tokens: ColumnType<number, number | undefined, number>
  /**
   * (0053) While an answer streams: until when the streaming process holds it. Renewed as the
   * answer goes on, cleared when it ends; a lapsed lease means the answer was cut off.
   */
  lease_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  created_at: CreatedAt
}

/** Tenant (0046): the classifier's verdict on one user turn. */
export interface SupportIntentTable {
  tenant_id: number
  message_id: number
  conversation_id: number
  label: string
  allowed: boolean
  reason: string
  rule: string
  created_at: CreatedAt
}

/** Tenant (0046): a read-only tool the model called during an assistant turn, and its result. */
export interface SupportToolCallTable {
  tenant_id: number
  id: Generated<number>
  message_id: number
  conversation_id: number
  call_id: string
  name: string
  arguments: string
  result: string
  created_at: CreatedAt
}

/** Tenant (0046): a user's feedback on a conversation (optionally one assistant turn). */
export interface SupportFeedbackTable {
  tenant_id: number
  id: Generated<number>
  conversation_id: number
  message_id: number | null
  user_id: number
  helpful: boolean | null
  rating: number | null
  comment: string | null
  created_at: CreatedAt
}

/** Tenant (0046): negative feedback queued for review, PII-redacted; outlives its conversation. */
export interface SupportTrainingCandidateTable {
  tenant_id: number
  id: Generated<number>
  candidate_type: 'negative_feedback'
  status: ColumnType<CandidateStatus, CandidateStatus | undefined, CandidateStatus>
  conversation_id: number | null
  feedback_id: number | null
  helpful: boolean | null
  rating: number | null
  comment: string | null
  question: string | null
  answer: string | null
  pii_found: Json<{ kind: string; count: number }[]>
  reviewer_id: number | null
  review_note: string | null
  reviewed_at: Date | null
  created_at: CreatedAt
}

/** Tenant (0046): the latest time a user accepted a disclosure version. */
export interface SupportDisclosureAcceptanceTable {
  tenant_id: number
  user_id: number
  version: string
  accepted_at: Date
}

/** Tenant (0046): what the quota counts — a user turn, or an answer's model tokens. */
export interface SupportUsageTable {
  tenant_id: number
  id: Generated<number>
  user_id: number
  kind: 'message' | 'tokens'
  tokens: number
  created_at: Date
}

export interface SupportAssistantTables {
  support_conversation: SupportConversationTable
  support_message: SupportMessageTable
  support_intent: SupportIntentTable
  support_tool_call: SupportToolCallTable
  support_feedback: SupportFeedbackTable
  support_training_candidate: SupportTrainingCandidateTable
  support_disclosure_acceptance: SupportDisclosureAcceptanceTable
  support_usage: SupportUsageTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends SupportAssistantTables {}
}

export const SUPPORT_ASSISTANT_TABLES = ownedTables<SupportAssistantTables>({
  support_conversation: true,
  support_message: true,
  support_intent: true,
  support_tool_call: true,
  support_feedback: true,
  support_training_candidate: true,
  support_disclosure_acceptance: true,
  support_usage: true,
})
