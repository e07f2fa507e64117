/**
 * Row types of the portfolio tables. They join `Database` (platform/db/schema.ts) by declaration
 * merging, so the platform's scopes type every query without the platform importing this layer.
 */
import type { ColumnType, Generated } from 'kysely'
import {
  type CreatedAt,
  type NullableNumeric,
  type Numeric,
  ownedTables,
  type UpdatedAt,
} from '../../platform/db/index.ts'

export interface BrokerAccountTable {
  tenant_id: number
  id: Generated<number>
  name: string
  broker_type: string
  account_type: string | null
  currency: Generated<string>
  status: Generated<'active' | 'closed' | 'inactive'>
  external_id: string | null
  /** How broker fills become realized trades (lots.ts). */
  cost_method: Generated<'fifo' | 'average'>
  archived_at: Date | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export interface ManualPositionTable {
  tenant_id: number
  id: Generated<number>
  account_id: number
  symbol: string
  quantity: Numeric
  cost_basis: Numeric
  as_of: string
  deleted_at: Date | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export interface RealizedTradeTable {
  tenant_id: number
  id: Generated<number>
  account_id: number
  symbol: string
  quantity: Numeric
  date_acquired: string
  /** As received; `sold_on` is its parsed date, null when it is not a valid YYYY-MM-DD. */
  date_sold: string
  sold_on: string | null
  proceeds: Numeric
  cost_basis: Numeric
  fees: ColumnType<string, string | number | undefined, string | number>
  gain_loss: Numeric
  term: 'short' | 'long' | 'unknown'
  source: Generated<'manual' | 'import' | 'broker' | 'activity'>
  /** Broker and activity-derived trades: the lot-matching id they derive from (unique per account). */
  external_id: string | null
  deleted_at: Date | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export interface PortfolioSnapshotTable {
  tenant_id: number
  account_id: number
  snapshot_date: string
  symbol: string
  quantity: Numeric
  price: Numeric
  market_value: Numeric
  cost_basis: Numeric
  unrealized_pl: Numeric
  updated_at: UpdatedAt
}

/** Trigger-maintained per-day rollups (migration 0007); the analytics read these. */
export interface RealizedDailyTable {
  tenant_id: number
  account_id: number
  sold_on: string
  pnl: Numeric
  trades: number
}

export interface UnrealizedDailyTable {
  tenant_id: number
  account_id: number
  snapshot_date: string
  delta: Numeric
  /** Σ of each holding's change of market_value from its previous row (migration 0027). */
  market_value_delta: Numeric
  holdings: number
}

export interface PortfolioVersionTable {
  tenant_id: number
  version: number
}

export interface InvestorTable {
  tenant_id: number
  id: Generated<number>
  name: string
  email: string | null
  is_owner: Generated<boolean>
  created_at: CreatedAt
}

export interface CapitalFlowTable {
  tenant_id: number
  id: Generated<number>
  investor_id: number
  account_id: number | null
  flow_date: string
  amount: Numeric
  note: string | null
  /** The activity (deposit, withdrawal, transfer) this flow follows; deleted with it. */
  activity_id: number | null
  /** Who wrote it: a person, an activity, or a connection's opening balance. */
  kind: Generated<'manual' | 'activity' | 'opening_balance'>
  /** ISO 4217 code of `amount`. */
  currency: Generated<string>
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export const ACTIVITY_TYPES = [
  'BUY',
  'SELL',
  'DIVIDEND',
  'INTEREST',
  'FEE',
  'TAX',
  'DEPOSIT',
  'WITHDRAWAL',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'SPLIT',
] as const
export type ActivityType = (typeof ACTIVITY_TYPES)[number]

export const ACTIVITY_SOURCES = ['manual', 'csv', 'brokera', 'brokerb', 'aggregator'] as const
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number]

/** One event of an account's ledger (migration 0031 says what each column holds). */
export interface ActivityTable {
  tenant_id: number
  id: Generated<number>
  account_id: number
  type: ActivityType
  activity_date: string
  symbol: string | null
  quantity: NullableNumeric
  price: NullableNumeric
  /** Gross money of the event; its direction follows from `type` (activities/lib/effects.ts). */
  amount: Numeric
  fee: ColumnType<string, string | number | undefined, string | number>
  currency: string
  source: ActivitySource
  source_id: string | null
  note: string | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

/** The cash balance a broker reported for an account on a day, per currency. */
export interface AccountCashTable {
  tenant_id: number
  account_id: number
  as_of: string
  currency: string
  balance: Numeric
  updated_at: UpdatedAt
}

/** The tables this module alone reads and writes (the table-ownership test holds the code to it). */
export interface PortfolioTables {
  broker_account: BrokerAccountTable
  manual_position: ManualPositionTable
  realized_trade: RealizedTradeTable
  portfolio_snapshot: PortfolioSnapshotTable
  realized_daily: RealizedDailyTable
  unrealized_daily: UnrealizedDailyTable
  portfolio_version: PortfolioVersionTable
  investor: InvestorTable
  capital_flow: CapitalFlowTable
  activity: ActivityTable
  account_cash: AccountCashTable
}

declare module '../../platform/db/schema.ts' {
  interface Database extends PortfolioTables {}
}

export const PORTFOLIO_TABLES = ownedTables<PortfolioTables>({
  broker_account: true,
  manual_position: true,
  realized_trade: true,
  portfolio_snapshot: true,
  realized_daily: true,
  unrealized_daily: true,
  portfolio_version: true,
  investor: true,
  capital_flow: true,
  activity: true,
  account_cash: true,
})
