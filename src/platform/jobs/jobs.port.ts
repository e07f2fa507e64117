/**
 * The job queue port. Two adapters: `inprocess` (memory, timers) and `durable` (pg-boss in the
 * database). Handlers run outside any database transaction and must be idempotent: a durable job
 * can run again after a crash or a stop timeout.
 */

export interface JobContext {
  id: string
  name: string
  /** 1-based: 1 on the first run, 2 on the first retry, … */
  attempt: number
}

export type JobHandler<T> = (payload: T, ctx: JobContext) => Promise<void>

export interface JobOptions {
  /** Deduplicates per job name while a job with this key is queued, active or retained. */
  idempotencyKey?: string
  startAfterMs?: number
  /** Retries after the first attempt (default 2). */
  retryLimit?: number
  /** Delay before a retry (default 1000 ms; the durable adapter rounds up to whole seconds). */
  retryDelayMs?: number
  /** Double the delay on each retry. */
  retryBackoff?: boolean
}

export type JobDefaults = Omit<JobOptions, 'idempotencyKey' | 'startAfterMs'>

export interface FailedJob {
  id: string
  name: string
  payload: unknown
  error: string
  attempts: number
  failedAt: Date
}

export interface JobQueue {
  readonly kind: 'inprocess' | 'durable'
  /** Declare a job type and its handler (before start). Options are the defaults for its jobs. */
  register<T>(name: string, handler: JobHandler<T>, defaults?: JobDefaults): void
  /**
   * Enqueue; returns the job id, or null when a job with the same idempotency key already exists
   * (still queued/active/completed within the retention). Payloads must be JSON-serialisable.
   * Never await this inside an open transaction on PGlite: the queue waits for the one connection.
   */
  enqueue<T>(name: string, payload: T, opts?: JobOptions): Promise<string | null>
  /** Cron schedule (5-field, America/New_York by default) that enqueues `name` with `payload`. One per name. */
  schedule(name: string, cron: string, payload?: unknown, opts?: { tz?: string }): Promise<void>
  /** Begin working registered jobs in this process (API process with RUN_JOBS, or worker.ts). */
  start(opts?: { work: boolean }): Promise<void>
  /** Stop taking jobs, wait for running handlers (up to timeoutMs), release resources. */
  stop(timeoutMs?: number): Promise<void>
  /** Dead letters: jobs that exhausted their retries, newest first. */
  failed(name?: string, limit?: number): Promise<FailedJob[]>
  /** Test/ops helper: resolves when no job is queued or running (in-process), or after polling until idle (durable). */
  drain(timeoutMs?: number): Promise<void>
}

/** The part of a pino logger the queues use. */
export interface JobLogger {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

export const DEFAULT_RETRY_LIMIT = 2
export const DEFAULT_RETRY_DELAY_MS = 1000
export const DEFAULT_TIMEZONE = 'America/New_York'

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `cond` until true (→ true) or until `timeoutMs` passes (→ false). */
export async function waitUntil(cond: () => boolean, timeoutMs: number, everyMs = 20): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (!cond()) {
    if (Date.now() > deadline) return false
    await sleep(everyMs)
  }
  return true
}
