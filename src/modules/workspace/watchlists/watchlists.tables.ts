/** Row types of the watchlist tables (migration 0040), merged into `Database`. */
import type { Generated } from 'kysely'
import { type CreatedAt, ownedTables, type UpdatedAt } from '../../../platform/db/index.ts'

/** Tenant (0040): one named list of one user; it exists while it holds at least one symbol. */
export interface WatchlistTable {
  tenant_id: number
  id: Generated<number>
  user_id: number
  /** Trimmed, 1–40 characters, no control characters; unique per user. */
  name: string
  created_at: CreatedAt
  /** Set by every change of the list's members or their order. */
  updated_at: UpdatedAt
}

/** Tenant (0040): a symbol on a list, at `position` (0 first; contiguous after every change). */
export interface WatchlistItemTable {
  tenant_id: number
  watchlist_id: number
  symbol: string
  position: number
  added_at: CreatedAt
}

export interface WatchlistsTables {
  watchlist: WatchlistTable
  watchlist_item: WatchlistItemTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends WatchlistsTables {}
}

export const WATCHLISTS_TABLES = ownedTables<WatchlistsTables>({ watchlist: true, watchlist_item: true })
