/** Row types of the brokers module's tables (migrations 0009, 0011 and 0012), merged into `Database`. */
import type { ColumnType, Generated } from 'kysely'
import {
  type CreatedAt,
  type NullableNumeric,
  type Numeric,
  ownedTables,
  type UpdatedAt,
} from '../../platform/db/index.ts'

export type ConnectedBroker = 'brokera' | 'brokerb' | 'aggregator'

export interface BrokerConnectionTable {
  tenant_id: number
  id: Generated<number>
  broker_type: ConnectedBroker
  user_id: number
  status: 'connected' | 'disconnected'
  /** AES-256-GCM (platform crypto), bound to tenant and broker: never the token itself. */
  access_token_enc: string | null
  refresh_token_enc: string | null
  access_expires_at: Date | null
  refresh_expires_at: Date | null
  scope: string | null
  vendor_user_id: string | null
  connected_at: Generated<Date>
  disconnected_at: Date | null
  refreshed_at: Date | null
  last_sync_at: Date | null
  last_error: string | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export interface BrokerLinkedAccountTable {
  tenant_id: number
  id: Generated<number>
  connection_id: number
  external_id: string
  account_number: string
  account_id: number
  lots_method: 'fifo' | 'average' | null
  /** The first day of the history its first sync read; null before that sync. */
  history_from: ColumnType<string | null, string | null | undefined, string | null>
  created_at: CreatedAt
}

export interface BrokerFillTable {
  tenant_id: number
  id: Generated<number>
  account_id: number
  external_id: string
  symbol: string
  side: 'buy' | 'sell' | 'sell_short'
  quantity: Numeric
  price: Numeric
  fee: Numeric
  traded_at: Date
  trade_date: string
  created_at: CreatedAt
}

export interface BrokerOauthStateTable {
  tenant_id: number
  nonce: string
  broker_type: ConnectedBroker
  user_id: number
  expires_at: Date
  used_at: Date | null
  created_at: CreatedAt
}

export interface BrokerSyncLogTable {
  tenant_id: number
  id: Generated<number>
  broker_type: ConnectedBroker
  connection_id: number | null
  user_id: number | null
  sync_kind: 'manual' | 'scheduled' | 'connect'
  status: 'ok' | 'error'
  positions: number
  transactions: number
  error: string | null
  started_at: Date
  finished_at: Date
}

/** Migration 0012: the tenant's user at the hosted aggregator (its secret only encrypted). */
export interface BrokerAggregatorUserTable {
  tenant_id: number
  vendor_user_id: string
  /** AES-256-GCM, bound to the tenant: never the secret itself. */
  user_secret_enc: string
  registered_by: number
  created_at: CreatedAt
}

/** Migration 0012: a brokerage connection made through the aggregator's portal. */
export interface BrokerAggregatorConnectionTable {
  tenant_id: number
  id: Generated<number>
  connection_id: number
  authorization_id: string
  subbroker_slug: string
  user_id: number
  created_at: CreatedAt
}

/** An account event Schwab's service observed (migration 0011). */
export interface BrokerAccountActivityTable {
  tenant_id: number
  id: Generated<number>
  broker_type: ConnectedBroker
  account_id: number
  /** Natural key of the event (`order:<id>:<status>`). */
  external_id: string
  event_type: string
  occurred_at: Date
  symbol: string | null
  order_id: string | null
  status: string | null
  quantity: NullableNumeric
  price: NullableNumeric
  description: string | null
  created_at: CreatedAt
}

/** Market hours stored by `GET /api/brokerb/market-hours?persist=true` (migration 0011). */
export interface BrokerMarketHoursTable {
  tenant_id: number
  market: string
  product: string
  date: string
  product_name: string | null
  is_open: boolean
  session_hours: ColumnType<unknown, string, string>
  fetched_at: Generated<Date>
}

export interface BrokersTables {
  broker_connection: BrokerConnectionTable
  broker_linked_account: BrokerLinkedAccountTable
  broker_fill: BrokerFillTable
  broker_oauth_state: BrokerOauthStateTable
  broker_sync_log: BrokerSyncLogTable
  broker_aggregator_user: BrokerAggregatorUserTable
  broker_aggregator_connection: BrokerAggregatorConnectionTable
  broker_account_activity: BrokerAccountActivityTable
  broker_market_hours: BrokerMarketHoursTable
  broker_sandbox_state: BrokerSandboxStateTable
}

/** Global: the offline sandbox's memory of a simulated vendor (its users and connections), as JSON. */
export interface BrokerSandboxStateTable {
  vendor: string
  state: ColumnType<unknown, string, string>
  updated_at: Generated<Date>
}

declare module '../../platform/db/schema.ts' {
  interface Database extends BrokersTables {}
}

export const BROKERS_TABLES = ownedTables<BrokersTables>({
  broker_connection: true,
  broker_linked_account: true,
  broker_fill: true,
  broker_oauth_state: true,
  broker_sync_log: true,
  broker_aggregator_user: true,
  broker_aggregator_connection: true,
  broker_account_activity: true,
  broker_market_hours: true,
  broker_sandbox_state: true,
})
