/** Row types of the recommendation table (migration 0018), merged into `Database`. */
import type { ColumnType, Generated } from 'kysely'
import { ownedTables } from '../../../platform/db/index.ts'

export type RecAction = 'buy' | 'sell' | 'hold'
export type RecOrigin = 'committee' | 'research' | 'manual'
export type RecStatus = 'open' | 'closed'
export type RecOutcome = 'hit' | 'miss' | 'scratch'

/** Tenant (0018): one recommendation, unique per tenant + origin + origin_ref; closed at most once. */
export interface RecommendationTable {
  tenant_id: number
  id: Generated<number>
  symbol: string
  action: RecAction
  confidence: number
  rationale: string
  origin: RecOrigin
  origin_ref: string
  price_at: number | null
  horizon_days: number
  evidence: ColumnType<Record<string, unknown>, string, string>
  status: RecStatus
  exit_price: number | null
  return_pct: number | null
  outcome: RecOutcome | null
  note: string | null
  closed_at: Date | null
  created_at: Date
  updated_at: Date
}

export interface RecommendationTables {
  recommendation: RecommendationTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends RecommendationTables {}
}

export const RECOMMENDATION_TABLES = ownedTables<RecommendationTables>({ recommendation: true })
