/**
 * The run log service shared by the committee and market-research: creating, reading, listing,
 * cancelling and retrying runs, and the job side (start, step, finish) that appends the ordered
 * events. Every state change and event append happens in one short transaction holding the run's
 * row lock, so a cancel and a job step never interleave: after a cancel, the job's next step is
 * refused and it stops. State rules: lib/run-states.ts.
 */
import type { Clock } from '../clock.ts'
import type { Scopes } from '../db/tenant-scope.ts'
import { ConflictError, NotFoundError } from '../http/errors.ts'
import type { Ids } from '../ids.ts'
import { afterKey, resolvePage, toPage, type PageQueryInput } from '../http/pagination.ts'
import { canCancel, canRetry, canStart, canStep } from './run-states.ts'
import * as repo from '../../modules/trading-intel/committee/runs.repository.ts'
import type { RunEventRow, RunRow, RunTables } from '../../modules/trading-intel/committee/runs.repository.ts'

export type { RunEventRow, RunRow, RunTables } from '../../modules/trading-intel/committee/runs.repository.ts'

export const EVENTS_PAGE_MAX = 100

export interface RunLogDeps {
  scopes: Scopes
  clock: Clock
  ids: Ids
}

export class RunLog {
  constructor(
    private readonly deps: RunLogDeps,
    private readonly tables: RunTables,
    /** The 404 code, e.g. `committee.run_not_found`. */
    private readonly notFound: string,
  ) {}

  create(tenantId: number, r: { subject: string; input: Record<string, unknown>; retry_of?: string }) {
    const row = { id: this.deps.ids.ulid(), created_at: this.deps.clock.now(), retry_of: r.retry_of ?? null }
    return this.deps.scopes.withTenant(tenantId, (s) =>
      repo.insertRun(s, this.tables, { ...row, subject: r.subject, input: r.input }),
    )
  }

  async get(tenantId: number, id: string): Promise<RunRow> {
    const run = await this.deps.scopes.withTenant(tenantId, (s) => repo.findRun(s, this.tables, id))
    if (!run) throw this.missing()
    return run
  }

  /** The run and its first events (up to EVENTS_PAGE_MAX), in one transaction. */
  async withEvents(tenantId: number, id: string): Promise<{ run: RunRow; events: RunEventRow[] }> {
    const out = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const run = await repo.findRun(s, this.tables, id)
      if (!run) return null
      return { run, events: await repo.eventsAfter(s, this.tables, { run_id: id, after: 0, limit: 100 }) }
    })
    if (!out) throw this.missing()
    return out
  }

  async list(tenantId: number, q: PageQueryInput & { subject?: string }) {
    const page = resolvePage(q)
    const after = afterKey<[string, string]>(page, ['time?', 'text'])
    const rows = await this.deps.scopes.withTenant(tenantId, (s) =>
      repo.listRuns(s, this.tables, {
        ...(q.subject ? { subject: q.subject } : {}),
        after,
        offset: page.offset,
        limit: page.pageSize + 1,
      }),
    )
    return toPage(rows, page, (r) => [r.created_at.toISOString(), r.id])
  }

  /** Events with seq > after, in order; 404 for a run that is not the tenant's. */
  async events(tenantId: number, id: string, q: { after: number; limit: number }) {
    const out = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const run = await repo.findRun(s, this.tables, id)
      if (!run) return null
      return { run, events: await repo.eventsAfter(s, this.tables, { run_id: id, ...q }) }
    })
    if (!out) throw this.missing()
    return out
  }

  /**
   * queued → running with a `started` event; null when there is nothing to do. A job that finds
   * its run already running is a redelivery after the earlier attempt died (it threw past its own
   * catch, or the process stopped; the queue's idempotency key rules out a concurrent twin): that
   * run can never finish, so it is closed as failed `<ns>.interrupted`, which `retry` accepts.
   */
  start(tenantId: number, id: string, payload: Record<string, unknown> = {}): Promise<RunRow | null> {
    return this.locked(tenantId, id, async (s, run) => {
      if (run.status === 'running') {
        await this.interrupt(s, id)
        return null
      }
      if (!canStart(run.status)) return null
      const at = this.deps.clock.now()
      await repo.updateRun(s, this.tables, id, { status: 'running', started_at: at })
      await repo.appendEvent(s, this.tables, { run_id: id, kind: 'started', payload, at })
      return { ...run, status: 'running', started_at: at }
    })
  }

  private async interrupt(s: Parameters<typeof repo.appendEvent>[0], id: string): Promise<void> {
    const at = this.deps.clock.now()
    const error = {
      code: `${this.notFound.split('.')[0]}.interrupted`,
      detail: 'The run was interrupted before it finished; retry it',
    }
    await repo.updateRun(s, this.tables, id, { status: 'failed', finished_at: at, error })
    await repo.appendEvent(s, this.tables, { run_id: id, kind: 'failed', payload: error, at })
  }

  /** Appends a step event while the run is running; false when it is not (cancelled: stop). */
  step(tenantId: number, id: string, kind: string, payload: Record<string, unknown>): Promise<boolean> {
    return this.locked(tenantId, id, async (s, run) => {
      if (!canStep(run.status)) return false
      await repo.appendEvent(s, this.tables, { run_id: id, kind, payload, at: this.deps.clock.now() })
      return true
    })
  }

  /** running → completed | failed with its terminal event; false when the run was cancelled meanwhile. */
  finish(
    tenantId: number,
    id: string,
    f: {
      status: 'completed' | 'failed'
      kind: string
      payload: Record<string, unknown>
      result?: Record<string, unknown>
    },
  ): Promise<boolean> {
    return this.locked(tenantId, id, async (s, run) => {
      if (!canStep(run.status)) return false
      const at = this.deps.clock.now()
      // The stored result defaults to the terminal event's payload.
      const outcome = f.status === 'completed' ? { result: f.result ?? f.payload } : { error: f.payload }
      await repo.updateRun(s, this.tables, id, { status: f.status, finished_at: at, ...outcome })
      await repo.appendEvent(s, this.tables, { run_id: id, kind: f.kind, payload: f.payload, at })
      return true
    })
  }

  /** queued | running → cancelled (with a `cancelled` event); 409 `<ns>.run_not_cancellable` otherwise. */
  cancel(tenantId: number, id: string, ns: string): Promise<RunRow> {
    return this.locked(tenantId, id, async (s, run) => {
      if (!canCancel(run.status))
        throw new ConflictError(
          `${ns}.run_not_cancellable`,
          `The run is ${run.status}; only queued or running runs can be cancelled`,
        )
      const at = this.deps.clock.now()
      await repo.updateRun(s, this.tables, id, { status: 'cancelled', finished_at: at })
      const payload = { previous_status: run.status }
      await repo.appendEvent(s, this.tables, { run_id: id, kind: 'cancelled', payload, at })
      return { ...run, status: 'cancelled', finished_at: at }
    })
  }

  /** A new queued run with the old one's input and retry_of; 409 `<ns>.run_not_retryable` unless failed/cancelled. */
  async retry(tenantId: number, id: string, ns: string): Promise<RunRow> {
    const old = await this.get(tenantId, id)
    if (!canRetry(old.status))
      throw new ConflictError(
        `${ns}.run_not_retryable`,
        `The run is ${old.status}; only failed or cancelled runs can be retried`,
      )
    return this.create(tenantId, { subject: old.subject, input: old.input, retry_of: old.id })
  }

  private async locked<T>(
    tenantId: number,
    id: string,
    work: (s: Parameters<Parameters<Scopes['withTenant']>[1]>[0], run: RunRow) => Promise<T>,
  ): Promise<T> {
    const out = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const run = await repo.findRun(s, this.tables, id, true)
      return run ? { value: await work(s, run) } : null
    })
    if (!out) throw this.missing()
    return out.value
  }

  private missing(): NotFoundError {
    return new NotFoundError(this.notFound, 'No such run')
  }
}
