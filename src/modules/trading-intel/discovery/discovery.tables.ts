/** Row types of the discovery tables (migration 0015), merged into `Database`. */
import type { ColumnType, Generated } from 'kysely'
import { ownedTables } from '../../../platform/db/index.ts'
import type { Component } from './lib/composite.ts'
import type { Evidence, ScanType } from './lib/scans.ts'

export type Universe = 'all' | 'sp500' | 'free' | 'watchlist'

/** Tenant (0015): one scanner hit per universe + scan type + symbol + trading date. */
export interface DiscoveryResultTable {
  tenant_id: number
  id: Generated<number>
  universe: Universe
  scan_type: ScanType
  symbol: string
  trading_date: ColumnType<string, string, string>
  score: number
  direction: 'up' | 'down'
  price: number
  change_pct: number | null
  evidence: ColumnType<Evidence, string, string>
  /** The first scan that found it; `updated_at` the latest. */
  created_at: Date
  updated_at: Date
}

/** Tenant (0015): one composite opportunity score per symbol. */
export interface DiscoveryOpportunityTable {
  tenant_id: number
  id: Generated<number>
  symbol: string
  score: number
  signals: number
  confluence_bonus: number
  scan_types: ColumnType<ScanType[], string, string>
  universes: ColumnType<Universe[], string, string>
  components: ColumnType<Component[], string, string>
  computed_at: Date
  created_at: Date
}

export interface DiscoveryTables {
  discovery_result: DiscoveryResultTable
  discovery_opportunity: DiscoveryOpportunityTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends DiscoveryTables {}
}

export const DISCOVERY_TABLES = ownedTables<DiscoveryTables>({
  discovery_result: true,
  discovery_opportunity: true,
})
