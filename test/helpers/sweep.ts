/**
 * The cross-tenant sweep: walks every id-bearing user route of the OpenAPI document and calls it as
 * an intruder from another tenant. Returns a list of findings (empty when isolation holds).
 * - path ids: the resource is created by the owner (fixture) and must answer 404 to the intruder;
 * - `tenant_id` query parameters: naming the owner's tenant must answer 403 to a non-admin.
 */
import type { SweepFixture } from '../tenancy/sweep-fixtures.ts'
import { operations } from './openapi.ts'
import type { Client, TestApp } from './test-app.ts'

export async function crossTenantSweep(
  t: TestApp,
  fixtures: Record<string, SweepFixture>,
): Promise<string[]> {
  const findings: string[] = []
  const ops = (await operations(t.app)).filter((o) => o.auth === 'user')
  for (const op of ops) {
    const name = `${op.method} ${op.path} (${op.operationId ?? '?'})`
    const pathParams = op.parameters.filter((p) => p.in === 'path')
    const owner = await t.newTenant()
    const intruder = await t.newTenant()
    if (pathParams.length) {
      const fixture = op.operationId ? fixtures[op.operationId] : undefined
      if (!fixture) {
        findings.push(`${name}: no sweep fixture (declare one in its module's sweep)`)
        continue
      }
      const target = await fixture(owner)
      if (target.shared) continue
      const url = op.path.replace(/\{(\w+)\}/g, (_, k: string) =>
        encodeURIComponent(String(target.params[k])),
      )
      // A fixture's body is for the operations that take one (its PATCH), not its DELETE.
      const res = await call(intruder, op.method, url, op.hasBody ? target.body : undefined)
      if (res.statusCode !== 404) findings.push(`${name}: intruder got ${res.statusCode}, expected 404`)
    }
    if (op.parameters.some((p) => p.in === 'query' && p.name === 'tenant_id') && !pathParams.length) {
      const res = await call(intruder, op.method, `${op.path}?tenant_id=${owner.tenantId}`, undefined)
      if (res.statusCode !== 403)
        findings.push(`${name}: foreign tenant_id got ${res.statusCode}, expected 403`)
    }
  }
  return findings
}

function call(c: Client, method: string, url: string, body: unknown) {
  return c.inject({ method: method, url, ...(body === undefined ? {} : { payload: body as object }) })
}
