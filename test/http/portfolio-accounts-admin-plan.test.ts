/**
 * The manual-account cap when an administrator acts in another tenant (`tenant_id`): reopening an
 * account there takes a slot of that tenant's plan, whatever the administrator's own plan allows.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const t = useTestApp()

async function createAccount(u: Client, name: string): Promise<Body> {
  const res = await u.post('/api/accounts', { name, broker_type: 'manual' })
  assert.equal(res.statusCode, 201, res.body)
  return json(res.body)
}

/** A tenant with one closed manual account and `active` active ones; the closed one's id. */
async function withClosedAccount(u: Client, active: number): Promise<number> {
  const closed = await createAccount(u, 'Closed')
  assert.equal((await u.patch(`/api/accounts/${closed.id}`, { status: 'closed' })).statusCode, 200)
  for (let i = 1; i <= active; i++) await createAccount(u, `A${i}`)
  return Number(closed.id)
}

const activeCount = async (u: Client) => (json((await u.get('/api/accounts')).body).items as Body[]).length

describe('manual-account cap for an administrator in another tenant', () => {
  it('an admin on premium reopening in a free tenant at its cap → 402 with the free allowance', async () => {
    const owner = await t.newTenant()
    const admin = await t.newTenant({ role: 'admin', plan: 'premium' })
    const closedId = await withClosedAccount(owner, 3)
    const res = await admin.patch(`/api/accounts/${closedId}?tenant_id=${owner.tenantId}`, {
      status: 'active',
    })
    const body = assertProblem(res, 402, 'plan.limit_reached')
    assert.equal(body.limit, 'manual_accounts')
    assert.equal(body.allowed, 3)
    assert.equal(await activeCount(owner), 3)
    // Renaming (no slot taken) still goes through.
    const renamed = await admin.patch(`/api/accounts/${closedId}?tenant_id=${owner.tenantId}`, {
      name: 'Kept',
    })
    assert.equal(renamed.statusCode, 200, renamed.body)
  })

  it('an admin on free reopening in a premium tenant past the free cap is allowed', async () => {
    const owner = await t.newTenant({ plan: 'premium' })
    const admin = await t.newTenant({ role: 'admin' })
    const closedId = await withClosedAccount(owner, 4)
    const res = await admin.patch(`/api/accounts/${closedId}?tenant_id=${owner.tenantId}`, {
      status: 'active',
    })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(res.body).status, 'active')
    assert.equal(await activeCount(owner), 5)
  })
})
