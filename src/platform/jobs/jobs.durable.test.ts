/**
 * The durable queue (pg-boss): the job queue contract (jobs-contract.fixture.ts) on PGlite and, with
 * DATABASE_URL, on PostgreSQL; then PGlite's one connection lock.
 */
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import pg from 'pg'
import { testConfig } from '../config.ts'
import { createDatabase, type DatabaseHandle } from '../db/index.ts'
import { sleep } from './jobs.port.ts'
import { contract, silent, waitFor, type Adapter } from './jobs-contract.fixture.ts'
import { PgBossQueue } from './pgboss-queue.ts'

// One in-memory PGlite for every durable PGlite test (it takes a few seconds to start).
let pglite: Promise<DatabaseHandle> | undefined
const sharedPglite = () => (pglite ??= createDatabase(testConfig()))
after(async () => {
  if (pglite) await (await pglite).close()
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
