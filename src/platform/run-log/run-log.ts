/**
 * A run log: asynchronous runs with ordered events (the committee's and market research's).
 * Creating, reading, listing, cancelling and retrying runs, polling their events, and the job side
 * (start, step, finish) that appends the events. Every state change and event append happens in
 * one short transaction holding the run's row lock, so a cancel and a job step never interleave:
 * after a cancel, the job's next step is refused and it stops. State rules: run-states.ts. The
 * tables are the using module's, reached through the RunStore its repository implements.
 */
import type { Clock } from '../clock.ts'
import { ConflictError, NotFoundError } from '../http/errors.ts'
import type { Ids } from '../ids.ts'
import { afterKey, resolvePage, toPage, type PageQueryInput } from '../http/pagination.ts'
import type { Scopes, TenantScope } from '../db/index.ts'
import { canCancel, canRetry, canStart, canStep, type RunStatus } from './run-states.ts'
import type { RunEventRow, RunRow, RunStore } from './run-store.ts'

export type { RunEventRow, RunRow, RunStore } from './run-store.ts'

/** The most events one read answers (and the default of a poll). */
export const EVENTS_PAGE_MAX = 100

/** An event on the wire. */
export const eventOut = (e: RunEventRow) => ({
  seq: e.seq,
  kind: e.kind,
  payload: e.payload,
  created_at: e.created_at.toISOString(),
})

export interface RunLogDeps {
  scopes: Scopes
  clock: Clock
  ids: Ids
}

export class RunLog {
  constructor(
    private readonly deps: RunLogDeps,
    private readonly store: RunStore,
    /** The 404 code, e.g. `committee.run_not_found`. */
    private readonly notFound: string,
  ) {}

  create(tenantId: number, r: { subject: string; input: Record<string, unknown>; retry_of?: string }) {
    const row = { id: this.deps.ids.ulid(), created_at: this.deps.clock.now(), retry_of: r.retry_of ?? null }
    return this.deps.scopes.withTenant(tenantId, (s) =>
      this.store.insertRun(s, { ...row, subject: r.subject, input: r.input }),
    )
  }

  async get(tenantId: number, id: string): Promise<RunRow> {
    const run = await this.deps.scopes.withTenant(tenantId, (s) => this.store.findRun(s, id))
    if (!run) throw this.missing()
    return run
  }

  /** The run and its first events (up to EVENTS_PAGE_MAX), in one transaction. */
  withEvents(tenantId: number, id: string): Promise<{ run: RunRow; events: RunEventRow[] }> {
    return this.read(tenantId, id, 0, EVENTS_PAGE_MAX)
  }

  async list(tenantId: number, q: PageQueryInput & { subject?: string }) {
    const page = resolvePage(q)
    const after = afterKey<[string, string]>(page, ['time?', 'text'])
    const rows = await this.deps.scopes.withTenant(tenantId, (s) =>
      this.store.listRuns(s, {
        ...(q.subject ? { subject: q.subject } : {}),
        after,
        offset: page.offset,
        limit: page.pageSize + 1,
      }),
    )
    return toPage(rows, page, (r) => [r.created_at.toISOString(), r.id])
  }

  /**
   * One poll of a run's events: those with seq > `after` (default 0), at most `limit` (default
   * EVENTS_PAGE_MAX), with the run's status; `next_after` is the `after` of the next poll (the
   * last seq answered, else `after` again). 404 for a run that is not the tenant's.
   */
  async poll(tenantId: number, id: string, q: { after?: number | undefined; limit?: number | undefined }) {
    const after = q.after ?? 0
    const { run, events } = await this.read(tenantId, id, after, q.limit ?? EVENTS_PAGE_MAX)
    const last = events[events.length - 1]
    return {
      run_id: run.id,
      status: run.status as RunStatus,
      items: events.map(eventOut),
      next_after: last ? last.seq : after,
    }
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
      await this.store.updateRun(s, id, { status: 'running', started_at: at })
      await this.store.appendEvent(s, { run_id: id, kind: 'started', payload, at })
      return { ...run, status: 'running', started_at: at }
    })
  }

  private async interrupt(s: TenantScope, id: string): Promise<void> {
    const at = this.deps.clock.now()
    const error = {
      code: `${this.notFound.split('.')[0]}.interrupted`,
      detail: 'The run was interrupted before it finished; retry it',
    }
    await this.store.updateRun(s, id, { status: 'failed', finished_at: at, error })
    await this.store.appendEvent(s, { run_id: id, kind: 'failed', payload: error, at })
  }

  /** Appends a step event while the run is running; false when it is not (cancelled: stop). */
  step(tenantId: number, id: string, kind: string, payload: Record<string, unknown>): Promise<boolean> {
    return this.locked(tenantId, id, async (s, run) => {
      if (!canStep(run.status)) return false
      await this.store.appendEvent(s, { run_id: id, kind, payload, at: this.deps.clock.now() })
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
      await this.store.updateRun(s, id, { status: f.status, finished_at: at, ...outcome })
      await this.store.appendEvent(s, { run_id: id, kind: f.kind, payload: f.payload, at })
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
      await this.store.updateRun(s, id, { status: 'cancelled', finished_at: at })
      const payload = { previous_status: run.status }
      await this.store.appendEvent(s, { run_id: id, kind: 'cancelled', payload, at })
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

  /** The run and its events with seq > after (at most `limit`), in one transaction; 404 when not the tenant's. */
  private async read(tenantId: number, id: string, after: number, limit: number) {
    const out = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const run = await this.store.findRun(s, id)
      if (!run) return null
      return { run, events: await this.store.eventsAfter(s, { run_id: id, after, limit }) }
    })
    if (!out) throw this.missing()
    return out
  }

  private async locked<T>(
    tenantId: number,
    id: string,
    work: (s: TenantScope, run: RunRow) => Promise<T>,
  ): Promise<T> {
    const out = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const run = await this.store.findRun(s, id, true)
      return run ? { value: await work(s, run) } : null
    })
    if (!out) throw this.missing()
    return out.value
  }

  private missing(): NotFoundError {
    return new NotFoundError(this.notFound, 'No such run')
  }
}
