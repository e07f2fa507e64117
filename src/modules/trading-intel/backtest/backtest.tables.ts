/** Row type of the saved backtests (migrations 0016, 0024), merged into `Database`. */
import type { ColumnType, Generated } from 'kysely'
import { ownedTables } from '../../../platform/db/index.ts'

type Json<T> = ColumnType<T, string, string>

export type LogStatus = 'pending' | 'stored' | 'failed'

/** Tenant (0016): one row per run, immutable once written; the per-trade log is stored with it. */
export interface BacktestRunTable {
  tenant_id: number
  id: Generated<number>
  strategy: string
  account_id: number | null
  date_from: ColumnType<string, string, string>
  date_to: ColumnType<string, string, string>
  initial_capital: number
  trades_total: number
  /** The performance figures (Summary of lib/summary.ts). */
  summary: Json<unknown>
  /** Normalized params, trade selection, price coverage, note. */
  detail: Json<unknown>
  /** One point per trading day: {date, equity, drawdown}. */
  equity_curve: Json<unknown>
  /** Per-trade records in exit-date order (lib/log-codec.ts), stored uncompressed for substring reads. */
  trade_log: Uint8Array
  /** The symbols the log's records number. */
  log_symbols: Json<string[]>
  /** 0024: `pending` while only the first records are stored (the rest is written after the answer). */
  log_status: ColumnType<LogStatus, LogStatus | undefined, LogStatus>
  created_at: Date
}

/** 0026: a key's decoded trades, packed, with the mark of their read (trade-cache.ts). */
export interface BacktestTradePackTable {
  tenant_id: number
  /** The account id as text, or '*' for all accounts. */
  scope: string
  date_from: string
  date_to: string
  snapshot: string
  purges: ColumnType<number, number, number>
  trades: number
  packed: string
  written_at: Date
}

export interface BacktestTables {
  backtest_run: BacktestRunTable
  backtest_trade_pack: BacktestTradePackTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends BacktestTables {}
}

export const BACKTEST_TABLES = ownedTables<BacktestTables>({ backtest_run: true, backtest_trade_pack: true })
