/** The agents part's public types: scopes, the principal a credential resolves to, views. */
import type { AgentMode, AllowedHours, TradingState } from '../../controls.tables.ts'

/** What an agent's credential lets it do. */
export const AGENT_SCOPES = [
  'portfolio:read',
  'market:read',
  'orders:read',
  'orders:propose',
  'orders:execute',
] as const
export type AgentScope = (typeof AGENT_SCOPES)[number]

/** Scopes a credential gets when none are asked for: it may propose orders, never send them unapproved. */
export const DEFAULT_AGENT_SCOPES: readonly AgentScope[] = [
  'portfolio:read',
  'market:read',
  'orders:read',
  'orders:propose',
]

/** The agent a presented credential stands for. `userId` is the user who created the agent. */
export interface AgentPrincipal {
  tenantId: number
  agentId: number
  userId: number
  scopes: AgentScope[]
}

/** What the order gate reads about an agent: camelCase, decimals as strings, null = no limit / any. */
export interface AgentPolicy {
  agent: {
    id: number
    name: string
    enabled: boolean
    tradingState: TradingState
    mode: AgentMode
    allowedSymbols: string[] | null
    allowedHours: AllowedHours | null
    allowedAccounts: number[] | null
    createdBy: number
  }
  limits: {
    maxOrdersPerDay: number | null
    maxNotionalPerDay: string | null
    maxOrderNotional: string | null
    maxPositionWeight: string | null
    maxOpenPositions: number | null
    maxOrdersPerMinute: number | null
  }
}

export interface CredentialView {
  prefix: string
  scopes: AgentScope[]
  created_at: string
  last_used_at: string | null
}

export interface AgentView {
  agent_id: number
  name: string
  enabled: boolean
  trading_state: TradingState
  mode: AgentMode
  allowed_symbols: string[] | null
  allowed_hours: AllowedHours | null
  allowed_accounts: number[] | null
  strategy_label: string | null
  credential: CredentialView | null
  created_at: string
  updated_at: string
}

export interface LimitsView {
  agent_id: number
  max_orders_per_day: number | null
  max_notional_per_day: string | null
  max_order_notional: string | null
  max_position_weight: string | null
  max_open_positions: number | null
  max_orders_per_minute: number | null
  updated_at: string
}

export interface IssuedCredential {
  agent_id: number
  key: string
  prefix: string
  scopes: AgentScope[]
  created_at: string
}

export interface UsageView {
  agent_id: number
  trading_day: string
  orders: number
  notional: string
  rejections: Record<string, number>
  rejections_total: number
  pending_approvals: number
  open_positions: number
  limits: LimitsView
  remaining: { orders_per_day: number | null; notional_per_day: string | null }
}

export interface ThresholdView {
  tenant_id: number
  threshold: string | null
  overrides: { account_id: number; account_name: string; threshold: string }[]
  updated_at: string | null
}
