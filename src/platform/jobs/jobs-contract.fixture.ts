/**
 * The contract every JobQueue keeps (jobs.port.ts), as tests any adapter runs: jobs.test.ts (in
 * process) and jobs.durable.test.ts (pg-boss on PGlite and PostgreSQL).
 */
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { sleep, type JobContext, type JobQueue } from './jobs.port.ts'

export const silent = { info() {}, warn() {}, error() {} }

export async function waitFor(
  cond: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await cond())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`)
    await sleep(25)
  }
}

export interface Adapter {
  queue: JobQueue
  /** In-process: waits for a tick of an every-second cron. Durable: checks pg-boss stored it. */
  checkSchedule(queue: JobQueue, ticks: () => number): Promise<void>
  close(): Promise<void>
}

type Run = { payload: unknown; ctx: JobContext }

/** The queue under test with the contract's jobs registered and started, and what they recorded. */
interface Harness {
  adapter: () => Adapter
  queue: () => JobQueue
  ran: (name: string) => Run[]
  slow: () => 'idle' | 'running' | 'done'
}

function harness(make: () => Promise<Adapter>): Harness {
  let a: Adapter
  let q: JobQueue
  const runs = new Map<string, Run[]>()
  const ran = (name: string): Run[] => runs.get(name) ?? []
  const record = (name: string, payload: unknown, ctx: JobContext) =>
    runs.set(name, [...ran(name), { payload, ctx }])
  let slow: 'idle' | 'running' | 'done' = 'idle'

  before(async () => {
    a = await make()
    q = a.queue
    for (const name of ['echo', 'dedupe', 'later', 'tick'])
      q.register(name, async (p, ctx) => void record(name, p, ctx))
    q.register(
      'flaky',
      async (p, ctx) => {
        record('flaky', p, ctx)
        if (ctx.attempt === 1) throw new Error('first attempt fails')
      },
      { retryLimit: 2, retryDelayMs: 50 },
    )
    q.register(
      'doomed',
      async (p, ctx) => {
        record('doomed', p, ctx)
        throw new Error(`broken on attempt ${ctx.attempt}`)
      },
      { retryLimit: 1, retryDelayMs: 50 },
    )
    q.register('slow', async () => {
      slow = 'running'
      await sleep(700)
      slow = 'done'
    })
    await q.start({ work: true })
  })
  after(() => a.close())
  return { adapter: () => a, queue: () => q, ran, slow: () => slow }
}

function deliveryCases(h: Harness): void {
  const ran = h.ran
  it('runs a job with its payload (a copy the caller cannot mutate)', async () => {
    const payload = { account: 'a-1', lots: [1, 2] }
    const id = await h.queue().enqueue('echo', payload)
    payload.lots.push(3)
    await h.queue().enqueue('echo', ['top-level', 'array'])
    await waitFor(() => ran('echo').length === 2, 'two echo runs')
    const first = ran('echo').find((r) => r.ctx.id === id)
    assert.deepEqual(first?.payload, { account: 'a-1', lots: [1, 2] })
    assert.deepEqual(first?.ctx, { id, name: 'echo', attempt: 1 })
    assert.ok(ran('echo').some((r) => JSON.stringify(r.payload) === '["top-level","array"]'))
  })

  it('dedupes by idempotency key while the job is queued and after it completed', async () => {
    const first = await h.queue().enqueue('dedupe', { n: 1 }, { idempotencyKey: 'order-1' })
    assert.equal(typeof first, 'string')
    assert.equal(await h.queue().enqueue('dedupe', { n: 2 }, { idempotencyKey: 'order-1' }), null)
    await h.queue().drain(10_000)
    assert.equal(await h.queue().enqueue('dedupe', { n: 3 }, { idempotencyKey: 'order-1' }), null)
    assert.equal(
      typeof (await h.queue().enqueue('dedupe', { n: 4 }, { idempotencyKey: 'order-2' })),
      'string',
    )
    await h.queue().drain(10_000)
    assert.deepEqual(
      ran('dedupe').map((r) => r.payload),
      [{ n: 1 }, { n: 4 }],
    )
  })

  it('retries a failed job (attempt 1 then 2), keeping its idempotency key', async () => {
    const id = await h.queue().enqueue('flaky', { x: 1 }, { idempotencyKey: 'flaky-1' })
    await waitFor(() => ran('flaky').length === 2, 'the retry')
    assert.deepEqual(
      ran('flaky').map((r) => [r.ctx.id, r.ctx.attempt]),
      [
        [id, 1],
        [id, 2],
      ],
    )
    await h.queue().drain(10_000)
    assert.deepEqual(await h.queue().failed('flaky'), [])
  })

  it('puts a job that exhausted its retries in failed() with the error', async () => {
    const before = Date.now()
    const id = await h.queue().enqueue('doomed', { why: 'test' })
    let failed: Awaited<ReturnType<JobQueue['failed']>> = []
    await waitFor(async () => (failed = await h.queue().failed('doomed')).length === 1, 'a dead letter')
    const [dead] = failed
    assert.equal(dead?.id, id)
    assert.equal(dead?.name, 'doomed')
    assert.deepEqual(dead?.payload, { why: 'test' })
    assert.equal(dead?.error, 'broken on attempt 2')
    assert.equal(dead?.attempts, 2)
    assert.ok(dead && dead.failedAt.getTime() >= before - 1000)
    assert.deepEqual(
      ran('doomed').map((r) => r.ctx.attempt),
      [1, 2],
    )
    assert.deepEqual(await h.queue().failed('echo'), [])
  })
}

function timingCases(h: Harness): void {
  const ran = h.ran
  it('delays a job by startAfterMs', async () => {
    const t0 = Date.now()
    await h.queue().enqueue('later', { at: t0 }, { startAfterMs: 1000 })
    await sleep(400)
    assert.equal(ran('later').length, 0)
    await waitFor(() => ran('later').length === 1, 'the delayed job')
    assert.ok(Date.now() - t0 >= 950, `ran after ${Date.now() - t0} ms`)
  })

  it('schedules a cron job', async () => {
    await h.adapter().checkSchedule(h.queue(), () => ran('tick').length)
  })

  it('stop() waits for a running handler', async () => {
    await h.queue().enqueue('slow', {})
    await waitFor(() => h.slow() === 'running', 'the slow handler to start')
    await h.queue().stop(5_000)
    assert.equal(h.slow(), 'done')
    await assert.rejects(h.queue().enqueue('echo', {}), /stopped/)
  })
}

export function contract(label: string, make: () => Promise<Adapter>, skip = false): void {
  describe(`job queue contract: ${label}`, { skip }, () => {
    const h = harness(make)
    deliveryCases(h)
    timingCases(h)
  })
}
