/** Row types of the risk tables (migration 0017), merged into `Database`. */
import type { ColumnType, Generated } from 'kysely'
import {
  type CreatedAt,
  type NullableNumeric,
  type Numeric,
  ownedTables,
  type UpdatedAt,
} from '../../../platform/db/index.ts'

export type ExitMethod = 'atr' | 'chandelier' | 'percent'

/** GLOBAL (0017): the inverse-fund seed of docs/definitions.md#inverse-funds — data, not code. */
export interface InverseFundTable {
  ticker: string
  issuer: string
  underlying: string
  /** 'index:SPX' | 'index:NDX' | 'index:DJIA' | 'index:RUT' | 'index:MID' | 'index:SML' | 'sector:<GICS sector>' | 'industry:<name>'. */
  index_key: string
  /** The fund tracking the underlying long, used for β of sector funds (SPY, XLF, SOXX, …); null when none is listed. */
  benchmark: string | null
  /** Negative: −1, −2, −3. */
  daily_leverage: number
  /** Annual fraction (0.0089 = 0.89 %); null when not verified against the issuer. */
  expense_ratio: NullableNumeric
  expense_ratio_source: string | null
  verified_at: ColumnType<string, string, string>
  note: string | null
}

/** Tenant (0017): a named exit rule set. */
export interface ExitStrategyTable {
  tenant_id: number
  id: Generated<number>
  name: string
  method: ExitMethod
  atr_period: number
  multiplier: Numeric
  percent: NullableNumeric
  trailing_stop: boolean
  account_id: number | null
  symbols: ColumnType<string[] | null, string | null, string | null>
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export interface RiskTables {
  inverse_fund: InverseFundTable
  exit_strategy: ExitStrategyTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends RiskTables {}
}

export const RISK_TABLES = ownedTables<RiskTables>({ inverse_fund: true, exit_strategy: true })
