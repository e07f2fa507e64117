/**
 * Row types of the intel tables. They join `Database` (platform/db/schema.ts) by declaration
 * merging, so the platform's scopes type every query without the platform importing this layer.
 */
import { type NullableNumeric, type Numeric, ownedTables } from '../../../platform/db/index.ts'

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
  price: NullableNumeric
  value: NullableNumeric
  filing_url: string | null
  filed_at: Date | null
}

/** The tables this module alone reads and writes (the table-ownership test holds the code to it). */
export interface IntelTables {
  insider_fetch: InsiderFetchTable
  insider_transaction: InsiderTransactionTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends IntelTables {}
}

export const INTEL_TABLES = ownedTables<IntelTables>({
  insider_fetch: true,
  insider_transaction: true,
})
