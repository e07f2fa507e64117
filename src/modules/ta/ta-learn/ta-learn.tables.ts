/** Row types of the learning tables (migration 0023), merged into `Database`. */
import type { ColumnType, Generated } from 'kysely'
import { ownedTables } from '../../../platform/db/index.ts'

type Timestamp = ColumnType<Date, Date | string, Date | string>

/** Tenant (0023): a user opened a concept's content (first time kept). */
export interface LearnViewTable {
  tenant_id: number
  id: Generated<number>
  user_id: number
  concept_id: string
  viewed_at: Timestamp
}

/** Tenant (0023): a user's first answer to a question; later answers are not stored. */
export interface LearnAnswerTable {
  tenant_id: number
  id: Generated<number>
  user_id: number
  question_id: string
  concept_id: string
  layer: string
  answer: string
  correct: boolean
  answered_at: Timestamp
}

export interface TaLearnTables {
  learn_view: LearnViewTable
  learn_answer: LearnAnswerTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends TaLearnTables {}
}

export const TA_LEARN_TABLES = ownedTables<TaLearnTables>({ learn_view: true, learn_answer: true })
