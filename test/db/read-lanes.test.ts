/**
 * The shared read lanes (read-lanes.ts, ADR 0026), on PostgreSQL (PGlite has one session and no
 * lanes): reads of many tenants pipelined on one connection each see only their own tenant; nothing
 * of a read's scope outlives it on the lane; a failing read harms no other; a lane behind a slow read
 * takes no more; a scope that only reads takes no pooled connection; a scope that writes still runs
 * in one transaction of its own.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { CompiledQuery, sql, type Transaction } from 'kysely'
import pg from 'pg'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { createScopes, type Database, type Scopes } from '../../src/platform/db/index.ts'
import { MAX_IN_FLIGHT, ReadLanes, STALL_MS } from '../../src/platform/db/read-lanes.ts'
import { PgConnection } from '../../src/platform/db/pg-driver.ts'
import { scopedRead } from '../../src/platform/db/scoped-read.ts'
import { StatementNames } from '../../src/platform/db/statement-names.ts'

const onPostgres = process.env['DATABASE_URL']?.startsWith('postgres') ?? false
const quiet = { info: () => {} }
const settings = (db: Transaction<Database>) =>
  db
    .selectNoFrom([
      sql<string>`current_setting('app.tenant_id', true)`.as('tenant'),
      sql<string>`current_user`.as('usr'),
      sql<number>`pg_backend_pid()`.as('pid'),
    ])
    .executeTakeFirstOrThrow()

describe('read lanes', { skip: !onPostgres && 'PostgreSQL only (PGlite has no lanes)' }, () => {
  let tdb: TestDatabase
  let scopes: Scopes
  let tenants: number[]

  before(async () => {
    tdb = await createTestDatabase({ DB_READ_LANES: '1' })
    scopes = createScopes(tdb.handle.db, quiet)
    tenants = await scopes.withSystem('test', async ({ db }) => {
      const rows = await db
        .insertInto('tenant')
        .values(Array.from({ length: 6 }, (_, i) => ({ name: `Lane ${i}`, plan_code: 'free' })))
        .returning('id')
        .execute()
      return rows.map((r) => r.id)
    })
    await scopes.withTenant(tenants[0]!, ({ db }) => settings(db)) // opens the lane
    await new Promise((r) => setTimeout(r, 200))
  })
  after(() => tdb?.drop())

  it('pipelines reads of many tenants on one connection, each confined to its own tenant', async () => {
    const asked = Array.from({ length: 120 }, (_, i) => tenants[i % tenants.length]!)
    const got = await Promise.all(
      asked.map((t) =>
        scopes.withTenant(t, async ({ db }) => {
          const s = await settings(db)
          const rows = await db.selectFrom('tenant').select('id').where('id', 'in', tenants).execute()
          return { ...s, ids: rows.map((r) => r.id) }
        }),
      ),
    )
    got.forEach((g, i) => {
      assert.equal(g.tenant, String(asked[i]))
      assert.equal(g.usr, 'sextant_app')
      assert.deepEqual(g.ids, [asked[i]])
    })
    // The lane takes MAX_IN_FLIGHT at once; the rest of the burst overflows to pooled connections.
    const perBackend = new Map<number, number>()
    for (const g of got) perBackend.set(g.pid, (perBackend.get(g.pid) ?? 0) + 1)
    const most = Math.max(...perBackend.values())
    assert.ok(most >= MAX_IN_FLIGHT, `one backend (the lane) carried ${most} of the burst's reads`)
  })

  it('a scope that only reads takes no pooled connection', async () => {
    const before = tdb.handle.poolStats()
    await Promise.all(tenants.map((t) => scopes.withTenant(t, ({ db }) => settings(db))))
    const after = tdb.handle.poolStats()
    assert.equal(after.total, before.total, 'no pooled connection was opened')
    assert.equal(after.laneReads, 0, 'every read on the lane was answered')
  })

  it('leaves nothing of a read’s scope on the lane', async () => {
    const lanes = new ReadLanes(
      () => connect(tdb),
      1,
      (err) => assert.fail(err),
    )
    try {
      await waitForLane(lanes)
      const probe = CompiledQuery.raw("select current_setting('app.tenant_id', true) as t, current_user as u")
      const [scoped, after] = await Promise.all([
        lanes.run((c) => scopedRead(c, { tenant: '7', system: 'off' }, probe, undefined)),
        lanes.run((c) => c.query(probe.sql)),
      ])
      assert.deepEqual(scoped?.rows[0], { t: '7', u: 'sextant_app' })
      assert.ok(!after?.rows[0]?.t, 'the setting ended with the read before it')
      assert.notEqual(after?.rows[0]?.u, 'sextant_app', 'so did the role')
    } finally {
      await lanes.close()
    }
  })

  it('a failing read rejects alone; the reads pipelined after it are answered', async () => {
    const failing = scopes.withTenant(tenants[0]!, ({ db }) =>
      db.selectNoFrom(sql<number>`1/0`.as('x')).executeTakeFirstOrThrow(),
    )
    const next = tenants.map((t) => scopes.withTenant(t, async ({ db }) => (await settings(db)).tenant))
    await assert.rejects(failing, /division by zero/)
    assert.deepEqual(await Promise.all(next), tenants.map(String))
  })

  it('a lane behind a slow read takes no more: later reads answer on pooled connections first', async () => {
    const order: string[] = []
    const slow = scopes
      .withTenant(tenants[0]!, ({ db }) => db.selectNoFrom(sql`pg_sleep(0.5)`.as('s')).execute())
      .then(() => order.push('slow'))
    await new Promise((r) => setTimeout(r, STALL_MS * 3))
    await scopes.withTenant(tenants[1]!, ({ db }) => settings(db)).then(() => order.push('fast'))
    await slow
    assert.deepEqual(order, ['fast', 'slow'])
  })

  it('a connection used after its release is refused, not given a pooled client never returned', async () => {
    const pool = new pg.Pool({ connectionString: tdb.config.DATABASE_URL, max: 2 })
    const conn = new PgConnection(pool, new StatementNames(10), undefined)
    try {
      conn.release() // a read-only scope's: it never took a client
      await assert.rejects(conn.executeQuery(CompiledQuery.raw('select 1')), /used after its scope ended/)
      assert.equal(pool.totalCount, 0, 'no client was taken')
    } finally {
      conn.taken?.release() // had one been taken, the pool could not end
      await pool.end()
    }
  })

  it('a scope that writes runs its writes and later reads in one transaction of its own', async () => {
    const name = `Lane write ${Date.now()}`
    await assert.rejects(
      scopes.withSystem('test', async ({ db }) => {
        await settings(db) // a leading read: on the lane
        await db.insertInto('tenant').values({ name, plan_code: 'free' }).execute()
        const seen = await db.selectFrom('tenant').select('name').where('name', '=', name).execute()
        assert.equal(seen.length, 1, 'the scope reads its own write')
        throw new Error('roll back')
      }),
      /roll back/,
    )
    const left = await scopes.withSystem('test', ({ db }) =>
      db.selectFrom('tenant').select('id').where('name', '=', name).execute(),
    )
    assert.equal(left.length, 0, 'the write rolled back with its scope')
  })
})

async function connect(tdb: TestDatabase): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: tdb.config.DATABASE_URL, pipeline: true })
  await c.connect()
  return c
}

async function waitForLane(lanes: ReadLanes): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const probe = lanes.run((c) => c.query('select 1'))
    if (probe) return void (await probe)
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('the lane did not connect')
}
