/**
 * Row types of the exchange-rate tables. They join `Database` (platform/db/schema.ts) by declaration
 * merging, so the platform's scopes type every query without the platform importing this layer.
 */
import { type Numeric, ownedTables } from '../../../platform/db/index.ts'

/** Global (0033): one euro reference fixing of one currency, as fetched. */
export interface FxRateTable {
  provider: string
  date: string
  currency: string
  /** Units of `currency` per 1 EUR. */
  rate: Numeric
  fetched_at: Date
}

/** Global (0033): a day range asked of a provider, and when. */
export interface FxFetchTable {
  provider: string
  first_date: string
  last_date: string
  fetched_at: Date
}

/** The tables this module alone reads and writes (the table-ownership test holds the code to it). */
export interface MarketDataTables {
  fx_rate: FxRateTable
  fx_fetch: FxFetchTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends MarketDataTables {}
}

export const MARKET_DATA_TABLES = ownedTables<MarketDataTables>({ fx_rate: true, fx_fetch: true })
