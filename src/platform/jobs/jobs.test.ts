import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import pg from 'pg'
import { testConfig } from '../config.ts'
import { createDatabase, type DatabaseHandle } from '../db/index.ts'
import { InProcessQueue } from './inprocess-queue.ts'
import { sleep, type JobContext, type JobQueue } from './jobs.port.ts'
import { PgBossQueue } from './pgboss-queue.ts'

const silent = { info() {}, warn() {}, error() {} }

async function waitFor(
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

// One in-memory PGlite for every durable PGlite test (it takes a few seconds to start).
let pglite: Promise<DatabaseHandle> | undefined
const sharedPglite = () => (pglite ??= createDatabase(testConfig()))
after(async () => {
  if (pglite) await (await pglite).close()
})

interface Adapter {
  queue: JobQueue
  /** In-process: waits for a tick of an every-second cron. Durable: checks pg-boss stored it. */
  checkSchedule(queue: JobQueue, ticks: () => number): Promise<void>
  close(): Promise<void>
}

type Run = { payload: unknown; ctx: JobContext }

function contract(label: string, make: () => Promise<Adapter>, skip = false): void {
  describe(`job queue contract: ${label}`, { skip }, () => {
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

    it('runs a job with its payload (a copy the caller cannot mutate)', async () => {
      const payload = { account: 'a-1', lots: [1, 2] }
      const id = await q.enqueue('echo', payload)
      payload.lots.push(3)
      await q.enqueue('echo', ['top-level', 'array'])
      await waitFor(() => ran('echo').length === 2, 'two echo runs')
      const first = ran('echo').find((r) => r.ctx.id === id)
      assert.deepEqual(first?.payload, { account: 'a-1', lots: [1, 2] })
      assert.deepEqual(first?.ctx, { id, name: 'echo', attempt: 1 })
      assert.ok(ran('echo').some((r) => JSON.stringify(r.payload) === '["top-level","array"]'))
    })

    it('dedupes by idempotency key while the job is queued and after it completed', async () => {
      const first = await q.enqueue('dedupe', { n: 1 }, { idempotencyKey: 'order-1' })
      assert.equal(typeof first, 'string')
      assert.equal(await q.enqueue('dedupe', { n: 2 }, { idempotencyKey: 'order-1' }), null)
      await q.drain(10_000)
      assert.equal(await q.enqueue('dedupe', { n: 3 }, { idempotencyKey: 'order-1' }), null)
      assert.equal(typeof (await q.enqueue('dedupe', { n: 4 }, { idempotencyKey: 'order-2' })), 'string')
      await q.drain(10_000)
      assert.deepEqual(
        ran('dedupe').map((r) => r.payload),
        [{ n: 1 }, { n: 4 }],
      )
    })

    it('retries a failed job (attempt 1 then 2), keeping its idempotency key', async () => {
      const id = await q.enqueue('flaky', { x: 1 }, { idempotencyKey: 'flaky-1' })
      await waitFor(() => ran('flaky').length === 2, 'the retry')
      assert.deepEqual(
        ran('flaky').map((r) => [r.ctx.id, r.ctx.attempt]),
        [
          [id, 1],
          [id, 2],
        ],
      )
      await q.drain(10_000)
      assert.deepEqual(await q.failed('flaky'), [])
    })

    it('puts a job that exhausted its retries in failed() with the error', async () => {
      const before = Date.now()
      const id = await q.enqueue('doomed', { why: 'test' })
      let failed: Awaited<ReturnType<JobQueue['failed']>> = []
      await waitFor(async () => (failed = await q.failed('doomed')).length === 1, 'a dead letter')
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
      assert.deepEqual(await q.failed('echo'), [])
    })

    it('delays a job by startAfterMs', async () => {
      const t0 = Date.now()
      await q.enqueue('later', { at: t0 }, { startAfterMs: 1000 })
      await sleep(400)
      assert.equal(ran('later').length, 0)
      await waitFor(() => ran('later').length === 1, 'the delayed job')
      assert.ok(Date.now() - t0 >= 950, `ran after ${Date.now() - t0} ms`)
    })

    it('schedules a cron job', async () => {
      await a.checkSchedule(q, () => ran('tick').length)
    })

    it('stop() waits for a running handler', async () => {
      await q.enqueue('slow', {})
      await waitFor(() => slow === 'running', 'the slow handler to start')
      await q.stop(5_000)
      assert.equal(slow, 'done')
      await assert.rejects(q.enqueue('echo', {}), /stopped/)
    })
  })
}

contract('inprocess', async () => {
  const queue = new InProcessQueue({ log: silent })
  return {
    queue,
    async checkSchedule(q, ticks) {
      await assert.rejects(q.schedule('tick', 'not a cron'))
      await q.schedule('tick', '* * * * * *', { every: 'second' }) // 6-field form: seconds
      await waitFor(() => ticks() >= 1, 'a cron tick', 3_000)
    },
    close: () => queue.stop(),
  }
})

describe('in-process queue specifics', () => {
  it('backs off exponentially (retryDelayMs * 2^(attempt-1)) and honours the concurrency limit', async () => {
    const q = new InProcessQueue({ log: silent, concurrency: 2 })
    const at: number[] = []
    let running = 0
    let peak = 0
    q.register(
      'backoff',
      async () => {
        at.push(Date.now())
        throw new Error('again')
      },
      { retryLimit: 2, retryDelayMs: 60, retryBackoff: true },
    )
    q.register('busy', async () => {
      peak = Math.max(peak, ++running)
      await sleep(30)
      running--
    })
    await q.start({ work: true })
    await q.enqueue('backoff', {})
    for (let i = 0; i < 6; i++) await q.enqueue('busy', { i })
    await q.drain(5_000)
    const [a = 0, b = 0, c = 0] = at
    assert.equal(at.length, 3)
    assert.ok(b - a >= 55 && c - b >= 115, `gaps ${b - a} ms, ${c - b} ms`)
    assert.equal(peak, 2)
    assert.equal((await q.failed('backoff'))[0]?.attempts, 3)
    await q.stop()
  })
})

function durable(
  handle: DatabaseHandle,
  opts: { schema?: string; onClose?: () => Promise<void> } = {},
): Adapter {
  const queue = new PgBossQueue(handle, {
    log: silent,
    pollingIntervalSeconds: 0.5,
    ...(opts.schema ? { schema: opts.schema } : {}),
  })
  return {
    queue,
    // pg-boss evaluates schedules every ~30 s, so check what it stored instead of waiting.
    async checkSchedule(q) {
      await q.schedule('tick', '*/5 * * * *', { every: '5 minutes' })
      const stored = await queue.boss?.getSchedules()
      const tick = stored?.find((s) => s.name === 'tick') as unknown as Record<string, unknown> | undefined
      assert.equal(tick?.cron, '*/5 * * * *')
      assert.equal(tick?.timezone, 'America/New_York')
      assert.deepEqual(tick?.data, { every: '5 minutes' })
    },
    async close() {
      await queue.stop()
      await opts.onClose?.()
    },
  }
}

contract('durable on PGlite', async () => durable(await sharedPglite()))

const PG_URL = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined
contract(
  'durable on PostgreSQL',
  async () => {
    const url = new URL(PG_URL as string)
    const name = `jobs_test_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: url.href })
    await admin.connect()
    try {
      await admin.query(`CREATE DATABASE ${name}`)
    } catch {
      // No CREATEDB right: a unique pg-boss schema in the given database instead.
      await admin.end()
      const handle = await createDatabase(testConfig({ DATABASE_URL: url.href }))
      return durable(handle, {
        schema: name,
        onClose: async () => {
          await sql`DROP SCHEMA ${sql.id(name)} CASCADE`.execute(handle.db) // via Kysely: see below
          await handle.close()
        },
      })
    }
    url.pathname = `/${name}`
    const handle = await createDatabase(testConfig({ DATABASE_URL: url.href }))
    return durable(handle, {
      onClose: async () => {
        // Kysely's destroy() only ends the pool once Kysely itself used it; raw() alone doesn't count.
        await sql`select 1`.execute(handle.db)
        await handle.close()
        // pool.end() resolves before the server has seen every disconnect; FORCE would then kill a
        // socket the pool no longer listens to (an uncaught error), so wait for the sessions to go.
        const sessions = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${name}'`
        await waitFor(
          async () => (await admin.query<{ n: number }>(sessions)).rows[0]?.n === 0,
          'sessions to close',
          5_000,
        )
        await admin.query(`DROP DATABASE ${name}`)
        await admin.end()
      },
    })
  },
  !PG_URL,
)

describe('durable queue on PGlite: one connection lock', () => {
  let handle: DatabaseHandle
  before(async () => {
    handle = await sharedPglite()
  })

  it('an enqueue issued during an open transaction waits for it and survives its rollback', async () => {
    const queue = new PgBossQueue(handle, { log: silent, schema: 'lock_test' })
    await queue.start({ work: false })
    let enqueued: Promise<string | null> | undefined
    let settled = false
    await assert.rejects(
      handle.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx) // the transaction is open (BEGIN sent)
        enqueued = queue.enqueue('lock-probe', { n: 1 })
        void enqueued.then(() => (settled = true))
        await sleep(200)
        assert.equal(settled, false, 'the enqueue must wait for the transaction')
        throw new Error('roll back')
      }),
      /roll back/,
    )
    const id = await enqueued
    assert.equal(typeof id, 'string')
    const { rows } = await handle.raw('SELECT name, data FROM lock_test.job WHERE id = $1', [id])
    assert.deepEqual(rows, [{ name: 'lock-probe', data: { n: 1 } }])
    await queue.stop()
  })

  it('two queues racing to install pg-boss leave the shared session usable', async () => {
    const a = new PgBossQueue(handle, { log: silent, schema: 'race_test' })
    const b = new PgBossQueue(handle, { log: silent, schema: 'race_test' })
    // Both see "not installed"; the loser's script fails with "already exists" (pg-boss ignores that).
    await Promise.all([a.start({ work: false }), b.start({ work: false })])
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db)
    assert.deepEqual(rows, [{ one: 1 }])
    assert.equal(typeof (await b.enqueue('race-probe', {})), 'string')
    await b.boss?.maintain() // expire/archive/drop scripts, rewritten the same way
    assert.deepEqual((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows, [{ one: 1 }])
    await Promise.all([a.stop(), b.stop()])
  })
})
