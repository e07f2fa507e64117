/**
 * The PGlite driver's calls into the backend (pglite-driver.ts, ADRs 0022, 0025 and 0027): a scope's
 * leading read goes with its settings bound and no BEGIN or COMMIT, batched with the other scopes'
 * reads of the same turn into one call into PGlite, each read self-contained; what follows it opens
 * the transaction with the prelude; a read-only transaction's COMMIT is owed to whoever runs next;
 * raw text with several statements still answers its last result.
 */
// one-engine: the embedded engine's driver, which a PostgreSQL server does not use.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { PGlite } from '@electric-sql/pglite'
import { testConfig } from '../../src/platform/config.ts'
import { migrateToLatest } from '../../src/app/migrations.ts'
import { createDatabase, createScopes, type DatabaseHandle } from '../../src/platform/db/index.ts'
import { sql } from 'kysely'
import { MAX_BATCH } from '../../src/platform/db/pglite-session.ts'

/** How many Sync messages a call carries: one per leading read (the prelude's path sends simple queries). */
const syncs = (call: string) => call.split('S\0\0\0\x04').length - 1

describe('PGlite driver', () => {
  let handle: DatabaseHandle
  const calls: string[] = []
  const original = PGlite.prototype.execProtocolRawStream

  before(async () => {
    handle = await createDatabase(testConfig({ DATABASE_URL: 'memory://' }))
    await migrateToLatest(handle)
    PGlite.prototype.execProtocolRawStream = function (this: PGlite, message, opts) {
      calls.push(Buffer.from(message).toString('latin1'))
      return original.call(this, message, opts)
    }
  })
  after(async () => {
    PGlite.prototype.execProtocolRawStream = original
    await handle?.close()
  })

  it('a scope’s leading read is one call: the settings bound and the query, no BEGIN or COMMIT', async () => {
    const scopes = createScopes(handle.db, { info: () => {} })
    const read = (tenant: number) =>
      scopes.withTenant(tenant, ({ db }) =>
        db.selectFrom('plan').select('code').where('code', '=', 'free').execute(),
      )
    calls.length = 0
    assert.deepEqual(await read(7), [{ code: 'free' }])
    assert.equal(calls.length, 1)
    const first = calls[0] ?? ''
    assert.match(first, /^C.{4}Ssx_scope\0P.{4}sx_scope\0select set_config\('app\.tenant_id', \$1, true\)/s)
    assert.ok(
      first.includes('sx_scope\0\0\x02\0\0\0\0\0\x02\0\0\0\x017\0\0\0\x03off'),
      'the tenant and the flag are bound, not inlined',
    )
    assert.match(first, /select "code" from "plan"/)
    assert.doesNotMatch(first, /begin|commit/)
    calls.length = 0
    assert.deepEqual(await read(8), [{ code: 'free' }])
    assert.equal(calls.length, 1)
    const second = calls[0] ?? ''
    assert.match(second, /^B.{4}\0sx_scope\0/s, 'both statements were prepared: bound only')
    assert.doesNotMatch(second, /select /)
  })

  it('a scope that reads then writes: the read alone, then BEGIN, the settings and the write, then COMMIT', async () => {
    const scopes = createScopes(handle.db, { info: () => {} })
    calls.length = 0
    await scopes.withSystem('test', async ({ db }) => {
      await db.selectFrom('plan').select('code').where('code', '=', 'free').execute()
      await db.insertInto('tenant').values({ name: 'Driver test', plan_code: 'free' }).execute()
    })
    assert.equal(calls.length, 3, calls.join('\n---\n'))
    assert.match(calls[0] ?? '', /^B.{4}\0sx_scope\0/s)
    assert.match(
      calls[1] ?? '',
      /^Q.{4}begin; set local app\.tenant_id = ''; set local app\.system = 'on'; set local role sextant_app\0/s,
    )
    assert.match(calls[1] ?? '', /insert into "tenant"/)
    assert.match(calls[2] ?? '', /^Q.{4}commit\0$/s, 'a write’s COMMIT is sent at once')
  })

  describe('leading reads of one turn share a call', () => {
    const scopes = () => createScopes(handle.db, { info: () => {} })
    let tenantA: number
    let tenantB: number
    before(async () => {
      ;[tenantA, tenantB] = await scopes().withSystem(
        'test',
        async ({ db }) =>
          (
            await db
              .insertInto('tenant')
              .values([
                { name: 'Batch A', plan_code: 'free' },
                { name: 'Batch B', plan_code: 'free' },
              ])
              .returning('id')
              .execute()
          ).map((r) => r.id) as [number, number],
      )
    })
    // RLS alone confines it: the SQL asks for every tenant of the test.
    const visible = (tenant: number) =>
      scopes().withTenant(tenant, async ({ db }) => {
        const rows = await db
          .selectFrom('tenant')
          .select(['id', 'name'])
          .where('id', 'in', [tenantA, tenantB])
          .execute()
        const setting = await db
          .selectNoFrom(sql<string>`current_setting('app.tenant_id', true)`.as('t'))
          .executeTakeFirstOrThrow()
        return { rows, setting: setting.t }
      })

    it('two tenants in one call each see only their own rows and their own setting', async () => {
      calls.length = 0
      const [a, b, a2] = await Promise.all([visible(tenantA), visible(tenantB), visible(tenantA)])
      assert.equal(calls.length, 2, 'each scope’s first read in one call, each second read in another')
      assert.equal(syncs(calls[0]!), 3, 'three reads, three Syncs in the first call')
      assert.deepEqual(a, { rows: [{ id: tenantA, name: 'Batch A' }], setting: String(tenantA) })
      assert.deepEqual(b, { rows: [{ id: tenantB, name: 'Batch B' }], setting: String(tenantB) })
      assert.deepEqual(a2, a)
    })

    it('a read that fails between two good ones rejects alone; its neighbours answer', async () => {
      calls.length = 0
      const [a, bad, b] = await Promise.allSettled([
        visible(tenantA),
        scopes().withTenant(tenantB, ({ db }) => db.selectNoFrom(sql<number>`1/0`.as('x')).execute()),
        visible(tenantB),
      ])
      assert.equal(calls.length, 2)
      assert.equal(a.status === 'fulfilled' && a.value.rows[0]?.id, tenantA)
      assert.equal(bad.status === 'rejected' && String(bad.reason), 'error: division by zero')
      assert.equal(b.status === 'fulfilled' && b.value.rows[0]?.id, tenantB)
      assert.deepEqual(b.status === 'fulfilled' && b.value.setting, String(tenantB))
    })

    it(`a batch holds at most ${MAX_BATCH} reads`, async () => {
      calls.length = 0
      const n = MAX_BATCH * 2 + 1
      const got = await Promise.all(Array.from({ length: n }, (_, i) => visible(i % 2 ? tenantA : tenantB)))
      assert.deepEqual(
        got.map((g) => g.rows[0]?.id),
        Array.from({ length: n }, (_, i) => (i % 2 ? tenantA : tenantB)),
      )
      const reads = calls.map(syncs)
      assert.deepEqual(reads.slice(0, 2), [MAX_BATCH, MAX_BATCH], 'the turn’s first reads, 16 to a call')
      assert.ok(Math.max(...reads) <= MAX_BATCH, String(reads))
      assert.equal(
        reads.reduce((a, b) => a + b),
        2 * n,
        'every read once (each scope reads twice)',
      )
    })

    it('an owed COMMIT goes with whoever runs first, never twice, never after a BEGIN', async () => {
      // A transaction of plain selects that is no scope opens with BEGIN; its COMMIT is owed.
      const owe = () =>
        handle.db.transaction().execute((trx) => trx.selectFrom('plan').select('code').execute())
      await owe()
      calls.length = 0
      // The read queues for the end of the turn; the write takes the session first and sends the COMMIT.
      const [read] = await Promise.all([
        visible(tenantA),
        scopes().withSystem('test', ({ db }) =>
          db.updateTable('tenant').set({ name: 'Batch A' }).where('id', '=', tenantA).execute(),
        ),
      ])
      assert.equal(read.rows[0]?.id, tenantA)
      assert.match(calls[0] ?? '', /^Q.{4}commit\0Q.{4}begin; set local/s, 'COMMIT, then the write’s BEGIN')
      assert.equal(calls.join('').match(/commit\0/g)?.length, 2, 'the owed COMMIT and the write’s')
      assert.doesNotMatch(calls.slice(1).join(''), /begin/)

      await owe()
      calls.length = 0
      assert.equal((await visible(tenantB)).rows[0]?.id, tenantB)
      assert.match(calls[0] ?? '', /^Q.{4}commit\0B/s, 'the batch that runs next opens with the COMMIT')

      await owe()
      calls.length = 0
      await new Promise((r) => setImmediate(r))
      await new Promise((r) => setImmediate(r))
      assert.deepEqual(calls, ['Q\0\0\0\x0bcommit\0'], 'left alone, it goes at the next turn, once')
      assert.deepEqual((await handle.raw('select 1 as one')).rows, [{ one: 1 }])
      assert.equal(calls.length, 1, 'raw SQL found nothing owed')
    })

    it('a leading read on a connection that already holds the session runs on it (no deadlock)', async () => {
      const seen = await handle.db.connection().execute(async (conn) => {
        await sql`select 1`.execute(conn)
        return createScopes(conn, { info: () => {} }).withTenant(tenantB, ({ db }) =>
          db.selectFrom('tenant').select('id').where('id', 'in', [tenantA, tenantB]).execute(),
        )
      })
      assert.deepEqual(seen, [{ id: tenantB }])
    })
  })

  it('close() closes PGlite even when only raw SQL used it (Kysely never opened its driver)', async () => {
    const closing = PGlite.prototype.close
    let closed = 0
    PGlite.prototype.close = function (this: PGlite) {
      closed++
      return closing.call(this)
    }
    try {
      const other = await createDatabase(testConfig({ DATABASE_URL: 'memory://' }))
      closed = 0 // PGlite.create closes an instance of its own while it starts
      await other.raw('select 1')
      await other.close()
      assert.equal(closed, 1)
    } finally {
      PGlite.prototype.close = closing
    }
  })

  it('raw text with several statements runs and answers its last result', async () => {
    const r = await handle.raw('select 1 as a; select 2 as b')
    assert.deepEqual(r.rows, [{ b: 2 }])
  })
})
