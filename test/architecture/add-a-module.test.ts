/**
 * CONTRIBUTING.md's "Adding a module", walked once: test/example-module is one folder written by the
 * recipe, and one line (`[...modules, notesModule]`) adds it. Its migration runs, its routes are
 * mounted and documented, its table is owned, and the cross-tenant sweep covers it from its fixture.
 */
import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { buildModules } from '../../src/app/module-graph.ts'
import { modules, type AnyModule } from '../../src/app/modules.ts'
import { defineModule, type ModuleContext } from '../../src/modules/module.ts'
import { notesModule } from '../example-module/index.ts'
import { json } from '../helpers/assertions.ts'
import { operations } from '../helpers/openapi.ts'
import { crossTenantSweep } from '../helpers/sweep.ts'
import { ownershipFindings, sourceFiles } from '../helpers/table-ownership.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { gatherSweepFixtures } from '../tenancy/sweep-fixtures.ts'

const list: readonly AnyModule[] = [...modules, notesModule]
const t = useTestApp({ modules: list })

describe('adding a module (the example module)', () => {
  let owner: Awaited<ReturnType<typeof t.newTenant>>
  before(async () => {
    owner = await t.newTenant()
  })

  it('its migration ran, its routes answer, and its API sits in the container under its key', async () => {
    const res = await owner.post('/api/notes', { text: 'buy the dip' })
    assert.equal(res.statusCode, 201, res.body)
    const id = json(res.body).id as number
    assert.deepEqual(json((await owner.get(`/api/notes/${id}`)).body), { id, text: 'buy the dip' })
    assert.equal((await owner.post('/api/notes', { text: '' })).statusCode, 422)
    assert.equal((await t.anon.get(`/api/notes/${id}`)).statusCode, 401)
    assert.ok((t.c as unknown as Record<string, unknown>)['notes'])
  })

  it('its operations are documented and the cross-tenant sweep covers them from its fixture', async () => {
    const ids = (await operations(t.app)).map((o) => o.operationId)
    assert.ok(ids.includes('createNote') && ids.includes('getNote'))
    const findings = await crossTenantSweep(t, gatherSweepFixtures(list))
    assert.deepEqual(findings, [])
    const withoutFixture = await crossTenantSweep(t, gatherSweepFixtures(modules))
    assert.deepEqual(withoutFixture, [
      "GET /api/notes/{note_id} (getNote): no sweep fixture (declare one in its module's sweep)",
    ])
  })

  it('its queries pass the table-ownership check (and would fail in another module)', () => {
    const files = sourceFiles(new URL('../../', import.meta.url).pathname, ['test/example-module'])
    const own = [{ prefix: 'test/example-module/', tables: notesModule.tables, repositoriesOnly: true }]
    assert.deepEqual(ownershipFindings(files, own, new Set(notesModule.tables)), [])
    const elsewhere = [{ prefix: 'test/example-module/', tables: [], repositoriesOnly: true }]
    assert.deepEqual(ownershipFindings(files, elsewhere, new Set(notesModule.tables)), [
      'test/example-module/notes.repository.ts: uses note, owned elsewhere',
    ])
  })
})

describe('module graph', () => {
  const ctx = {} as ModuleContext
  const built: string[] = []
  const mod = (key: string, needs: Record<string, true>) =>
    defineModule({ name: key, key, needs, tables: [], migrations: [], build: () => built.push(key) })

  it('builds a module after the modules it needs, whatever the list order', () => {
    built.length = 0
    buildModules([mod('c', { b: true }), mod('a', {}), mod('b', { a: true })], ctx)
    assert.deepEqual(built, ['a', 'b', 'c'])
  })

  it('refuses a missing dependency, a cycle and a duplicate key, naming them', () => {
    assert.throws(
      () => buildModules([mod('a', { z: true })], ctx),
      /module "a" needs "z", which is not in the module list/,
    )
    assert.throws(
      () => buildModules([mod('a', { b: true }), mod('b', { a: true })], ctx),
      /module dependency cycle: a → b → a/,
    )
    assert.throws(() => buildModules([mod('a', {}), mod('a', {})], ctx), /two modules use the key "a"/)
  })
})
