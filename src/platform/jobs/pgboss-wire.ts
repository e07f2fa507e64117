/**
 * How the durable queue (pgboss-queue.ts) speaks to pg-boss 10: retry options, payloads, scripts,
 * and the failed jobs as pg-boss stores them.
 */
import type PgBoss from 'pg-boss'
import type { RawResult } from '../db/index.ts'
import type { FailedJob, JobDefaults } from './jobs.port.ts'

// pg-boss 10 enforces singletonKey only inside a throttle slot (unique index on name, singleton_on,
// singleton_key while state <> 'cancelled'). One slot spanning 1970–2038 (the int4 seconds limit) makes
// it "unique while the job row exists". Hours, because singletonSeconds is capped at the archive interval.
export const IDEMPOTENCY_SLOT_HOURS = Math.floor((2 ** 31 - 1) / 3600)
// pg-boss wraps schema scripts in BEGIN … COMMIT; sent as one simple query that leaves the shared
// session in an aborted transaction when a statement fails (e.g. the benign "already exists" race).
const EXPLICIT_TRANSACTION = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/

/**
 * A schema script without its BEGIN … COMMIT: sent as one simple query, a multi-statement text is one
 * implicit transaction (atomic, and rolled back on error) that leaves the session usable.
 */
export function implicitTransaction(text: string): string {
  return EXPLICIT_TRANSACTION.exec(text)?.[1] ?? text
}

export function retryOptions(o: JobDefaults): PgBoss.RetryOptions {
  const out: PgBoss.RetryOptions = {}
  if (o.retryLimit !== undefined) out.retryLimit = o.retryLimit
  // pg-boss delays are whole seconds; rounding up never retries sooner than asked.
  if (o.retryDelayMs !== undefined) out.retryDelay = Math.max(1, Math.ceil(o.retryDelayMs / 1000))
  if (o.retryBackoff !== undefined) out.retryBackoff = o.retryBackoff
  return out
}

// JSON text, so arrays and strings become jsonb the same way on PGlite and node-postgres
// (node-postgres would turn a JS array into a Postgres array literal).
export function toJsonb(payload: unknown): object {
  return JSON.stringify(payload ?? null) as unknown as object
}

// Handler errors are stored as {name, message, stack}; pg-boss's own (timeout, shutdown) as {value}.
export function outputMessage(output: unknown): string {
  const o = (output ?? {}) as { message?: unknown; value?: { message?: unknown } | string }
  if (typeof o.message === 'string') return o.message
  if (typeof o.value === 'string') return o.value
  if (typeof o.value?.message === 'string') return o.value.message
  return output == null ? 'unknown error' : JSON.stringify(output)
}

/** Failed jobs, newest first, of one name ($1, or every name when null), at most $2: live and archived. */
export function failedJobsSql(schema: string): string {
  const cols = 'id, name, data, output, retry_count, completed_on'
  const where = `state = 'failed' AND ($1::text IS NULL OR name = $1) AND left(name, 10) <> '__pgboss__'`
  return `SELECT ${cols} FROM ${schema}.job WHERE ${where}
       UNION ALL SELECT ${cols} FROM ${schema}.archive WHERE ${where}
       ORDER BY completed_on DESC LIMIT $2`
}

export function toFailedJob(r: RawResult['rows'][number]): FailedJob {
  return {
    id: String(r.id),
    name: String(r.name),
    payload: r.data ?? null,
    error: outputMessage(r.output),
    attempts: Number(r.retry_count) + 1,
    failedAt: new Date(r.completed_on as Date | string),
  }
}
