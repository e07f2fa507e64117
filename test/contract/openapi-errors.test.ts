/**
 * Every status the service can answer is documented on the operation as a Problem: the
 * framework-level set (added once by the docs transform), the 403 of a private operation (an
 * agent's key, which only the agent order operations and MCP take; on writes also a cookie without
 * an allowed Origin), the 422 of a malformed body on body-less writes, and the route-specific ones.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { operations } from '../helpers/openapi.ts'
import { useTestApp } from '../helpers/test-app.ts'

const t = useTestApp()
const PROBLEM = '#/components/schemas/Problem'
/**
 * Documented with another shape on purpose: RFC 6749 grant errors, the readiness report, and the
 * MCP transport's refusal of an Accept header (a JSON-RPC error, which MCP clients read).
 */
const OWN_SHAPE = new Set([
  'POST /api/auth/token 400',
  'POST /api/auth/mfa/challenge 400',
  'GET /readyz 503',
  'POST /mcp 406',
])

it('documents the framework-level errors on every operation, each as a Problem', async () => {
  const missing: string[] = []
  for (const op of await operations(t.app)) {
    const name = `${op.method} ${op.path}`
    const write = op.method !== 'GET'
    const expected = [400, 429, 500, 503]
    if (op.parameters.some((p) => p.in === 'path')) expected.push(414)
    if (write) expected.push(413, 415, 422)
    if (op.auth !== 'public') expected.push(401, 403)
    for (const s of expected) if (!op.responses[String(s)]) missing.push(`${name}: ${s} not documented`)
    for (const [status, response] of Object.entries(op.responses)) {
      if (Number(status) < 400 || OWN_SHAPE.has(`${name} ${status}`)) continue
      const ref = response.content?.['application/problem+json']?.schema?.$ref
      if (ref !== PROBLEM) missing.push(`${name}: ${status} does not reference the Problem schema`)
    }
  }
  assert.deepEqual(missing, [])
})

it('documents the route-specific errors the fuzz found undocumented', async () => {
  const ops = await operations(t.app)
  const byId = (id: string) => ops.find((o) => o.operationId === id)?.responses ?? {}
  assert.ok(byId('updateManualPosition')['409'], 'moving a holding onto an occupied day')
  assert.ok(byId('listCapitalFlows')['404'], 'an unknown investor_id or account_id')
})
