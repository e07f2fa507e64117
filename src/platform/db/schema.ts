/**
 * Row types of every table, for Kysely. Each migration that adds a table adds its interface here
 * (the portfolio tables' live in schema-portfolio.ts).
 * Tenant tables carry `tenant_id` and are protected by row-level security (see tenant-scope.ts).
 */
import type { ColumnType, Generated } from 'kysely'
import type {
  BrokerAccountTable,
  ManualPositionTable,
  RealizedTradeTable,
  PortfolioSnapshotTable,
  RealizedDailyTable,
  UnrealizedDailyTable,
  PortfolioVersionTable,
  InvestorTable,
  CapitalFlowTable,
} from './schema-portfolio.ts'

export type * from './schema-portfolio.ts'

type CreatedAt = ColumnType<Date, Date | string | undefined, never>
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>
type Numeric = ColumnType<string, string | number, string | number>

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
  password_changed_at: Date | null
  deactivated_at: Date | null
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

export interface EmailOutboxTable {
  tenant_id: number | null
  id: Generated<number>
  to_address: string
  subject: string
  text_body: string
  html_body: string | null
  headers: ColumnType<Record<string, string>, string | undefined, string>
  created_at: CreatedAt
}

export interface SmsOutboxTable {
  tenant_id: number | null
  id: Generated<number>
  to_number: string
  body: string
  created_at: CreatedAt
}

/** numeric columns: decimal strings out (exact), numbers or strings in. */
export interface InsiderFetchTable {
  symbol: string
  window_from: string
  window_to: string
  provider: string
  fetched_at: Date
}

/** Global cache (0004): the fetched Form 4 transactions of a symbol (all codes). */
export interface InsiderTransactionTable {
  symbol: string
  seq: number
  insider_name: string
  insider_title: string | null
  transaction_code: string
  transaction_date: string
  shares: Numeric
  price: ColumnType<string | null, string | number | null, string | number | null>
  value: ColumnType<string | null, string | number | null, string | number | null>
  filing_url: string | null
  filed_at: Date | null
}

export interface TranscriptSectionRow {
  speaker: string
  role: string | null
  text: string
}

/** Global (0004): earnings-call transcripts, public data shared by every tenant. */
export interface EarningsTranscriptTable {
  id: Generated<number>
  symbol: string
  provider: string
  vendor_id: string
  title: string
  year: number
  quarter: number
  call_time: Date
  sections: ColumnType<TranscriptSectionRow[], string, string>
  created_at: CreatedAt
}

/** Global (0004): the stored summary of a transcript. */
export interface TranscriptSummaryTable {
  transcript_id: number
  summary: string
  method: 'llm' | 'extractive'
  model: string | null
  created_at: ColumnType<Date, Date | string | undefined, Date | string>
}

/** Global (0006): the free-tier universe, its publications and the bars as published. */
export interface FreeUniverseTable {
  symbol: string
  position: number
  loaded_at: Date
}
export interface FreePublicationTable {
  id: Generated<number>
  published_at: Date
  delayed_minutes: number
  symbols: ColumnType<string[], string, string>
  bars: number
  /** Per symbol: a quote-like summary of the published bars. */
  summary: ColumnType<Record<string, Record<string, number | string>>, string, string>
}
export interface FreeBarTable {
  symbol: string
  trading_date: string
  time: Date
  open: Numeric
  high: Numeric
  low: Numeric
  close: Numeric
  volume: Numeric
  vwap: ColumnType<string | null, string | number | null, string | number | null>
}

export interface Database {
  plan: PlanTable
  tenant: TenantTable
  app_user: AppUserTable
  feature_flag_override: FeatureFlagOverrideTable
  auth_session: AuthSessionTable
  refresh_token: RefreshTokenTable
  mfa_totp: MfaTotpTable
  mfa_recovery_code: MfaRecoveryCodeTable
  one_time_token: OneTimeTokenTable
  api_key: ApiKeyTable
  audit_log: AuditLogTable
  email_outbox: EmailOutboxTable
  sms_outbox: SmsOutboxTable
  broker_account: BrokerAccountTable
  manual_position: ManualPositionTable
  realized_trade: RealizedTradeTable
  portfolio_snapshot: PortfolioSnapshotTable
  realized_daily: RealizedDailyTable
  unrealized_daily: UnrealizedDailyTable
  portfolio_version: PortfolioVersionTable
  investor: InvestorTable
  capital_flow: CapitalFlowTable
  insider_fetch: InsiderFetchTable
  insider_transaction: InsiderTransactionTable
  earnings_transcript: EarningsTranscriptTable
  transcript_summary: TranscriptSummaryTable
  free_universe: FreeUniverseTable
  free_publication: FreePublicationTable
  free_bar: FreeBarTable
}
