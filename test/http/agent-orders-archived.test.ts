/**
 * An archived agent's orders: a used client_order_id replays, its resting orders stay open and can be
 * canceled, its log and each order stay readable by the tenant's users (the record of what it did),
 * and its key is refused everywhere.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'
import {
  agentKey,
  createAccount,
  createAgent,
  gateWorld,
  order,
  place,
  placed,
} from './agent-orders-fixtures.ts'

const { clock, market } = gateWorld()
const t = useTestApp({ clock, providers: { market } })
market.prices.set('AAPL', 100)

describe('agent orders: an archived agent', () => {
  it('replays a used client_order_id, reads and cancels its orders; its sent orders stay open', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    const body = order(account, { type: 'limit', limit_price: '90', time_in_force: 'gtc' })
    const resting = await placed(u, agent, body)
    const filled = await placed(u, agent, order(account))
    assert.equal((await u.delete(`/api/bot-controls/agents/${agent}`)).statusCode, 200)
    const one = (id: number) => u.get(`/api/bot-controls/orders/${id}`)
    // Archiving canceled nothing: the resting order is still open.
    assert.equal(json(await one(resting.order_id)).status, 'sent')
    const again = await place(u, agent, body)
    assert.equal(again.statusCode, 200, again.body)
    assert.equal(json(again).order_id, resting.order_id)
    assertProblem(await place(u, agent, order(account)), 404, 'bot.agent_not_found')
    const cancel = (id: number) => u.post(`/api/bot-controls/agents/${agent}/orders/${id}/cancel`)
    assertProblem(await cancel(filled.order_id), 409, 'bot.order_not_cancelable')
    assert.equal(json(await cancel(resting.order_id)).status, 'canceled')
  })

  it('its log and each order stay readable by the tenant’s users; its key is refused, reading included', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    const key = await agentKey(u, agent, ['orders:read', 'orders:execute'])
    const first = await placed(t.anon, agent, order(account), key)
    const second = await placed(u, agent, order(account, { qty: '2' }))
    assert.equal((await u.delete(`/api/bot-controls/agents/${agent}`)).statusCode, 200)
    const log = await u.get(`/api/bot-controls/agents/${agent}/orders`)
    assert.equal(log.statusCode, 200, log.body)
    assert.equal(json(log).total, 2)
    assert.deepEqual(
      json(log).items.map((o: Body) => o.order_id),
      [second.order_id, first.order_id],
    )
    const one = await u.get(`/api/bot-controls/orders/${first.order_id}`)
    assert.equal(one.statusCode, 200, one.body)
    assert.deepEqual(json(one), first)
    // The archived agent's key: nothing, not even its own history.
    for (const res of [
      await t.anon.get(`/api/bot-controls/agents/${agent}/orders`, key),
      await t.anon.get(`/api/bot-controls/orders/${first.order_id}`, key),
      await place(t.anon, agent, order(account), key),
    ])
      assertProblem(res, 401, 'auth.unauthenticated')
    // Another tenant still sees neither.
    assertProblem(await other.get(`/api/bot-controls/agents/${agent}/orders`), 404, 'bot.agent_not_found')
    assertProblem(await other.get(`/api/bot-controls/orders/${first.order_id}`), 404, 'bot.order_not_found')
  })
})
