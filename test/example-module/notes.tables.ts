/** Row types of the example module's one table, joined to `Database` like every module's. */
import type { Generated } from 'kysely'
import { type CreatedAt, ownedTables } from '../../src/platform/db/index.ts'

export interface NoteTable {
  tenant_id: number
  id: Generated<number>
  text: string
  created_at: CreatedAt
}

export interface NotesTables {
  note: NoteTable
}

declare module '../../src/platform/db/schema.ts' {
  interface Database extends NotesTables {}
}

export const NOTES_TABLES = ownedTables<NotesTables>({ note: true })
