/**
 * The storage a run log works on: a run table and its event table, of the shape below, owned and
 * queried by the module that uses the log (its `*.repository.ts` implements `RunStore` on its own
 * two tables; the DDL is run-log.ddl.ts). Nothing here names a table.
 */
import type { ColumnType, Generated, Selectable } from 'kysely'
import type { TenantScope } from '../db/index.ts'

type Json<T> = ColumnType<T, string, string>
type JsonOrNull = ColumnType<Record<string, unknown> | null, string | null, string | null>

/** A run: `subject` is what it is about (a symbol, or a research theme); `input` its request. */
export interface RunTable {
  tenant_id: number
  id: string
  subject: string
  status: string
  input: Json<Record<string, unknown>>
  result: JsonOrNull
  error: JsonOrNull
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

export type RunRow = Selectable<RunTable>
export type RunEventRow = Selectable<RunEventTable>

export interface NewRun {
  id: string
  subject: string
  input: Record<string, unknown>
  retry_of: string | null
  created_at: Date
}

export interface RunChange {
  status: string
  started_at?: Date
  finished_at?: Date
  result?: Record<string, unknown>
  error?: Record<string, unknown>
}

export interface NewEvent {
  run_id: string
  kind: string
  payload: Record<string, unknown>
  at: Date
}

/** Every function takes the TenantScope first and filters by its tenant_id, as well as RLS does. */
export interface RunStore {
  /** A queued run. */
  insertRun(s: TenantScope, r: NewRun): Promise<RunRow>
  /** The run, locked for update when `lock` (event appends and state changes serialize on it). */
  findRun(s: TenantScope, id: string, lock?: boolean): Promise<RunRow | undefined>
  /** Newest first (created_at, then id), after the keyset position, optionally of one subject. */
  listRuns(
    s: TenantScope,
    q: { subject?: string; after: [string, string] | null; offset: number; limit: number },
  ): Promise<RunRow[]>
  updateRun(s: TenantScope, id: string, c: RunChange): Promise<void>
  /** Appends the run's next event (seq = last + 1); the caller holds the run's row lock. */
  appendEvent(s: TenantScope, e: NewEvent): Promise<RunEventRow>
  /** The run's events with seq > after, in order, at most `limit`. */
  eventsAfter(s: TenantScope, q: { run_id: string; after: number; limit: number }): Promise<RunEventRow[]>
}

/** The columns a new run is inserted with (queued, its input as JSON). */
export const newRunValues = (s: TenantScope, r: NewRun) => ({
  ...r,
  tenant_id: s.tenantId,
  status: 'queued',
  input: JSON.stringify(r.input),
})

/** The columns `updateRun` sets: the status, and whichever of the others the change carries. */
export const runChangeValues = (c: RunChange) => ({
  status: c.status,
  ...(c.started_at ? { started_at: c.started_at } : {}),
  ...(c.finished_at ? { finished_at: c.finished_at } : {}),
  ...(c.result ? { result: JSON.stringify(c.result) } : {}),
  ...(c.error ? { error: JSON.stringify(c.error) } : {}),
})

/** The columns of the event after `lastSeq` (null or 0: the run's first). */
export const newEventValues = (s: TenantScope, e: NewEvent, lastSeq: number | string | null | undefined) => ({
  tenant_id: s.tenantId,
  run_id: e.run_id,
  seq: Number(lastSeq ?? 0) + 1,
  kind: e.kind,
  payload: JSON.stringify(e.payload),
  created_at: e.at,
})
