/**
 * OpenAPI completeness: every route is documented with an operationId, summary, tags and its error
 * answers. Also prints the coverage of the interface spec's 217 operations (not a failure yet).
 */
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { operations } from '../helpers/openapi.ts'
import { useTestApp } from '../helpers/test-app.ts'

const t = useTestApp()
const ENDPOINTS = new URL('../../../shared/spec/endpoints.tsv', import.meta.url).pathname

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with the security schemes', async () => {
    const doc = JSON.parse((await t.anon.get('/openapi.json')).body)
    assert.equal(doc.openapi, '3.1.0')
    assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), [
      'apiKey',
      'bearerAuth',
      'cookieAuth',
    ])
    assert.ok(doc.components.schemas.Problem, 'the shared Problem schema is a component')
  })

  it('documents every route: operationId (unique), summary, tags, and its error answers', async () => {
    const ops = await operations(t.app)
    assert.ok(ops.length >= 8)
    const problems: string[] = []
    const ids = new Set<string>()
    for (const op of ops) {
      const name = `${op.method} ${op.path}`
      if (!op.operationId) problems.push(`${name}: no operationId`)
      else if (ids.has(op.operationId)) problems.push(`${name}: duplicate operationId ${op.operationId}`)
      else ids.add(op.operationId)
      if (!op.summary) problems.push(`${name}: no summary`)
      if (!op.tags?.length) problems.push(`${name}: no tags`)
      if (op.auth !== 'public' && !op.responses['401'])
        problems.push(`${name}: private but no 401 documented`)
      if (op.auth === 'admin' && !op.responses['403']) problems.push(`${name}: admin but no 403 documented`)
      if ((op.parameters.length || op.hasBody) && !op.responses['422'] && !op.path.startsWith('/docs')) {
        problems.push(`${name}: takes input but no 422 documented`)
      }
    }
    assert.deepEqual(problems, [])
  })

  it(
    'reports coverage of the interface spec (informational)',
    { skip: !existsSync(ENDPOINTS) },
    async (ctx) => {
      const ops = await operations(t.app)
      const have = new Set(ops.map((o) => `${o.method} ${o.path}`))
      const rows = readFileSync(ENDPOINTS, 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split('\t'))
      const spec = rows.filter((r) => r.length >= 3 && /^(GET|POST|PUT|PATCH|DELETE)$/.test(r[1]!))
      const done = spec.filter((r) => have.has(`${r[1]} ${r[2]}`))
      ctx.diagnostic(`spec coverage: ${done.length}/${spec.length} operations implemented`)
      console.log(`spec coverage: ${done.length}/${spec.length} operations implemented`)
      assert.equal(spec.length, 217)
    },
  )
})
