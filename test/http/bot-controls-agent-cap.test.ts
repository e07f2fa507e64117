/**
 * The plan's cap on live agents: at the cap one more is a 402 naming the limit, archiving frees a
 * place, parallel creates never pass it together, and an administrator creating in another tenant
 * is held to that tenant's plan.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem, json } from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { BOT, createAgent } from './bot-controls-fixtures.ts'

const t = useTestApp()

describe('bot-controls agent cap', () => {
  it('the free plan allows 3 live agents; the 4th is a 402 and archiving one frees its place', async () => {
    const u = await t.newTenant()
    assert.equal(json(await u.get('/api/auth/me/entitlements')).limits.agents, 3)
    const ids: number[] = []
    for (let i = 0; i < 3; i++) ids.push((await createAgent(u, { name: `A${i}` })).agent_id)
    const refused = assertProblem(await u.post(`${BOT}/agents`, { name: 'A3' }), 402, 'plan.limit_reached')
    assert.equal(refused.limit, 'agents')
    assert.equal(refused.allowed, 3)
    assert.match(refused.detail, /3 agents; upgrade or archive one/)
    assert.equal(json(await u.get(`${BOT}/agents`)).total, 3)
    assert.equal((await u.delete(`${BOT}/agents/${ids[0]}`)).statusCode, 200)
    assert.equal((await createAgent(u, { name: 'A3' })).name, 'A3')
  })

  it('parallel creates at the cap: exactly the free places are taken', async () => {
    const u = await t.newTenant()
    await createAgent(u, { name: 'first' })
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => u.post(`${BOT}/agents`, { name: `P${i}` })),
    )
    const codes = answers.map((r) => r.statusCode).sort()
    assert.deepEqual(codes, [201, 201, 402, 402, 402, 402, 402, 402])
    assert.equal(json(await u.get(`${BOT}/agents`)).total, 3)
  })

  it('an administrator creating in another tenant meets that tenant’s plan, not their own', async () => {
    const owner = await t.newTenant()
    const admin = await t.newTenant({ role: 'admin', plan: 'premium' })
    const q = `?tenant_id=${owner.tenantId}`
    for (let i = 0; i < 3; i++) await createAgent(admin, { name: `S${i}` }, q)
    assertProblem(await admin.post(`${BOT}/agents${q}`, { name: 'S3' }), 402, 'plan.limit_reached')
    const pro = await t.newTenant({ plan: 'pro' })
    for (let i = 0; i < 4; i++) await createAgent(pro, { name: `P${i}` })
    assert.equal(json(await pro.get(`${BOT}/agents`)).total, 4)
  })
})
