/**
 * Operations whose body has only optional fields take a request with no body at all (and so no
 * content type) as `{}`: rejecting a held order without a note, issuing an agent's key with the
 * default scopes. A body that was sent is still read and validated as it is, and the document
 * marks exactly these bodies optional.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertFieldError, json } from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { approvalsWorld, seedHeld, T0 } from './agent-approvals-fixtures.ts'
import { BOT, createAgent } from './bot-controls-fixtures.ts'

const world = approvalsWorld()
const t = useTestApp({ clock: world.clock, providers: { market: world.market } })

describe('bot-controls: operations whose body is optional', () => {
  it('rejects a held order on a request with no body, without a note', async () => {
    world.clock.set(T0)
    const u = await t.newTenant()
    const held = await seedHeld(t, u, { reference_price: '100', priced_notional: '1000.00' })
    const res = await u.inject({ method: 'POST', url: `${BOT}/approvals/${held.approvalId}/reject` })
    assert.equal(res.statusCode, 200, res.body)
    const a = json(res)
    assert.deepEqual(
      [a.status, a.decision_note, a.order.status, a.order.reject_reason],
      ['rejected', null, 'rejected', 'approval.rejected'],
    )
  })

  it('issues an agent key with the default scopes on a request with no body', async () => {
    const u = await t.newTenant()
    const agent = await createAgent(u)
    const res = await u.inject({ method: 'POST', url: `${BOT}/agents/${agent.agent_id}/credentials` })
    assert.equal(res.statusCode, 201, res.body)
    assert.deepEqual(json(res).scopes, ['portfolio:read', 'market:read', 'orders:read', 'orders:propose'])
  })

  it('still refuses a malformed or invalid body on those operations', async () => {
    world.clock.set(T0)
    const u = await t.newTenant()
    const agent = await createAgent(u)
    const held = await seedHeld(t, u, { reference_price: '100', priced_notional: '1000.00' })
    for (const url of [
      `${BOT}/agents/${agent.agent_id}/credentials`,
      `${BOT}/approvals/${held.approvalId}/reject`,
    ]) {
      const malformed = await u.inject({
        method: 'POST',
        url,
        payload: '{"note":',
        headers: { 'content-type': 'application/json' },
      })
      assert.equal(malformed.statusCode, 422, malformed.body)
      assert.equal(json(malformed).code, 'validation.malformed_body', malformed.body)
      const array = await u.inject({
        method: 'POST',
        url,
        payload: '[]',
        headers: { 'content-type': 'application/json' },
      })
      assertFieldError(array, ['body'])
    }
    assert.equal(json(await u.get(`${BOT}/agents/${agent.agent_id}`)).credential, null)
    assert.equal(json(await u.get(`${BOT}/approvals/${held.approvalId}`)).status, 'pending')
  })
  it('documents exactly these bodies as optional; every other body stays required', async () => {
    const doc = json(await t.anon.get('/openapi.json'))
    const optional: string[] = []
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Body>>))
      for (const [method, op] of Object.entries(item))
        if (op.requestBody && op.requestBody.required !== true) optional.push(`${method} ${path}`)
    assert.deepEqual(optional.sort(), [
      `post ${BOT}/agents/{agent_id}/credentials`,
      `post ${BOT}/approvals/{approval_id}/reject`,
    ])
  })
})

type Body = { requestBody?: { required?: boolean } }
