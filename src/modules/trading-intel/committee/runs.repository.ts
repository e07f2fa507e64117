/**
 * The run log shared by the committee and market-research (one copy, two table pairs): runs with a
 * status, and their events numbered 1, 2, … per run. Each module passes its own table names (the
 * tables have the same shape: RunTable/RunEventTable); every function takes the TenantScope first
 * and filters by tenant_id as well as RLS does.
 */
import type { Selectable, Transaction } from 'kysely'
import type { TenantScope } from '../../../platform/db/tenant-scope.ts'
import type { RunEventTable, RunTable } from './committee.tables.ts'

export type RunRow = Selectable<RunTable>
export type RunEventRow = Selectable<RunEventTable>
export interface RunTables {
  run: string
  event: string
}

/** Both pairs have one shape; the builder is typed against it and given the real names. */
type RunDb = { runs: RunTable; run_events: RunEventTable }
const dbOf = (s: TenantScope) => s.db as unknown as Transaction<RunDb>

export interface NewRun {
  id: string
  subject: string
  input: Record<string, unknown>
  retry_of: string | null
  created_at: Date
}

export function insertRun(s: TenantScope, t: RunTables, r: NewRun): Promise<RunRow> {
  return dbOf(s)
    .insertInto(t.run as 'runs')
    .values({ ...r, tenant_id: s.tenantId, status: 'queued', input: JSON.stringify(r.input) })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The run, locked for update when `lock` (event appends and state changes serialize on it). */
export function findRun(s: TenantScope, t: RunTables, id: string, lock = false): Promise<RunRow | undefined> {
  const q = dbOf(s)
    .selectFrom(t.run as 'runs')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
  return (lock ? q.forUpdate() : q).executeTakeFirst()
}

/** Newest first (created_at, then id), after the keyset position, optionally of one subject. */
export function listRuns(
  s: TenantScope,
  t: RunTables,
  q: { subject?: string; after: [string, string] | null; offset: number; limit: number },
): Promise<RunRow[]> {
  let query = dbOf(s)
    .selectFrom(t.run as 'runs')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
  if (q.subject) query = query.where('subject', '=', q.subject)
  if (q.after) {
    const [at, id] = [new Date(q.after[0]), q.after[1]]
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]),
    )
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute()
}

export interface RunChange {
  status: string
  started_at?: Date
  finished_at?: Date
  result?: Record<string, unknown>
  error?: Record<string, unknown>
}

export async function updateRun(s: TenantScope, t: RunTables, id: string, c: RunChange): Promise<void> {
  await dbOf(s)
    .updateTable(t.run as 'runs')
    .set({
      status: c.status,
      ...(c.started_at ? { started_at: c.started_at } : {}),
      ...(c.finished_at ? { finished_at: c.finished_at } : {}),
      ...(c.result ? { result: JSON.stringify(c.result) } : {}),
      ...(c.error ? { error: JSON.stringify(c.error) } : {}),
    })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .execute()
}

/** Appends the run's next event (seq = last + 1); the caller holds the run's row lock. */
export async function appendEvent(
  s: TenantScope,
  t: RunTables,
  e: { run_id: string; kind: string; payload: Record<string, unknown>; at: Date },
): Promise<RunEventRow> {
  const db = dbOf(s)
  const last = await db
    .selectFrom(t.event as 'run_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('tenant_id', '=', s.tenantId)
    .where('run_id', '=', e.run_id)
    .executeTakeFirst()
  return db
    .insertInto(t.event as 'run_events')
    .values({
      tenant_id: s.tenantId,
      run_id: e.run_id,
      seq: Number(last?.seq ?? 0) + 1,
      kind: e.kind,
      payload: JSON.stringify(e.payload),
      created_at: e.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The run's events with seq > after, in order, at most `limit`. */
export function eventsAfter(
  s: TenantScope,
  t: RunTables,
  q: { run_id: string; after: number; limit: number },
): Promise<RunEventRow[]> {
  return dbOf(s)
    .selectFrom(t.event as 'run_events')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('run_id', '=', q.run_id)
    .where('seq', '>', q.after)
    .orderBy('seq')
    .limit(q.limit)
    .execute()
}
