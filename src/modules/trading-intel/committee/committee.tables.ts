/**
 * Row types of the committee tables (0020). They join `Database` (platform/db/schema.ts) by
 * declaration merging. The run and event tables have the run log's shape (platform/run-log,
 * `RunTable`/`RunEventTable`); runs.repository.ts queries them for it.
 */
import type { ColumnType, Generated } from 'kysely'
import { ownedTables } from '../../../platform/db/index.ts'
import type { RunEventTable, RunTable } from '../../../platform/run-log/run-store.ts'

type Json<T> = ColumnType<T, string, string>

/** Tenant table: one configuration row per tenant (absent → the documented defaults). */
export interface CommitteeConfigTable {
  tenant_id: number
  id: Generated<number>
  config: Json<Record<string, unknown>>
  updated_at: Date
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
