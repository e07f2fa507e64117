/**
 * Migrations at start: a current schema is recognised with one cheap query (no Migrator, no lock);
 * a database that ran a migration this code does not know is still refused, as Kysely's Migrator does.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { migrateToLatest, migrations, pendingMigrations } from '../../src/app/migrations.ts'

describe('migrations on a current database', () => {
  let tdb: TestDatabase
  before(async () => {
    tdb = await createTestDatabase()
  })
  after(() => tdb?.drop())

  it('has nothing pending and applies nothing, again and again', async () => {
    assert.deepEqual(await pendingMigrations(tdb.handle), [])
    assert.deepEqual(await migrateToLatest(tdb.handle), [])
    assert.deepEqual(await migrateToLatest(tdb.handle), [])
    const { rows } = await tdb.handle.raw('select count(*)::int as n from kysely_migration')
    assert.equal(rows[0]?.['n'], migrations.length)
  })

  it('names a known migration missing from the record as pending', async () => {
    const last = migrations.at(-1)![0]
    await tdb.handle.raw('delete from kysely_migration where name = $1', [last])
    try {
      assert.deepEqual(await pendingMigrations(tdb.handle), [last])
    } finally {
      await tdb.handle.raw('insert into kysely_migration (name, timestamp) values ($1, $2)', [
        last,
        new Date().toISOString(),
      ])
    }
    assert.deepEqual(await pendingMigrations(tdb.handle), [])
  })

  it('refuses a database that ran a migration this code does not know', async () => {
    await tdb.handle.raw('insert into kysely_migration (name, timestamp) values ($1, $2)', [
      '9999_from_a_newer_version',
      new Date().toISOString(),
    ])
    await assert.rejects(migrateToLatest(tdb.handle), /9999_from_a_newer_version/)
  })
})
