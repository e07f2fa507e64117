import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Type } from 'typebox'
import { scopeOf } from '../../src/platform/auth/authenticate.ts'
import { NotFoundError } from '../../src/platform/http/errors.ts'
import { problems } from '../../src/platform/http/problem.ts'
import { crossTenantSweep } from '../helpers/sweep.ts'
import { buildTestApp } from '../helpers/test-app.ts'
import { sweepFixtures } from './sweep-fixtures.ts'

describe('cross-tenant sweep', () => {
  it('finds no leak on any id-bearing route of the app', async () => {
    const t = await buildTestApp()
    try {
      assert.deepEqual(await crossTenantSweep(t, sweepFixtures), [])
    } finally {
      await t.close()
    }
  })

  it('catches a planted leak, a missing fixture and an unchecked tenant_id (the harness can fail)', async () => {
    const t = await buildTestApp({
      routes: (app) => {
        const params = Type.Object({ tenant_id: Type.Integer() })
        const doc = (operationId: string) => ({
          operationId,
          summary: operationId,
          tags: ['test'],
          params,
          response: problems(401, 404, 422),
        })
        // Correct: answers 404 for anything but the caller's own tenant.
        app.get('/api/test/safe/:tenant_id', { schema: doc('testSafe') }, (req) => {
          if (req.params.tenant_id !== scopeOf(req).tenantId) throw new NotFoundError()
          return {}
        })
        // Leaky: answers 200 for any tenant id.
        app.get('/api/test/leaky/:tenant_id', { schema: doc('testLeaky') }, () => ({}))
        app.get('/api/test/unfixtured/:tenant_id', { schema: doc('testUnfixtured') }, () => ({}))
        app.get(
          '/api/test/by-query',
          {
            schema: {
              operationId: 'testByQuery',
              summary: 's',
              tags: ['test'],
              querystring: Type.Object({ tenant_id: Type.Optional(Type.Integer()) }),
            },
          },
          () => ({}),
        )
      },
    })
    try {
      const ownTenant = async (owner: { tenantId: number }) => ({ params: { tenant_id: owner.tenantId } })
      const findings = await crossTenantSweep(t, {
        ...sweepFixtures,
        testSafe: ownTenant,
        testLeaky: ownTenant,
      })
      assert.equal(findings.length, 3, findings.join('\n'))
      assert.match(findings.join('\n'), /testLeaky\): intruder got 200/)
      assert.match(findings.join('\n'), /testUnfixtured\): no sweep fixture/)
      assert.match(findings.join('\n'), /testByQuery\): foreign tenant_id got 200, expected 403/)
    } finally {
      await t.close()
    }
  })
})
