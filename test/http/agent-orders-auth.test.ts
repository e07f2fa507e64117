/**
 * Who may place agent orders and what is held: an agent's own key (scopes), a user of the tenant,
 * nobody else; the approval threshold (account override before the tenant's, strictly above holds);
 * simulate records nothing; cancel of held and resting orders; `tenant_id` on every order route
 * (administrators only); the threshold preview against seeded orders.
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
  START,
  usage,
} from './agent-orders-fixtures.ts'

const { clock, market } = gateWorld()
const t = useTestApp({ clock, providers: { market } })
market.prices.set('AAPL', 100)

describe('agent orders: credentials and scopes', () => {
  it('the agent’s key places for its own agent; without orders:execute every order is held', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    const propose = await agentKey(u, agent) // default scopes: orders:propose, not execute
    const o = await placed(t.anon, agent, order(account), propose)
    assert.equal(o.status, 'pending_approval')
    assert.equal(typeof o.approval_id, 'number')
    assert.equal(o.via, 'rest')
    const exec = await agentKey(u, agent, ['orders:read', 'orders:execute'])
    assert.equal((await placed(t.anon, agent, order(account), exec)).status, 'filled')
    // The old key stopped when the new one was issued.
    assertProblem(await place(t.anon, agent, order(account), propose), 401, 'auth.unauthenticated')
    const log = json(await t.anon.get(`/api/bot-controls/agents/${agent}/orders`, exec))
    assert.equal(log.total, 2)
  })

  it('refuses no credentials (401 with WWW-Authenticate), a bad key, another agent (404), a missing scope (403)', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    const other = await createAgent(u)
    const none = await place(t.anon, agent, order(account))
    assertProblem(none, 401, 'auth.unauthenticated')
    assert.equal(none.headers['www-authenticate'], 'Bearer')
    assertProblem(
      await place(t.anon, agent, order(account), { authorization: 'Bearer sxa_1.nonsense' }),
      401,
      'auth.unauthenticated',
    )
    const key = await agentKey(u, agent, ['orders:read'])
    assertProblem(await place(t.anon, other, order(account), key), 404, 'bot.agent_not_found')
    const refused = assertProblem(
      await place(t.anon, agent, order(account), key),
      403,
      'bot.insufficient_scope',
    )
    assert.equal(refused.required_scope, 'orders:propose')
    const readOnly = await agentKey(u, agent, ['market:read'])
    assertProblem(
      await t.anon.get(`/api/bot-controls/agents/${agent}/orders`, readOnly),
      403,
      'bot.insufficient_scope',
    )
    assert.equal((await usage(u, agent)).orders, 0)
  })

  it('a key reads only its own agent’s orders', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const a = await createAgent(u)
    const b = await createAgent(u)
    const o = await placed(u, b, order(account))
    const key = await agentKey(u, a, ['orders:read'])
    assertProblem(await t.anon.get(`/api/bot-controls/orders/${o.order_id}`, key), 404, 'bot.order_not_found')
    assert.equal((await u.get(`/api/bot-controls/orders/${o.order_id}`)).statusCode, 200)
  })
})

describe('agent orders: tenant_id', () => {
  it('a non-administrator or an agent’s key naming another tenant gets 403 on every order route, and nothing is placed', async () => {
    const owner = await t.newTenant()
    const stranger = await t.newTenant()
    const account = await createAccount(owner)
    const agent = await createAgent(owner)
    const resting = await placed(
      owner,
      agent,
      order(account, { type: 'limit', limit_price: '90', time_in_force: 'gtc' }),
    )
    const own = await createAccount(stranger)
    const mine = await createAgent(stranger)
    const q = `?tenant_id=${owner.tenantId}`
    const theirs = `/api/bot-controls/agents/${agent}/orders`
    const ours = `/api/bot-controls/agents/${mine}/orders`
    const forbidden = (res: { statusCode: number; body: string }) =>
      assertProblem(res, 403, 'auth.tenant_forbidden')
    forbidden(await stranger.post(`${theirs}${q}`, order(account)))
    // Never the caller's own tenant instead: an agent of theirs with another tenant named is refused too.
    forbidden(await stranger.post(`${ours}${q}`, order(own)))
    forbidden(await stranger.post(`${ours}/simulate${q}`, order(own)))
    forbidden(await stranger.post(`${theirs}/simulate${q}`, order(account)))
    forbidden(await stranger.post(`${theirs}/${resting.order_id}/cancel${q}`))
    forbidden(await stranger.get(`${theirs}${q}`))
    forbidden(await stranger.get(`/api/bot-controls/orders/${resting.order_id}${q}`))
    // Who may act is answered before the body is validated...
    forbidden(await stranger.post(`${ours}${q}`, { qty: 1 }))
    // ...but after it is parsed: a body that is not JSON is refused as it is read.
    const unparsed = await stranger.inject({
      method: 'POST',
      url: `${ours}${q}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"account_id":',
    })
    assertProblem(unparsed, 422, 'validation.malformed_body')
    // An agent's key never acts for another tenant; naming its own is its own.
    const key = await agentKey(stranger, mine, ['orders:read', 'orders:execute'])
    forbidden(await t.anon.post(`${ours}${q}`, order(own), key))
    forbidden(await t.anon.post(`${ours}/simulate${q}`, order(own), key))
    forbidden(await t.anon.get(`${ours}${q}`, key))
    const o = await placed(t.anon, mine, order(own), key)
    forbidden(await t.anon.post(`${ours}/${o.order_id}/cancel${q}`, undefined, key))
    const at = `?tenant_id=${stranger.tenantId}`
    assert.equal((await t.anon.post(`${ours}${at}`, order(own), key)).statusCode, 201)
    assert.equal((await stranger.post(`${ours}${at}`, order(own))).statusCode, 201)
    assert.equal((await usage(stranger, mine)).orders, 3)
    assert.equal((await usage(owner, agent)).orders, 1)
    assert.equal(json(await owner.get(`/api/bot-controls/orders/${resting.order_id}`)).status, 'sent')
  })

  it('an administrator places, simulates, reads and cancels in the tenant it names', async () => {
    const owner = await t.newTenant()
    const admin = await t.newTenant({ role: 'admin' })
    const account = await createAccount(owner)
    const agent = await createAgent(owner)
    const q = `?tenant_id=${owner.tenantId}`
    const base = `/api/bot-controls/agents/${agent}/orders`
    // Without tenant_id an administrator acts in its own tenant, where the agent is unknown.
    assertProblem(await place(admin, agent, order(account)), 404, 'bot.agent_not_found')
    const sim = json(await admin.post(`${base}/simulate${q}`, order(account)))
    assert.equal(sim.outcome, 'would_send')
    const inOwners = { post: (url: string, body?: unknown) => admin.post(`${url}${q}`, body) }
    const filled = await placed(inOwners, agent, order(account))
    assert.equal(filled.status, 'filled')
    const resting = await placed(
      inOwners,
      agent,
      order(account, { type: 'limit', limit_price: '90', time_in_force: 'gtc' }),
    )
    const log = json(await owner.get(base))
    assert.deepEqual(
      log.items.map((o: { order_id: number }) => o.order_id),
      [resting.order_id, filled.order_id],
    )
    assert.equal(json(await admin.get(`${base}${q}`)).total, 2)
    assert.equal(json(await admin.get(`/api/bot-controls/orders/${resting.order_id}${q}`)).status, 'sent')
    const canceled = await admin.post(`${base}/${resting.order_id}/cancel${q}`)
    assert.equal(json(canceled).status, 'canceled', canceled.body)
    assert.equal((await usage(owner, agent)).orders, 2)
  })
})

describe('agent orders: the approval threshold', () => {
  it('strictly above holds, at it sends; the account override wins over the tenant’s', async () => {
    const u = await t.newTenant()
    const a1 = await createAccount(u, 'One')
    const a2 = await createAccount(u, 'Two')
    const agent = await createAgent(u)
    assert.equal(
      (await u.put('/api/bot-controls/approval-threshold', { threshold: '100.00' })).statusCode,
      200,
    )
    const ov = await u.put('/api/bot-controls/approval-threshold/account-override', {
      account_id: a2,
      threshold: '50',
    })
    assert.equal(ov.statusCode, 200, ov.body)
    assert.equal((await placed(u, agent, order(a1))).status, 'filled') // 100.00, not above 100
    const held = await placed(u, agent, order(a1, { qty: '1.0001' })) // 100.01
    assert.equal(held.status, 'pending_approval')
    assert.equal((await placed(u, agent, order(a2))).status, 'pending_approval') // 100 > 50
    const use = await usage(u, agent)
    assert.deepEqual([use.orders, use.notional, use.pending_approvals], [3, '300.01', 2])
  })
})

describe('agent orders: simulate and cancel', () => {
  it('simulate answers what placing would do and records nothing', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u, { limits: { max_order_notional: '150' } })
    const sim = (body: object) => u.post(`/api/bot-controls/agents/${agent}/orders/simulate`, body)
    const send = json(await sim(order(account)))
    assert.deepEqual(
      [send.outcome, send.reason, send.priced_notional, send.threshold],
      ['would_send', null, '100.00', null],
    )
    assert.equal(send.post_trade.open_positions, 1)
    const reject = json(await sim(order(account, { qty: '2', client_order_id: undefined })))
    assert.deepEqual([reject.outcome, reject.reason], ['would_reject', 'limit.max_order_notional'])
    assert.equal(reject.checks.at(-1).passed, false)
    await u.put('/api/bot-controls/approval-threshold', { threshold: '99.99' })
    assert.equal(json(await sim(order(account))).outcome, 'would_hold')
    assert.equal(json(await u.get(`/api/bot-controls/agents/${agent}/orders`)).total, 0)
    assert.equal((await usage(u, agent)).orders, 0)
  })

  it('cancel withdraws a held order (budget back) and a resting one; a filled one is 409; halted may cancel', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    await u.put('/api/bot-controls/approval-threshold', { threshold: '500' })
    const held = await placed(u, agent, order(account, { qty: '6' }))
    const resting = await placed(
      u,
      agent,
      order(account, { type: 'limit', limit_price: '90', time_in_force: 'gtc' }),
    )
    const filled = await placed(u, agent, order(account))
    assert.deepEqual([held.status, resting.status, filled.status], ['pending_approval', 'sent', 'filled'])
    await u.patch(`/api/bot-controls/agents/${agent}`, { trading_state: 'halted' })
    const cancel = (id: number) => u.post(`/api/bot-controls/agents/${agent}/orders/${id}/cancel`)
    assert.equal(json(await cancel(held.order_id)).status, 'canceled')
    assert.equal(json(await cancel(resting.order_id)).status, 'canceled')
    assertProblem(await cancel(filled.order_id), 409, 'bot.order_not_cancelable')
    const use = await usage(u, agent)
    assert.deepEqual([use.orders, use.notional, use.pending_approvals], [2, '190.00', 0])
  })
})

describe('threshold preview', () => {
  it('lists the passed orders strictly above the proposal and what the current limits would block', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    const buy = (qty: string, price: string) =>
      placed(u, agent, order(account, { type: 'limit', qty, limit_price: price }))
    const o1 = await buy('1', '300')
    const o2 = await buy('1', '250')
    const o3 = await buy('2', '125') // 250.00: at the proposal, not above
    clock.advance(61_000)
    const o4 = await buy('1', '900')
    clock.set(START)
    const limits = {
      max_orders_per_day: null,
      max_notional_per_day: '1000',
      max_order_notional: '800',
      max_position_weight: null,
      max_open_positions: null,
      max_orders_per_minute: 2,
    }
    assert.equal((await u.put(`/api/bot-controls/agents/${agent}/limits`, limits)).statusCode, 200)
    const res = await u.get('/api/bot-controls/approval-threshold/preview?proposed_threshold=250&days=7')
    assert.equal(res.statusCode, 200, res.body)
    const p = json(res)
    assert.equal(p.orders_considered, 4)
    assert.deepEqual(
      p.would_need_approval.map((o: { order_id: number }) => o.order_id),
      [o1.order_id, o4.order_id],
    )
    assert.deepEqual([p.count, p.notional_total, p.proposed_threshold], [2, '1200.00', '250.00'])
    // o3 is the third order within 60 s; o4 alone is worth more than 800.
    assert.deepEqual(
      p.limits_would_block.map((b: { limit: string; agent_id: number; count: number; orders: Body[] }) => [
        b.limit,
        b.agent_id,
        b.count,
        b.orders.map((o) => o.order_id),
      ]),
      [
        ['limit.max_orders_per_minute', agent, 1, [o3.order_id]],
        ['limit.max_order_notional', agent, 1, [o4.order_id]],
      ],
    )
    assert.equal(o2.status, 'filled') // a buy limit above the quote fills at the quote
    assert.equal((await u.get('/api/bot-controls/approval-threshold/preview')).statusCode, 422)
  })
})
