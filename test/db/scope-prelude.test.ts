/**
 * The scopes on the real engine (PGlite, or PostgreSQL when DATABASE_URL names one), with BEGIN and
 * the settings sent ahead of the first query (scope-driver.ts): the settings hold for every statement
 * of the transaction and end with it; a failed prelude never lets a query run unscoped; concurrent
 * scopes of different tenants never see each other's settings.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'kysely'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { createDatabase, createScopes, type Scopes } from '../../src/platform/db/index.ts'
import { testConfig } from '../../src/platform/config.ts'

const quiet = { info: () => {} }

interface Seen {
  tenant: string
  system: string
  usr: string
}
const seen = sql<Seen>`select current_setting('app.tenant_id', true) as tenant,
  current_setting('app.system', true) as system, current_user as usr`

describe('scopes with the prelude, on the real engine', () => {
  let tdb: TestDatabase
  let scopes: Scopes

  before(async () => {
    tdb = await createTestDatabase()
    scopes = createScopes(tdb.handle.db, quiet)
  })
  after(() => tdb?.drop())

  it('every statement of a scope runs with its settings, which end with the transaction', async () => {
    const both = await scopes.withTenant(42, async ({ db }) => {
      const first = (await seen.execute(db)).rows[0]
      const second = (await seen.execute(db)).rows[0]
      return [first, second]
    })
    const expected = { tenant: '42', system: 'off', usr: 'sextant_app' }
    assert.deepEqual(both, [expected, expected])
    const sys = await scopes.withSystem('test', async ({ db }) => (await seen.execute(db)).rows[0])
    assert.deepEqual(sys, { tenant: '', system: 'on', usr: 'sextant_app' })
    const outside = (await seen.execute(tdb.handle.db)).rows[0]
    assert.notEqual(outside?.usr, 'sextant_app', 'the role was transaction-local')
    assert.ok(!outside?.tenant, 'the tenant setting was transaction-local')
  })

  it('writes commit, and a failing statement rolls the whole scope back', async () => {
    await scopes.withSystem('test', ({ db }) =>
      db.insertInto('tenant').values({ name: 'Prelude A', plan_code: 'free' }).execute(),
    )
    await assert.rejects(
      scopes.withSystem('test', async ({ db }) => {
        await db.insertInto('tenant').values({ name: 'Prelude B', plan_code: 'free' }).execute()
        await sql`select 1/0`.execute(db)
      }),
      /division by zero/,
    )
    const names = await scopes.withSystem('test', ({ db }) =>
      db.selectFrom('tenant').select('name').where('name', 'like', 'Prelude %').execute(),
    )
    assert.deepEqual(
      names.map((n) => n.name),
      ['Prelude A'],
    )
  })

  it('read-only scopes each get their own transaction (an unawaited COMMIT is never lost)', async () => {
    const xids: string[] = []
    for (let i = 0; i < 20; i++) {
      const row = await scopes.withTenant(7, ({ db }) =>
        db.selectNoFrom(sql<string>`txid_current()::text`.as('xid')).executeTakeFirstOrThrow(),
      )
      xids.push(row.xid)
    }
    assert.equal(new Set(xids).size, 20, xids.join(' '))
    // The last COMMIT may still be on its way (it leaves on the next turn of the event loop): poll briefly.
    let open = -1
    for (let i = 0; i < 50 && open !== 0; i++) {
      await new Promise((r) => setTimeout(r, 20))
      const r = await tdb.handle.raw(
        `select count(*)::int as n from pg_stat_activity
          where state = 'idle in transaction' and datname = current_database()`,
      )
      open = Number(r.rows[0]?.['n'] ?? 0)
    }
    assert.equal(open, 0, 'no connection is left inside a transaction')
  })

  it('concurrent scopes of different tenants each see their own tenant', async () => {
    const ids = Array.from({ length: 24 }, (_, i) => i + 1)
    const got = await Promise.all(
      ids.map((id) =>
        scopes.withTenant(id, async ({ db }) => {
          const a = (await seen.execute(db)).rows[0]?.tenant
          await new Promise((r) => setImmediate(r))
          const b = (await seen.execute(db)).rows[0]?.tenant
          return [a, b]
        }),
      ),
    )
    assert.deepEqual(
      got,
      ids.map((id) => [String(id), String(id)]),
    )
  })

  it('nothing runs inside a finished read’s transaction: raw SQL and unscoped queries come after its COMMIT', async () => {
    // A plain select (not raw SQL): a read-only scope, whose COMMIT is not waited for.
    const read = () =>
      scopes.withTenant(3, ({ db }) =>
        db
          .selectNoFrom(sql<string>`current_setting('app.tenant_id', true)`.as('tenant'))
          .executeTakeFirstOrThrow(),
      )
    const fresh = 'select now() = statement_timestamp() as fresh, current_user as usr'
    for (let i = 0; i < 5; i++) {
      await read()
      // On PostgreSQL the pool hands back the connection just released, its COMMIT not yet answered;
      // on PGlite the COMMIT is still owed (scope-driver.ts).
      const raw = (await tdb.handle.raw(fresh)).rows[0]
      assert.equal(raw?.['fresh'], true, 'raw() ran in a transaction of its own')
      assert.notEqual(raw?.['usr'], 'sextant_app', 'raw() ran outside the scope')
      await read()
      const unscoped = (await sql.raw<{ fresh: boolean; usr: string }>(fresh).execute(tdb.handle.db)).rows[0]
      assert.equal(unscoped?.fresh, true, 'an unscoped query ran in a transaction of its own')
      assert.notEqual(unscoped?.usr, 'sextant_app')
    }
  })
})

// On PostgreSQL the role is cluster-wide and always exists; scope-driver.test.ts covers the failure there.
const onPostgres = process.env['DATABASE_URL']?.startsWith('postgres') ?? false

describe(
  'a prelude that fails',
  { skip: onPostgres && 'needs a database without the sextant_app role' },
  () => {
    it('fails the query with it: without the sextant_app role nothing runs, not even unscoped', async () => {
      // A fresh database without migrations has no sextant_app role, so the prelude's `set local role` fails.
      const handle = await createDatabase(testConfig({ DATABASE_URL: 'memory://' }))
      try {
        const scopes = createScopes(handle.db, quiet)
        await assert.rejects(
          scopes.withTenant(1, (s) => seen.execute(s.db)),
          /role "sextant_app" does not exist/,
        )
        // A leading read binds the settings in its own batch (scoped-read.ts): the same failure stops it.
        await assert.rejects(
          scopes.withTenant(1, (s) =>
            s.db.selectNoFrom(sql<string>`current_setting('app.tenant_id', true)`.as('t')).execute(),
          ),
          /role "sextant_app" does not exist/,
        )
        const after = (await seen.execute(handle.db)).rows[0]
        assert.notEqual(after?.tenant, '1', 'no setting leaked out of the failed scope')
      } finally {
        await handle.close()
      }
    })
  },
)
