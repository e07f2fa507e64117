/**
 * Row types of every table, for Kysely. Each migration that adds a table adds its interface here.
 * Tenant tables carry `tenant_id` and are protected by row-level security (see tenant-scope.ts).
 */
import type { ColumnType, Generated } from 'kysely'

type CreatedAt = ColumnType<Date, Date | string | undefined, never>
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>

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
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export interface AppUserTable {
  tenant_id: number
  id: Generated<number>
  email: string
  password_hash: string | null
  full_name: string | null
  role: Generated<'user' | 'admin'>
  status: Generated<'active' | 'deactivated'>
  email_verified_at: Date | null
  phone: string | null
  phone_verified_at: Date | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

/** A tenant's override of a feature flag's configured default. */
export interface FeatureFlagOverrideTable {
  tenant_id: number
  flag: string
  enabled: boolean
  updated_at: UpdatedAt
}

export interface Database {
  plan: PlanTable
  tenant: TenantTable
  app_user: AppUserTable
  feature_flag_override: FeatureFlagOverrideTable
}
