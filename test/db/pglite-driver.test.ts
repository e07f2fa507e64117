/**
 * The PGlite driver's calls into the backend (pglite-driver.ts, ADR 0022): a tenant-scoped read is one
 * `execProtocol` call carrying the prelude and the query, its deferred COMMIT rides with the next; raw
 * text with several statements still runs and answers its last result.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { PGlite } from '@electric-sql/pglite'
import { testConfig } from '../../src/platform/config.ts'
import { migrateToLatest } from '../../src/app/migrations.ts'
import { createDatabase, type DatabaseHandle } from '../../src/platform/db/database.ts'
import { createScopes } from '../../src/platform/db/tenant-scope.ts'

describe('PGlite driver', () => {
  let handle: DatabaseHandle
  const calls: string[] = []
  const original = PGlite.prototype.execProtocol

  before(async () => {
    handle = await createDatabase(testConfig({ DATABASE_URL: 'memory://' }))
    await migrateToLatest(handle)
    PGlite.prototype.execProtocol = function (this: PGlite, message, opts) {
      calls.push(Buffer.from(message).toString('latin1'))
      return original.call(this, message, opts)
    }
  })
  after(async () => {
    PGlite.prototype.execProtocol = original
    await handle?.close()
  })

  it('a scoped read is one call: begin, the settings and the query; its COMMIT rides with the next', async () => {
    const scopes = createScopes(handle.db, { info: () => {} })
    const read = (tenant: number) =>
      scopes.withTenant(tenant, ({ db }) =>
        db.selectFrom('plan').select('code').where('code', '=', 'free').execute(),
      )
    calls.length = 0
    assert.deepEqual(await read(7), [{ code: 'free' }])
    assert.equal(calls.length, 1)
    assert.match(
      calls[0] ?? '',
      /^Q.{4}begin; set local app\.tenant_id = '7'; set local app\.system = 'off'; set local role sextant_app\0/s,
    )
    assert.match(calls[0] ?? '', /select "code" from "plan"/)
    calls.length = 0
    assert.deepEqual(await read(8), [{ code: 'free' }])
    assert.equal(calls.length, 1)
    assert.match(
      calls[0] ?? '',
      /^Q.{4}commit; begin; set local app\.tenant_id = '8'/s,
      'the first read’s COMMIT opens the second',
    )
    assert.doesNotMatch(calls[0] ?? '', /select "code"/, 'the query was prepared: bound only')
  })

  it('raw text with several statements runs and answers its last result', async () => {
    const r = await handle.raw('select 1 as a; select 2 as b')
    assert.deepEqual(r.rows, [{ b: 2 }])
  })
})
