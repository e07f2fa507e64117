/**
 * Row types of the tenancy tables. They join `Database` (platform/db/schema.ts) by declaration
 * merging, so the platform's scopes type every query without the platform importing this layer.
 */
import type { ColumnType, Generated } from 'kysely'
import { type CreatedAt, ownedTables, type UpdatedAt } from '../../../platform/db/index.ts'

/** Global: the catalogue of plans (free, pro, premium). */
export interface PlanTable {
  code: string
  name: string
  rank: number
  features: ColumnType<Record<string, boolean>, string | undefined, string>
  limits: ColumnType<Record<string, number>, string | undefined, string>
  created_at: CreatedAt
}

/** One isolated customer; every public registration creates one on the free plan. */
export interface TenantTable {
  id: Generated<number>
  name: string
  plan_code: string
  status: Generated<'active' | 'suspended'>
  /** ISO 4217: what totals across accounts are converted into (migration 0032). */
  base_currency: Generated<string>
  created_at: CreatedAt
  updated_at: UpdatedAt
}

/** The tables this module alone reads and writes (the table-ownership test holds the code to it). */
export interface TenancyTables {
  plan: PlanTable
  tenant: TenantTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends TenancyTables {}
}

export const TENANCY_TABLES = ownedTables<TenancyTables>({
  plan: true,
  tenant: true,
})
