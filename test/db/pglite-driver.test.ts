/**
 * The PGlite driver's calls into the backend (pglite-driver.ts, ADRs 0022 and 0025): a scope's leading
 * read is one `execProtocol` call with its settings bound and no BEGIN or COMMIT; what follows it opens
 * the transaction with the prelude; raw text with several statements still answers its last result.
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

  it('raw text with several statements runs and answers its last result', async () => {
    const r = await handle.raw('select 1 as a; select 2 as b')
    assert.deepEqual(r.rows, [{ b: 2 }])
  })
})
