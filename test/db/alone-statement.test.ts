/**
 * `Scopes.statementAlone` and `systemStatementAlone` (ADR 0035), on the real engine (PGlite, or PostgreSQL when DATABASE_URL
 * names one): as its scope's first statement a write runs without BEGIN or COMMIT, yet under the
 * scope's tenant, flag and role (RLS refuses a row of another tenant), commits at once, leaves no
 * setting behind, and a failing one leaves the session serving the next scope.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'kysely'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { createScopes, type Scopes } from '../../src/platform/db/index.ts'

const quiet = { info: () => {} }

describe('a statement sent alone', () => {
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
          { name: 'Alone A', plan_code: 'free' },
          { name: 'Alone B', plan_code: 'free' },
        ])
        .returning('id')
        .execute()
      return rows.map((r) => r.id) as [number, number]
    })
  })
  after(() => tdb?.drop())

  const flag = (tenantId: number, key: string) =>
    scopes.statementAlone(tenantId, ({ db }) =>
      db
        .insertInto('feature_flag_override')
        .values({ tenant_id: tenantId, flag: key, enabled: true })
        .returning([
          'flag',
          sql<string>`current_setting('app.tenant_id', true)`.as('tenant'),
          sql<string>`current_user`.as('usr'),
        ])
        .compile(),
    )

  const flagsOf = (tenantId: number) =>
    scopes.withTenant(tenantId, async ({ db }) =>
      (
        await db
          .selectFrom('feature_flag_override')
          .select('flag')
          .where('tenant_id', '=', tenantId)
          .execute()
      ).map((r) => r.flag),
    )

  it('writes under the scope’s tenant and role, and is committed when it answers', async () => {
    const rows = await flag(tenantA, 'alone.one')
    assert.deepEqual(rows, [{ flag: 'alone.one', tenant: String(tenantA), usr: 'sextant_app' }])
    assert.deepEqual(await flagsOf(tenantA), ['alone.one'])
    assert.deepEqual(await flagsOf(tenantB), [])
  })

  it('is confined by RLS: a row of another tenant is refused', async () => {
    await assert.rejects(
      scopes.statementAlone(tenantA, ({ db }) =>
        db
          .insertInto('feature_flag_override')
          .values({ tenant_id: tenantB, flag: 'alone.stolen', enabled: true })
          .compile(),
      ),
      /row-level security/,
    )
    assert.deepEqual(await flagsOf(tenantB), [])
  })

  it('leaves nothing behind, and a failing one leaves the session serving the next scope', async () => {
    await flag(tenantB, 'alone.two')
    await assert.rejects(flag(tenantB, 'alone.two'), /duplicate key|unique/)
    const raw = (
      await tdb.handle.raw(`select current_setting('app.tenant_id', true) as t, current_user as u`)
    ).rows[0]
    assert.ok(!raw?.['t'], 'the tenant setting ended with the statement')
    assert.notEqual(raw?.['u'], 'sextant_app', 'the role ended with the statement')
    await flag(tenantB, 'alone.three')
    assert.deepEqual((await flagsOf(tenantB)).sort(), ['alone.three', 'alone.two'])
  })

  it('one failing among concurrent scopes (one call into PGlite) fails alone', async () => {
    await flag(tenantA, 'alone.taken')
    const results = await Promise.allSettled([
      flag(tenantA, 'alone.m1'),
      flagsOf(tenantB),
      flag(tenantA, 'alone.taken'),
      flag(tenantB, 'alone.m2'),
      scopes.withTenant(tenantA, async ({ db }) => {
        await db
          .insertInto('feature_flag_override')
          .values({ tenant_id: tenantA, flag: 'alone.m3', enabled: true })
          .execute()
      }),
    ])
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled'],
    )
    assert.deepEqual((await flagsOf(tenantA)).filter((k) => /^alone\.(m|taken)/.test(k)).sort(), [
      'alone.m1',
      'alone.m3',
      'alone.taken',
    ])
    assert.ok((await flagsOf(tenantB)).includes('alone.m2'))
  })

  it('in a system scope: writes under the system flag and no tenant, committed when it answers', async () => {
    const rows = await scopes.systemStatementAlone('test: alone', ({ db }) =>
      db
        .insertInto('feature_flag_override')
        .values({ tenant_id: tenantB, flag: 'alone.system', enabled: true })
        .returning([
          sql<string>`current_setting('app.system', true)`.as('system'),
          sql<string>`current_setting('app.tenant_id', true)`.as('tenant'),
          sql<string>`current_user`.as('usr'),
        ])
        .compile(),
    )
    assert.deepEqual(rows, [{ system: 'on', tenant: '', usr: 'sextant_app' }])
    assert.ok((await flagsOf(tenantB)).includes('alone.system'))
    const raw = (await tdb.handle.raw(`select current_setting('app.system', true) as s`)).rows[0]
    assert.notEqual(raw?.['s'], 'on', 'the system flag ended with the statement')
  })

  it('concurrent scopes of different tenants each write as their own tenant', async () => {
    const got = await Promise.all(
      Array.from({ length: 20 }, (_, i) => flag(i % 2 ? tenantA : tenantB, `alone.c${i}`)),
    )
    got.forEach((rows, i) => assert.equal(rows[0]?.tenant, String(i % 2 ? tenantA : tenantB)))
    assert.equal((await flagsOf(tenantA)).filter((k) => k.startsWith('alone.c')).length, 10)
  })
})
