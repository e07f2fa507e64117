/**
 * Durable job queue on pg-boss 10. Every statement goes through `handle.raw`, the engine's one
 * connection lock, so on PGlite a queue statement never lands inside a request's open transaction.
 */
import PgBoss from 'pg-boss'
import type { DatabaseHandle, RawResult } from '../db/index.ts'
import {
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_RETRY_LIMIT,
  DEFAULT_TIMEZONE,
  errorMessage,
  sleep,
  waitUntil,
  type FailedJob,
  type JobDefaults,
  type JobHandler,
  type JobLogger,
  type JobOptions,
  type JobQueue,
} from './jobs.port.ts'
import {
  failedJobsSql,
  IDEMPOTENCY_SLOT_HOURS,
  implicitTransaction,
  retryOptions,
  toFailedJob,
  toJsonb,
} from './pgboss-wire.ts'

export interface PgBossQueueOptions {
  log: JobLogger
  /** Postgres schema for pg-boss's tables (default `pgboss`). */
  schema?: string
  /** Idle polling per worker process (default 1 s; pg-boss 10's minimum is 0.5 s). */
  pollingIntervalSeconds?: number
  /** Handlers running at once in this process, across all job names (default 4). */
  concurrency?: number
  /** Jobs fetched per query (default = concurrency). */
  batchSize?: number
  /** Default 600 s on PGlite (single connection, light load), 120 s on PostgreSQL. */
  maintenanceIntervalSeconds?: number
  /** How long finished jobs stay in the job table, which is also the idempotency window (default 1 day). */
  keepFinishedSeconds?: number
}

type Registration = { handler: JobHandler<unknown>; defaults: JobDefaults }

export class PgBossQueue implements JobQueue {
  readonly kind = 'durable' as const
  readonly #handle: DatabaseHandle
  readonly #log: JobLogger
  readonly #schema: string
  readonly #pollMs: number
  readonly #concurrency: number
  readonly #batchSize: number
  readonly #bossConfig: PgBoss.MaintenanceOptions
  readonly #handlers = new Map<string, Registration>()
  readonly #queues = new Set<string>() // created in the database by this process
  readonly #running = new Map<string, { name: string }>()
  readonly #pendingSql = new Set<Promise<unknown>>()
  #boss: PgBoss | undefined
  #loop: Promise<void> | undefined
  #wakeUp: (() => void) | undefined
  #working = false
  #stopped = false
  #poked = false

  constructor(handle: DatabaseHandle, opts: PgBossQueueOptions) {
    this.#handle = handle
    this.#log = opts.log
    this.#schema = opts.schema ?? 'pgboss'
    this.#pollMs = Math.max(0.5, opts.pollingIntervalSeconds ?? 1) * 1000
    this.#concurrency = Math.max(1, opts.concurrency ?? 4)
    this.#batchSize = Math.max(1, opts.batchSize ?? this.#concurrency)
    const keep = Math.max(60, opts.keepFinishedSeconds ?? 86_400) // < 60 s disables pg-boss cron
    this.#bossConfig = {
      maintenanceIntervalSeconds:
        opts.maintenanceIntervalSeconds ?? (handle.engine === 'postgres' ? 120 : 600),
      archiveCompletedAfterSeconds: keep,
      archiveFailedAfterSeconds: keep,
    }
  }

  /** The pg-boss instance once started (ops and tests: getSchedules, getQueue…). */
  get boss(): PgBoss | undefined {
    return this.#boss
  }

  register<T>(name: string, handler: JobHandler<T>, defaults: JobDefaults = {}): void {
    if (this.#boss) throw new Error('register jobs before start()')
    if (this.#handlers.has(name)) throw new Error(`job ${name} is already registered`)
    this.#handlers.set(name, { handler: handler as JobHandler<unknown>, defaults })
  }

  async enqueue<T>(name: string, payload: T, opts: JobOptions = {}): Promise<string | null> {
    const boss = this.#started()
    await this.#ensureQueue(name)
    const send: PgBoss.SendOptions = {
      ...retryOptions(this.#handlers.get(name)?.defaults ?? {}),
      ...retryOptions(opts),
    }
    if (opts.startAfterMs && opts.startAfterMs > 0)
      send.startAfter = `${(opts.startAfterMs / 1000).toFixed(3)} seconds`
    if (opts.idempotencyKey !== undefined) {
      send.singletonKey = opts.idempotencyKey
      send.singletonHours = IDEMPOTENCY_SLOT_HOURS
    }
    const id = await boss.send(name, toJsonb(payload), send)
    if (id && !send.startAfter && this.#handlers.has(name)) this.#poke() // run it now, not at the next poll
    return id
  }

  async schedule(name: string, cron: string, payload?: unknown, opts: { tz?: string } = {}): Promise<void> {
    const boss = this.#started()
    await this.#ensureQueue(name)
    // Stored in the database; the timekeeper of any working process enqueues it (checked every ~30 s).
    await boss.schedule(name, cron, toJsonb(payload), { tz: opts.tz ?? DEFAULT_TIMEZONE })
  }

  async start(opts: { work: boolean } = { work: true }): Promise<void> {
    if (this.#stopped) throw new Error('job queue is stopped')
    if (this.#boss) return
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.#sql(text, values) },
      schema: this.#schema,
      ...this.#bossConfig,
      supervise: opts.work, // maintenance and cron are coordinated in the database: working processes do them
      schedule: opts.work,
      retryLimit: DEFAULT_RETRY_LIMIT,
      retryDelay: DEFAULT_RETRY_DELAY_MS / 1000,
    })
    boss.on('error', (err) => this.#log.error({ err: errorMessage(err) }, 'pg-boss error'))
    await boss.start()
    this.#boss = boss
    for (const [name, reg] of this.#handlers) {
      const defaults = retryOptions(reg.defaults)
      await boss.createQueue(name, { name, ...defaults })
      // createQueue keeps an existing row, so apply the current defaults explicitly.
      if (Object.keys(defaults).length) await boss.updateQueue(name, { name, ...defaults })
      this.#queues.add(name)
    }
    if (opts.work && this.#handlers.size) {
      this.#working = true
      this.#loop = this.#work(boss)
    }
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    const boss = this.#boss
    if (!boss || this.#stopped) return
    this.#stopped = true
    this.#working = false
    this.#poke()
    await this.#loop
    if (!(await waitUntil(() => this.#running.size === 0, timeoutMs))) {
      this.#log.warn(
        { running: this.#running.size, timeoutMs },
        'job handlers still running after the stop timeout',
      )
      // Like pg-boss's own shutdown: fail them so they are retried (by this or another worker).
      const stopped = new Error('worker stopped while the job was running')
      await Promise.allSettled([...this.#running].map(([id, { name }]) => boss.fail(name, id, stopped)))
    }
    await boss.stop({ graceful: true, wait: true, close: false, timeout: 1000 })
    // pg-boss fires some statements without awaiting them; let them finish before the handle closes.
    await waitUntil(() => this.#pendingSql.size === 0, 5_000)
  }

  // Read from pg-boss's job and archive tables, not a dead-letter queue: pg-boss 10's dead-letter copy is
  // a new job without the original id and attempt count, and is itself archived as an unworked job.
  async failed(name?: string, limit = 100): Promise<FailedJob[]> {
    const { rows } = await this.#sql(failedJobsSql(this.#schema), [name ?? null, limit])
    return rows.map(toFailedJob)
  }

  async drain(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const names = [...new Set([...this.#handlers.keys(), ...this.#queues])]
      const busy = `SELECT count(*)::int AS n FROM ${this.#schema}.job WHERE name = ANY($1::text[]) AND state < 'completed'`
      const { rows } = await this.#sql(busy, [names])
      if (Number(rows[0]?.n) === 0 && this.#running.size === 0) return
      if (Date.now() > deadline) throw new Error(`job queue not idle after ${timeoutMs} ms`)
      await sleep(100)
    }
  }

  // Our own fetch loop instead of boss.work(): work() completes/fails a batch without awaiting it
  // (a database error there is an unhandled rejection), holds the whole batch until its slowest job
  // ends and then sleeps a polling interval. Here each job settles on its own and slots refill at once.
  async #work(boss: PgBoss): Promise<void> {
    const names = [...this.#handlers.keys()]
    let offset = 0
    while (this.#working) {
      this.#poked = false
      let fetched = 0
      try {
        for (let i = 0; i < names.length && this.#working; i++) {
          const free = this.#concurrency - this.#running.size
          if (free <= 0) break
          const name = names[(offset + i) % names.length] as string
          // fetch() returns [] on a database error (pg-boss swallows it); the next poll retries.
          const jobs = await boss.fetch<unknown>(name, {
            batchSize: Math.min(free, this.#batchSize),
            includeMetadata: true,
          })
          fetched += jobs.length
          for (const job of jobs) this.#run(boss, name, job)
        }
      } catch (err) {
        this.#log.error({ err: errorMessage(err) }, 'job fetch failed')
      }
      offset++
      const idle = fetched === 0 || this.#running.size >= this.#concurrency
      if (this.#working && idle && !this.#poked) await this.#nap()
    }
  }

  #run(boss: PgBoss, name: string, job: PgBoss.JobWithMetadata<unknown>): void {
    const reg = this.#handlers.get(name) as Registration
    const ctx = { id: job.id, name, attempt: job.retryCount + 1 }
    this.#running.set(job.id, { name })
    void (async () => {
      let failure: Error | undefined
      try {
        await reg.handler(job.data, ctx)
      } catch (err) {
        failure = err instanceof Error ? err : new Error(String(err))
      }
      try {
        if (!failure) await boss.complete(name, job.id)
        else {
          const fields = { job: name, jobId: job.id, attempt: ctx.attempt, err: failure.message }
          if (job.retryCount >= job.retryLimit) this.#log.error(fields, 'job failed; retries exhausted')
          else this.#log.warn(fields, 'job failed; will retry')
          await boss.fail(name, job.id, failure) // stored as output {name, message, stack}
        }
      } catch (err) {
        // The job stays active until pg-boss's expiry (15 min) fails it, then it is retried.
        this.#log.error(
          { job: name, jobId: job.id, err: errorMessage(err) },
          'could not record the job outcome',
        )
      }
    })().finally(() => {
      this.#running.delete(job.id)
      this.#poke()
    })
  }

  // A poke during a fetch round (no nap to cut short yet) makes the loop go round again instead of napping.
  #poke(): void {
    this.#poked = true
    this.#wakeUp?.()
  }

  #nap(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#wakeUp?.(), this.#pollMs)
      this.#wakeUp = () => {
        clearTimeout(timer)
        this.#wakeUp = undefined
        resolve()
      }
    })
  }

  #started(): PgBoss {
    if (this.#boss && !this.#stopped) return this.#boss
    throw new Error(this.#stopped ? 'job queue is stopped' : 'call start() before enqueue/schedule')
  }

  // pg-boss 10 requires the queue (its partition table) to exist before send/schedule.
  async #ensureQueue(name: string): Promise<void> {
    if (this.#queues.has(name)) return
    await this.#started().createQueue(name, { name })
    this.#queues.add(name)
  }

  #sql(text: string, values?: unknown[]): Promise<RawResult> {
    const params = values ?? []
    const p = this.#handle.raw(params.length ? text : implicitTransaction(text), params)
    this.#pendingSql.add(p)
    p.then(
      () => this.#pendingSql.delete(p),
      () => this.#pendingSql.delete(p),
    )
    return p
  }
}
