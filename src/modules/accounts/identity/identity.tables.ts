/**
 * Row types of the identity tables. They join `Database` (platform/db/schema.ts) by declaration
 * merging, so the platform's scopes type every query without the platform importing this layer.
 */
import type { Generated } from 'kysely'
import { type CreatedAt, ownedTables, type UpdatedAt } from '../../../platform/db/index.ts'

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
  password_changed_at: Date | null
  deactivated_at: Date | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export interface AuthSessionTable {
  tenant_id: number
  id: string
  user_id: number
  created_at: CreatedAt
  expires_at: Date
  revoked_at: Date | null
  ip: string | null
  user_agent: string | null
}

export interface RefreshTokenTable {
  tenant_id: number
  id: Generated<number>
  family_id: string
  session_id: string
  user_id: number
  token_hash: string
  created_at: CreatedAt
  expires_at: Date
  used_at: Date | null
  revoked_at: Date | null
}

export interface MfaTotpTable {
  tenant_id: number
  user_id: number
  secret_enc: string
  verified_at: Date | null
  last_step: number | null
  created_at: CreatedAt
}

export interface MfaRecoveryCodeTable {
  tenant_id: number
  id: Generated<number>
  user_id: number
  code_hash: string
  used_at: Date | null
  created_at: CreatedAt
}

export type OneTimePurpose =
  'email_verify' | 'email_code' | 'password_reset' | 'reactivate' | 'phone_code' | 'mfa_login'

export interface OneTimeTokenTable {
  tenant_id: number
  id: Generated<number>
  user_id: number
  purpose: OneTimePurpose
  token_hash: string
  /** What the token verifies (the e-mail address or phone number it was sent to). */
  target: string | null
  attempts: Generated<number>
  expires_at: Date
  used_at: Date | null
  created_at: CreatedAt
}

export interface ApiKeyTable {
  tenant_id: number
  user_id: number
  prefix: string
  key_hash: string
  /** Reset on rotation: it is the current key's creation. */
  created_at: UpdatedAt
  last_used_at: Date | null
}

/** The tables this module alone reads and writes (the table-ownership test holds the code to it). */
export interface IdentityTables {
  app_user: AppUserTable
  auth_session: AuthSessionTable
  refresh_token: RefreshTokenTable
  mfa_totp: MfaTotpTable
  mfa_recovery_code: MfaRecoveryCodeTable
  one_time_token: OneTimeTokenTable
  api_key: ApiKeyTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends IdentityTables {}
}

export const IDENTITY_TABLES = ownedTables<IdentityTables>({
  app_user: true,
  auth_session: true,
  refresh_token: true,
  mfa_totp: true,
  mfa_recovery_code: true,
  one_time_token: true,
  api_key: true,
})
