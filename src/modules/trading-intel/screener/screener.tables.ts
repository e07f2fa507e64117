/** Row type of the saved screens (migration 0039), merged into `Database`. */
import type { ColumnType, Generated } from 'kysely'
import { ownedTables } from '../../../platform/db/index.ts'

/** The two surfaces that keep their own saved screens. */
export const SURFACES = ['classic', 'stock_screener'] as const
export type Surface = (typeof SURFACES)[number]

/** Tenant (0039): a user's named screen spec on one surface; names unique per user and surface. */
export interface SavedScreenTable {
  tenant_id: number
  id: Generated<number>
  user_id: number
  surface: Surface
  name: string
  /** The validated screen spec (JSON). */
  spec: ColumnType<unknown, string, string>
  created_at: ColumnType<Date, Date | undefined, Date>
}

export interface ScreenerTables {
  saved_screen: SavedScreenTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends ScreenerTables {}
}

export const SCREENER_TABLES = ownedTables<ScreenerTables>({ saved_screen: true })
