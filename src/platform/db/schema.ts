/**
 * `Database`: the row types of every table, for Kysely. The platform declares its own tables here;
 * each module (and provider) adds its tables from its `<domain>.tables.ts` by declaration merging,
 * so the platform's scopes type every query while the platform imports nothing above it.
 * Tenant tables carry `tenant_id` and are protected by row-level security (see tenant-scope.ts).
 */
import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, UpdatedAt } from './tables.ts'
import { ownedTables } from './tables.ts'

/** A tenant's override of a feature flag's configured default. */
export interface FeatureFlagOverrideTable {
  tenant_id: number
  flag: string
  enabled: boolean
  updated_at: UpdatedAt
}

export interface AuditLogTable {
  tenant_id: number | null
  id: Generated<number>
  user_id: number | null
  event: string
  ip: string | null
  user_agent: string | null
  detail: ColumnType<Record<string, unknown>, string | undefined, string>
  created_at: CreatedAt
}

export interface PlatformTables {
  feature_flag_override: FeatureFlagOverrideTable
  audit_log: AuditLogTable
}

// Modules extend this interface (declaration merging); it has no members of its own.
export interface Database extends PlatformTables {}

export const PLATFORM_TABLES = ownedTables<PlatformTables>({ feature_flag_override: true, audit_log: true })
