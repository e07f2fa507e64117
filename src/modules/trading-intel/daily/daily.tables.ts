/**
 * Row types of the daily table. It joins `Database` (platform/db/schema.ts) by declaration merging,
 * so the platform's scopes type every query without the platform importing this layer.
 */
import type { ColumnType, Generated } from 'kysely'
import { ownedTables } from '../../../platform/db/index.ts'

/** Tenant table (0021): one end-of-day review per tenant, account scope and New York date. */
export interface EodReviewTable {
  tenant_id: number
  id: Generated<number>
  /** The account reviewed, 0 for all of the tenant's accounts. */
  account_scope: number
  review_date: string
  /** Summary columns for the history list (the payload holds everything). */
  total_pnl: ColumnType<string | null, number | null, number | null>
  signals: number
  hits: number
  /** True when every outcome (the next close included) is known: the review is final. */
  complete: boolean
  payload: ColumnType<Record<string, unknown>, string, string>
  created_at: ColumnType<Date, Date, never>
  updated_at: Date
}

export interface DailyTables {
  eod_review: EodReviewTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends DailyTables {}
}

export const DAILY_TABLES = ownedTables<DailyTables>({ eod_review: true })
