/**
 * A scope's leading read in its own implicit transaction (scoped-read.ts, ADR 0025), on the real
 * engine (PGlite, or PostgreSQL when DATABASE_URL names one): it runs under RLS with the scope's
 * tenant, flag and role; nothing of them outlives it; what follows it in the scope gets the settings
 * and a transaction; a failing read leaves the session usable.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'kysely'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { createScopes, type Scopes } from '../../src/platform/db/index.ts'

const quiet = { info: () => {} }

describe('a scope’s leading read', () => {
  let tdb: TestDatabase
  let scopes: Scopes
  let tenantA: number
  let tenantB: number

  before(async () => {
    tdb = await createTestDatabase()
    scopes = createScopes(tdb.handle.db, quiet)
    ;[tenantA, tenantB] = await scopes.withSystem('test', async ({ db }) => {
      const rows = await db
        .insertInto('tenant')
        .values([
          { name: 'Scoped A', plan_code: 'free' },
          { name: 'Scoped B', plan_code: 'free' },
        ])
        .returning('id')
        .execute()
      return rows.map((r) => r.id) as [number, number]
    })
  })
  after(() => tdb?.drop())

  // A Kysely select (not raw SQL): the kind of statement that takes the leading-read path.
  const settings = (db: Parameters<Parameters<Scopes['withGlobal']>[0]>[0]) =>
    db
      .selectNoFrom([
        sql<string>`current_setting('app.tenant_id', true)`.as('tenant'),
        sql<string>`current_setting('app.system', true)`.as('system'),
        sql<string>`current_user`.as('usr'),
        sql<string>`now()::text`.as('xact_start'),
      ])
      .executeTakeFirstOrThrow()

  const scoped = ({ tenant, system, usr }: { tenant: string; system: string; usr: string }) => ({
    tenant,
    system,
    usr,
  })

  it('runs with the scope’s tenant, flag and role', async () => {
    const seen = await scopes.withTenant(42, ({ db }) => settings(db))
    assert.deepEqual(scoped(seen), { tenant: '42', system: 'off', usr: 'sextant_app' })
    const sys = await scopes.withSystem('test', ({ db }) => settings(db))
    assert.deepEqual(scoped(sys), { tenant: '', system: 'on', usr: 'sextant_app' })
  })

  it('is confined by RLS to the scope’s tenant, whatever the SQL asks for', async () => {
    const both = [tenantA, tenantB]
    const seen = await scopes.withTenant(tenantA, ({ db }) =>
      db.selectFrom('tenant').select('id').where('id', 'in', both).execute(),
    )
    assert.deepEqual(
      seen.map((r) => r.id),
      [tenantA],
    )
  })

  it('leaves nothing behind: an unscoped statement after it has no tenant and the login role', async () => {
    for (let i = 0; i < 5; i++) {
      await scopes.withTenant(tenantB, ({ db }) => settings(db))
      const raw = (
        await tdb.handle.raw(`select current_setting('app.tenant_id', true) as t, current_user as u`)
      ).rows[0]
      assert.ok(!raw?.['t'], 'the tenant setting ended with the read')
      assert.notEqual(raw?.['u'], 'sextant_app', 'the role ended with the read')
    }
  })

  it('what follows it in the scope runs with the settings in one transaction, and rolls back together', async () => {
    const name = `Scoped follow ${Date.now()}`
    const seen = await scopes.withSystem('test', async ({ db }) => {
      const first = await settings(db)
      await new Promise((r) => setTimeout(r, 5)) // now() has millisecond resolution on PGlite
      await db.insertInto('tenant').values({ name, plan_code: 'free' }).execute()
      return [first, await settings(db)]
    })
    const expected = { tenant: '', system: 'on', usr: 'sextant_app' }
    assert.deepEqual(seen.map(scoped), [expected, expected])
    assert.notEqual(seen[0]?.xact_start, seen[1]?.xact_start, 'the leading read had a transaction of its own')
    await assert.rejects(
      scopes.withSystem('test', async ({ db }) => {
        await settings(db)
        await db
          .insertInto('tenant')
          .values({ name: `${name} rolled back`, plan_code: 'free' })
          .execute()
        await sql`select 1/0`.execute(db)
      }),
      /division by zero/,
    )
    const names = await scopes.withSystem('test', ({ db }) =>
      db.selectFrom('tenant').select('name').where('name', 'like', `${name}%`).execute(),
    )
    assert.deepEqual(
      names.map((n) => n.name),
      [name],
    )
  })

  it('a leading read that fails rejects, and the session serves the next scope', async () => {
    await assert.rejects(
      scopes.withTenant(tenantA, ({ db }) =>
        db.selectNoFrom(sql<number>`1/0`.as('x')).executeTakeFirstOrThrow(),
      ),
      /division by zero/,
    )
    assert.deepEqual(scoped(await scopes.withTenant(tenantA, ({ db }) => settings(db))), {
      tenant: String(tenantA),
      system: 'off',
      usr: 'sextant_app',
    })
  })

  it('concurrent scopes of different tenants each see their own tenant', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => i + 1)
    const got = await Promise.all(
      ids.map((id) => scopes.withTenant(id, async ({ db }) => (await settings(db)).tenant)),
    )
    assert.deepEqual(got, ids.map(String))
  })
})
