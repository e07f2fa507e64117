/** Row types of the bot-control tables (migration 0049), merged into `Database`. */
import type { ColumnType, Generated } from 'kysely'
import {
  type CreatedAt,
  type NullableNumeric,
  ownedTables,
  type UpdatedAt,
} from '../../../platform/db/index.ts'

type Json<T> = ColumnType<T, string | T, string | T>

export const TRADING_STATES = ['active', 'reducing', 'halted'] as const
export type TradingState = (typeof TRADING_STATES)[number]
export const AGENT_MODES = ['paper', 'live'] as const
export type AgentMode = (typeof AGENT_MODES)[number]

/** A daily window in New York time, `HH:MM` to `HH:MM` (end exclusive). */
export interface AllowedHours {
  start: string
  end: string
}

/** Tenant (0049): an agent, an automated strategy or AI assistant acting for the tenant. */
export interface BotAgentTable {
  tenant_id: number
  id: Generated<number>
  name: string
  enabled: Generated<boolean>
  trading_state: ColumnType<TradingState, TradingState | undefined, TradingState>
  mode: ColumnType<AgentMode, AgentMode | undefined, AgentMode>
  /** null: any symbol. */
  allowed_symbols: Json<string[] | null>
  /** null: any time. */
  allowed_hours: Json<AllowedHours | null>
  /** null: any of the tenant's accounts. */
  allowed_accounts: Json<number[] | null>
  strategy_label: string | null
  created_by: number
  created_at: CreatedAt
  updated_at: UpdatedAt
  archived_at: Date | null
}

/** Tenant (0049): an agent's limits; null means no limit. Decimals read as exact strings. */
export interface BotAgentLimitsTable {
  tenant_id: number
  agent_id: number
  max_orders_per_day: number | null
  max_notional_per_day: NullableNumeric
  max_order_notional: NullableNumeric
  /** A fraction of the account's value, 0..1. */
  max_position_weight: NullableNumeric
  max_open_positions: number | null
  max_orders_per_minute: number | null
  updated_by: number | null
  updated_at: UpdatedAt
}

/** Tenant (0049): an agent's one live credential (an API key stored as its SHA-256). */
export interface BotAgentCredentialTable {
  tenant_id: number
  agent_id: number
  prefix: string
  key_hash: string
  scopes: Json<string[]>
  created_by: number
  created_at: CreatedAt
  last_used_at: Date | null
}

/** Tenant (0049): the tenant's approval threshold; null threshold: no order needs approval. */
export interface BotApprovalThresholdTable {
  tenant_id: number
  threshold: NullableNumeric
  updated_by: number | null
  updated_at: UpdatedAt
}

/** Tenant (0049): an account's own threshold, which takes precedence over the tenant's. */
export interface BotThresholdOverrideTable {
  tenant_id: number
  account_id: number
  threshold: ColumnType<string, string | number, string | number>
  updated_by: number | null
  updated_at: UpdatedAt
}

export interface BotControlsTables {
  bot_agent: BotAgentTable
  bot_agent_limits: BotAgentLimitsTable
  bot_agent_credential: BotAgentCredentialTable
  bot_approval_threshold: BotApprovalThresholdTable
  bot_threshold_override: BotThresholdOverrideTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends BotControlsTables {}
}

export const BOT_CONTROLS_TABLES = ownedTables<BotControlsTables>({
  bot_agent: true,
  bot_agent_limits: true,
  bot_agent_credential: true,
  bot_approval_threshold: true,
  bot_threshold_override: true,
})
