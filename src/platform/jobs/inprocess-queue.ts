/**
 * In-memory job runner for the single-process topology: timers for delays and retries, cron via
 * cron-parser, a global concurrency limit. Nothing survives a restart; use `durable` for that.
 */
import { randomUUID } from 'node:crypto'
import cronParser from 'cron-parser'
import { systemClock, type Clock } from '../clock.ts'
import {
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_RETRY_LIMIT,
  DEFAULT_TIMEZONE,
  errorMessage,
  type FailedJob,
  type JobDefaults,
  type JobHandler,
  type JobLogger,
  type JobOptions,
  type JobQueue,
} from './jobs.port.ts'
import { MAX_TIMER_MS, validate, Waiters } from './inprocess-support.ts'

export interface InProcessQueueOptions {
  log: JobLogger
  clock?: Clock
  /** Handlers running at once, across all job names (default 4). */
  concurrency?: number
  /** Idempotency keys remembered (oldest forgotten first; default 10 000). */
  maxRememberedKeys?: number
  /** Dead letters kept (default 1 000). */
  maxDeadLetters?: number
}

interface Registration {
  handler: JobHandler<unknown>
  defaults: JobDefaults
}

interface PendingJob {
  id: string
  name: string
  payload: unknown
  attempt: number
  retryLimit: number
  retryDelayMs: number
  retryBackoff: boolean
}

interface Schedule {
  cron: string
  tz: string
  payload: unknown
  timer?: NodeJS.Timeout
}

export class InProcessQueue implements JobQueue {
  readonly kind = 'inprocess' as const
  readonly #log: JobLogger
  readonly #clock: Clock
  readonly #concurrency: number
  readonly #maxKeys: number
  readonly #maxDead: number
  readonly #handlers = new Map<string, Registration>()
  readonly #keys = new Set<string>() // insertion order = age, so the first is evicted first
  readonly #ready: PendingJob[] = []
  readonly #delayed = new Map<NodeJS.Timeout, PendingJob>()
  readonly #schedules = new Map<string, Schedule>()
  readonly #dead: FailedJob[] = []
  /** Who waits for the queue to reach a state (idle, no handler running). */
  readonly #waiters = new Waiters()
  #running = 0
  #working = false
  #stopped = false
  #pumpQueued = false

  constructor(opts: InProcessQueueOptions) {
    this.#log = opts.log
    this.#clock = opts.clock ?? systemClock
    this.#concurrency = Math.max(1, opts.concurrency ?? 4)
    this.#maxKeys = opts.maxRememberedKeys ?? 10_000
    this.#maxDead = opts.maxDeadLetters ?? 1_000
  }

  register<T>(name: string, handler: JobHandler<T>, defaults: JobDefaults = {}): void {
    if (this.#handlers.has(name)) throw new Error(`job ${name} is already registered`)
    validate(defaults)
    this.#handlers.set(name, { handler: handler as JobHandler<unknown>, defaults })
  }

  async enqueue<T>(name: string, payload: T, opts: JobOptions = {}): Promise<string | null> {
    if (this.#stopped) throw new Error('job queue is stopped')
    const reg = this.#handlers.get(name)
    // Only this process can run in-process jobs, so an unknown name is a bug, not a job for later.
    if (!reg) throw new Error(`unknown job ${name}`)
    validate(opts)
    if (opts.idempotencyKey !== undefined) {
      const key = `${name}\u0000${opts.idempotencyKey}`
      if (this.#keys.has(key)) return null
      this.#keys.add(key)
      if (this.#keys.size > this.#maxKeys) this.#keys.delete(this.#keys.values().next().value as string)
    }
    const job: PendingJob = {
      id: randomUUID(),
      name,
      payload: structuredClone(payload), // the caller can't mutate a queued job
      attempt: 1,
      retryLimit: opts.retryLimit ?? reg.defaults.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelayMs: opts.retryDelayMs ?? reg.defaults.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
      retryBackoff: opts.retryBackoff ?? reg.defaults.retryBackoff ?? false,
    }
    this.#later(job, opts.startAfterMs ?? 0)
    return job.id
  }

  async schedule(name: string, cron: string, payload?: unknown, opts: { tz?: string } = {}): Promise<void> {
    if (!this.#handlers.has(name)) throw new Error(`unknown job ${name}`)
    const tz = opts.tz ?? DEFAULT_TIMEZONE
    cronParser.parseExpression(cron, { tz }) // throws on a bad expression now, not at the first tick
    const previous = this.#schedules.get(name)
    if (previous?.timer) clearTimeout(previous.timer)
    const entry: Schedule = { cron, tz, payload: structuredClone(payload) }
    this.#schedules.set(name, entry)
    if (this.#working) this.#arm(name, entry, this.#clock.now().getTime())
  }

  async start(opts: { work: boolean } = { work: true }): Promise<void> {
    if (this.#stopped) throw new Error('job queue is stopped')
    if (!opts.work) {
      this.#log.warn({}, 'in-process job queue started without work: jobs will wait in memory')
      return
    }
    if (this.#working) return
    this.#working = true
    const now = this.#clock.now().getTime()
    for (const [name, entry] of this.#schedules) this.#arm(name, entry, now)
    this.#schedulePump()
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.#stopped) return
    this.#working = false
    this.#stopped = true
    for (const entry of this.#schedules.values()) if (entry.timer) clearTimeout(entry.timer)
    for (const timer of this.#delayed.keys()) clearTimeout(timer)
    const dropped = this.#ready.length + this.#delayed.size
    this.#ready.length = 0
    this.#delayed.clear()
    if (dropped)
      this.#log.warn({ dropped }, 'in-process job queue stopped with jobs still queued; they are lost')
    this.#waiters.notify()
    if (!(await this.#waiters.waitFor(() => this.#running === 0, timeoutMs))) {
      this.#log.warn(
        { running: this.#running, timeoutMs },
        'job handlers still running after the stop timeout',
      )
    }
  }

  async failed(name?: string, limit = 100): Promise<FailedJob[]> {
    return this.#dead.filter((j) => name === undefined || j.name === name).slice(0, limit)
  }

  async drain(timeoutMs = 30_000): Promise<void> {
    const idle = () => this.#running === 0 && this.#delayed.size === 0 && this.#ready.length === 0
    if (!(await this.#waiters.waitFor(idle, timeoutMs)))
      throw new Error(`job queue not idle after ${timeoutMs} ms`)
  }

  // Delayed jobs and retries keep the process alive (they are real work); cron timers do not.
  #later(job: PendingJob, delayMs: number): void {
    if (delayMs <= 0) {
      this.#ready.push(job)
      this.#schedulePump()
      return
    }
    const timer = setTimeout(
      () => {
        this.#delayed.delete(timer)
        this.#ready.push(job)
        this.#pump()
      },
      Math.min(delayMs, MAX_TIMER_MS),
    )
    this.#delayed.set(timer, job)
  }

  // Handlers start on a later macrotask, so enqueue() returns before its handler runs.
  #schedulePump(): void {
    if (this.#pumpQueued) return
    this.#pumpQueued = true
    setImmediate(() => {
      this.#pumpQueued = false
      this.#pump()
    })
  }

  #pump(): void {
    while (this.#working && this.#running < this.#concurrency) {
      const job = this.#ready.shift()
      if (!job) break
      this.#running++
      void this.#run(job).finally(() => {
        this.#running--
        this.#pump()
      })
    }
    this.#waiters.notify()
  }

  async #run(job: PendingJob): Promise<void> {
    const reg = this.#handlers.get(job.name)
    const ctx = { id: job.id, name: job.name, attempt: job.attempt }
    try {
      if (!reg) throw new Error(`unknown job ${job.name}`)
      await reg.handler(structuredClone(job.payload), ctx)
    } catch (err) {
      const error = errorMessage(err)
      if (this.#stopped) {
        this.#log.warn(
          { job: job.name, jobId: job.id, attempt: job.attempt, err: error },
          'job failed during shutdown; not retried',
        )
      } else if (job.attempt <= job.retryLimit) {
        const delay = job.retryBackoff ? job.retryDelayMs * 2 ** (job.attempt - 1) : job.retryDelayMs
        this.#log.warn(
          { job: job.name, jobId: job.id, attempt: job.attempt, retryInMs: delay, err: error },
          'job failed; will retry',
        )
        this.#later({ ...job, attempt: job.attempt + 1 }, delay)
      } else {
        this.#log.error(
          { job: job.name, jobId: job.id, attempts: job.attempt, err: error },
          'job failed; retries exhausted',
        )
        this.#dead.unshift({
          id: job.id,
          name: job.name,
          payload: job.payload,
          error,
          attempts: job.attempt,
          failedAt: this.#clock.now(),
        })
        if (this.#dead.length > this.#maxDead) this.#dead.pop()
      }
    }
  }

  #arm(name: string, entry: Schedule, fromMs: number): void {
    const next = cronParser
      .parseExpression(entry.cron, { tz: entry.tz, currentDate: new Date(fromMs) })
      .next()
      .getTime()
    const wait = next - this.#clock.now().getTime()
    entry.timer = setTimeout(
      () => {
        if (wait > MAX_TIMER_MS) return this.#arm(name, entry, fromMs) // far-off tick: just re-arm
        this.enqueue(name, entry.payload).catch((err: unknown) => {
          this.#log.error({ job: name, err: errorMessage(err) }, 'scheduled enqueue failed')
        })
        // Never before `next`, so a timer that fires a millisecond early can't repeat the tick.
        this.#arm(name, entry, Math.max(next, this.#clock.now().getTime()))
      },
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    )
    entry.timer.unref()
  }
}
