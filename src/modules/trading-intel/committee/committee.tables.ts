/**
 * Row types of the committee tables (0020). They join `Database` (platform/db/schema.ts) by
 * declaration merging. The run and event tables have the shape `RunTable`/`RunEventTable` that the
 * shared run log (run-log.repository.ts) reads and writes; market-research owns two more of it.
 */
import type { ColumnType, Generated } from 'kysely'
import { ownedTables } from '../../../platform/db/index.ts'

type Json<T> = ColumnType<T, string, string>

/** Tenant table: one configuration row per tenant (absent → the documented defaults). */
export interface CommitteeConfigTable {
  tenant_id: number
  id: Generated<number>
  config: Json<Record<string, unknown>>
  updated_at: Date
}

/** A run: `subject` is what it is about (a symbol, or a research theme); `input` its request. */
export interface RunTable {
  tenant_id: number
  id: string
  subject: string
  status: string
  input: Json<Record<string, unknown>>
  result: ColumnType<Record<string, unknown> | null, string | null, string | null>
  error: ColumnType<Record<string, unknown> | null, string | null, string | null>
  retry_of: string | null
  created_at: Date
  started_at: Date | null
  finished_at: Date | null
}

/** One event of a run, numbered 1, 2, … per run (`seq`, unique with the run). */
export interface RunEventTable {
  tenant_id: number
  id: Generated<number>
  run_id: string
  seq: number
  kind: string
  payload: Json<Record<string, unknown>>
  created_at: Date
}

export interface CommitteeTables {
  committee_config: CommitteeConfigTable
  committee_run: RunTable
  committee_run_event: RunEventTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends CommitteeTables {}
}

export const COMMITTEE_TABLES = ownedTables<CommitteeTables>({
  committee_config: true,
  committee_run: true,
  committee_run_event: true,
})
