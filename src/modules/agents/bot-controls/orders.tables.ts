/** Row types of the agent-order tables (migration 0050), merged into `Database`. */
import type { ColumnType, Generated } from 'kysely'
import {
  type CreatedAt,
  type NullableNumeric,
  type Numeric,
  ownedTables,
  type UpdatedAt,
} from '../../../platform/db/index.ts'

export const ORDER_STATUSES = [
  'rejected',
  'pending_approval',
  'sent',
  'partially_filled',
  'filled',
  'canceled',
  'expired',
  'broker_rejected',
] as const
export type BotOrderStatus = (typeof ORDER_STATUSES)[number]

export const APPROVAL_STATUSES = ['pending', 'approved', 'sent', 'rejected', 'expired'] as const
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]

/** Tenant (0050): one order an agent asked for, and what became of it. */
export interface BotOrderTable {
  tenant_id: number
  id: Generated<number>
  agent_id: number
  account_id: number
  /** The agent's idempotency key: the same key returns the same order. */
  client_order_id: string
  symbol: string
  side: 'buy' | 'sell'
  qty: NullableNumeric
  notional: NullableNumeric
  order_type: 'market' | 'limit'
  limit_price: NullableNumeric
  time_in_force: string
  mode: 'paper' | 'live'
  /** The order's value as the gate priced it (qty × limit or quote, or the notional asked). */
  priced_notional: Numeric
  /** The price the gate used: the limit price, else the quote at the time. */
  reference_price: Numeric
  status: BotOrderStatus
  /** The typed reason of a rejection (`limit.max_order_notional`, `state.halted`, ...). */
  reject_reason: string | null
  reject_detail: string | null
  broker: string | null
  broker_order_id: string | null
  filled_qty: ColumnType<string, string | number | undefined, string | number>
  filled_avg_price: NullableNumeric
  via: 'rest' | 'mcp' | 'console'
  /**
   * Whether its sender could execute when it placed it (a person, or an agent's key with
   * orders:execute); null: recorded before this was kept (0055).
   */
  can_execute: ColumnType<boolean | null, boolean | null | undefined, boolean | null>
  /** The New York trading day the order counts in. */
  trading_day: ColumnType<string, string, string>
  created_at: CreatedAt
  updated_at: UpdatedAt
}

/** Tenant (0050): the approval of an order held above the threshold. */
export interface BotApprovalTable {
  tenant_id: number
  id: Generated<number>
  order_id: number
  agent_id: number
  order_hash: string
  /** A market order may be sent only while the quote is within [band_low, band_high]. */
  band_low: NullableNumeric
  band_high: NullableNumeric
  status: ApprovalStatus
  expires_at: Date
  decided_by: number | null
  decided_at: Date | null
  decision_note: string | null
  created_at: CreatedAt
}

/**
 * Tenant (0050): an agent's counters for one New York trading day; every pass is counted on this row
 * (compare and swap on its version, or under its lock: gate/decide.repository.ts).
 */
export interface BotUsageDayTable {
  tenant_id: number
  agent_id: number
  trading_day: ColumnType<string, string, string>
  orders: ColumnType<number, number | undefined, number>
  notional: ColumnType<string, string | number | undefined, string | number>
  /** Rejections by typed reason. */
  rejections: ColumnType<
    Record<string, number>,
    string | Record<string, number> | undefined,
    string | Record<string, number>
  >
  updated_at: UpdatedAt
}

/** Tenant (0050): the net quantity an agent's fills hold in a symbol of an account. */
export interface BotPositionTable {
  tenant_id: number
  agent_id: number
  account_id: number
  symbol: string
  qty: Numeric
  updated_at: UpdatedAt
}

export interface AgentOrdersTables {
  bot_order: BotOrderTable
  bot_approval: BotApprovalTable
  bot_usage_day: BotUsageDayTable
  bot_position: BotPositionTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends AgentOrdersTables {}
}

export const AGENT_ORDERS_TABLES = ownedTables<AgentOrdersTables>({
  bot_order: true,
  bot_approval: true,
  bot_usage_day: true,
  bot_position: true,
})
