/**
 * Row types of the free-feed tables. They join `Database` (platform/db/schema.ts) by declaration
 * merging, so the platform's scopes type every query without the platform importing this layer.
 */
import type { ColumnType, Generated } from 'kysely'
import { type NullableNumeric, type Numeric, ownedTables } from '../../../platform/db/index.ts'

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
  vwap: NullableNumeric
}

/** The tables this module alone reads and writes (the table-ownership test holds the code to it). */
export interface FreeFeedTables {
  free_universe: FreeUniverseTable
  free_publication: FreePublicationTable
  free_bar: FreeBarTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends FreeFeedTables {}
}

export const FREE_FEED_TABLES = ownedTables<FreeFeedTables>({
  free_universe: true,
  free_publication: true,
  free_bar: true,
})
