/**
 * Row types of the intraday tables. They join `Database` (platform/db/schema.ts) by declaration
 * merging, so the platform's scopes type every query without the platform importing this layer.
 */
import type { ColumnType, Generated } from 'kysely'
import { type NullableNumeric, type Numeric, ownedTables } from '../../../platform/db/index.ts'

/** Global (0013): bars with their computed columns; market data is the same for every tenant. */
export interface IntradayBarTable {
  symbol: string
  interval: string
  time: Date
  session_date: string
  open: Numeric
  high: Numeric
  low: Numeric
  close: Numeric
  volume: Numeric
  vwap: NullableNumeric
  rsi: NullableNumeric
  macd: NullableNumeric
  macd_signal: NullableNumeric
  macd_hist: NullableNumeric
  updated_at: Date
}

/** Tenant (0013): detected setups, one row per (symbol, setup, direction, trigger bar). */
export interface IntradaySignalTable {
  tenant_id: number
  id: Generated<number>
  symbol: string
  setup: string
  direction: string
  confidence: Numeric
  price: Numeric
  trigger_time: Date
  session_date: string
  session: string
  interval: string
  evidence: ColumnType<Record<string, unknown>, string, string>
  created_at: ColumnType<Date, Date, never>
  updated_at: Date
}

/** The tables this module alone reads and writes (the table-ownership test holds the code to it). */
export interface IntradayTables {
  intraday_bar: IntradayBarTable
  intraday_signal: IntradaySignalTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends IntradayTables {}
}

export const INTRADAY_TABLES = ownedTables<IntradayTables>({ intraday_bar: true, intraday_signal: true })
