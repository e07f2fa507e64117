/**
 * The approval threshold preview over HTTP, against orders placed through the real gate: an account's
 * override applies instead of the proposal; the limit replay takes only the orders that reached the
 * limit checks and would spend budget; an agent whose key may not execute has every order wait, and
 * says so, each order judged by what sent it (as the gate recorded it); a limit that blocks many orders names the newest ten and counts them all.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { json, type Body } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import {
  agentKey,
  createAccount,
  createAgent,
  gateWorld,
  NO_LIMITS,
  order,
  placed,
  START,
} from './agent-orders-fixtures.ts'

const { clock, market } = gateWorld()
const t = useTestApp({ clock, providers: { market } })
market.prices.set('AAPL', 100)

const PREVIEW = '/api/bot-controls/approval-threshold/preview'

async function preview(u: Client, query: string): Promise<Body> {
  const res = await u.get(`${PREVIEW}?${query}`)
  assert.equal(res.statusCode, 200, res.body)
  return json(res)
}

async function setLimits(u: Client, agent: number, limits: Body) {
  const res = await u.put(`/api/bot-controls/agents/${agent}/limits`, { ...NO_LIMITS, ...limits })
  assert.equal(res.statusCode, 200, res.body)
}

/** Each limit line as [limit, agent, the ids it names]. */
const blockedIds = (p: Body) =>
  (p.limits_would_block as Body[]).map((b) => [
    b.limit,
    b.agent_id,
    (b.orders as Body[]).map((o) => o.order_id),
  ])

async function patchAgent(u: Client, agent: number, body: Body) {
  const res = await u.patch(`/api/bot-controls/agents/${agent}`, body)
  assert.equal(res.statusCode, 200, res.body)
}

describe('threshold preview: the limit replay', () => {
  it('replays orders that held budget or that a limit rejected, not those rejected for anything else', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const other = await createAccount(u, 'Other account')
    const agent = await createAgent(u, { limits: { max_order_notional: '500' } })
    const buy = (extra: Body = {}) => placed(u, agent, order(account, extra))

    const first = await buy()
    await patchAgent(u, agent, { trading_state: 'halted' })
    const halted = await buy()
    await patchAgent(u, agent, { trading_state: 'active', allowed_accounts: [account] })
    const notAllowed = await placed(u, agent, order(other))
    const tooBig = await buy({ qty: '6' }) // 600.00 > 500
    const later = [await buy(), await buy(), await buy(), await buy()]
    // Held, then rejected by a person: its budget went back to the day.
    assert.equal((await u.put('/api/bot-controls/approval-threshold', { threshold: '300' })).statusCode, 200)
    const held = await buy({ qty: '4' })
    const rejected = await u.post(`/api/bot-controls/approvals/${held.approval_id}/reject`, {})
    assert.equal(rejected.statusCode, 200, rejected.body)
    assert.deepEqual(
      [halted, notAllowed, tooBig].map((o) => o.reject_reason),
      ['state.halted', 'account.not_allowed', 'limit.max_order_notional'],
    )
    assert.deepEqual(
      [first, ...later].map((o) => o.status),
      ['filled', 'filled', 'filled', 'filled', 'filled'],
    )

    // Exactly five orders passed today: a limit of five blocks none of them; the order the
    // notional limit rejected is blocked by it again.
    await setLimits(u, agent, { max_orders_per_day: 5, max_order_notional: '500' })
    const p = await preview(u, 'proposed_threshold=1000&days=1')
    assert.deepEqual(blockedIds(p), [['limit.max_order_notional', agent, [tooBig.order_id]]])

    // Without the notional limit that order would have passed and counted: the fifth after it is blocked.
    await setLimits(u, agent, { max_orders_per_day: 5 })
    const q = await preview(u, 'proposed_threshold=1000&days=1')
    assert.deepEqual(blockedIds(q), [['limit.max_orders_per_day', agent, [later[3]!.order_id]]])
  })
})

describe('threshold preview: account overrides', () => {
  it('judges an order in an account with its own threshold against it, any other against the proposal', async () => {
    const u = await t.newTenant()
    const high = await createAccount(u, 'High override')
    const plain = await createAccount(u, 'No override')
    const low = await createAccount(u, 'Low override')
    const agent = await createAgent(u)
    const limitBuy = (account: number) =>
      placed(u, agent, order(account, { type: 'limit', qty: '1', limit_price: '1000.50' }))
    const inHigh = await limitBuy(high)
    const inPlain = await limitBuy(plain)
    const inLow = await placed(u, agent, order(low, { qty: '2' })) // 200.00: under the proposal
    for (const [account, threshold] of [
      [high, '99999999'],
      [low, '100'],
    ] as const) {
      const res = await u.put('/api/bot-controls/approval-threshold/account-override', {
        account_id: account,
        threshold,
      })
      assert.equal(res.statusCode, 200, res.body)
    }
    const p = await preview(u, 'proposed_threshold=1000&days=7')
    assert.deepEqual(
      p.would_need_approval.map((o: Body) => [
        o.order_id,
        o.priced_notional,
        o.threshold,
        o.threshold_source,
      ]),
      [
        [inPlain.order_id, '1000.50', '1000.00', 'proposed'],
        [inLow.order_id, '200.00', '100.00', 'account_override'],
      ],
    )
    assert.deepEqual([p.count, p.notional_total, p.proposed_threshold], [2, '1200.50', '1000.00'])
    assert.equal(inHigh.priced_notional, '1000.50')
  })
})

describe('threshold preview: why an order would wait', () => {
  it('lists every order of an agent whose key lacks orders:execute, whatever its value, and says why', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const proposer = await createAgent(u) // its key: the default scopes, orders:propose only
    const executor = await createAgent(u)
    const proposerKey = await agentKey(u, proposer)
    const executorKey = await agentKey(u, executor, ['orders:read', 'orders:execute'])
    const small = await placed(u, proposer, order(account, { qty: '2' }), proposerKey) // 200.00
    const big = await placed(u, proposer, order(account, { qty: '20' }), proposerKey) // 2000.00
    const sent = await placed(u, executor, order(account, { qty: '3' }), executorKey) // 300.00
    const above = await placed(u, executor, order(account, { qty: '15' }), executorKey) // 1500.00
    // Placed in the console for the proposer (a signed-in person's cookie, who may execute).
    const inConsole = (qty: string) =>
      placed(u, proposer, order(account, { qty }), {
        authorization: '',
        cookie: `svc_token=${u.token}`,
        origin: 'http://localhost:8000',
      })
    const consoleSmall = await inConsole('1') // 100.00: sent, and not held at 1000 either
    const consoleBig = await inConsole('25') // 2500.00
    assert.deepEqual(
      [small, big, sent, above, consoleSmall, consoleBig].map((o) => [o.status, o.via]),
      [
        ['pending_approval', 'rest'],
        ['pending_approval', 'rest'],
        ['filled', 'rest'],
        ['filled', 'rest'],
        ['filled', 'console'],
        ['filled', 'console'],
      ],
    )
    const names = new Map<number, string>()
    for (const id of [proposer, executor]) {
      const res = await u.get(`/api/bot-controls/agents/${id}`)
      names.set(id, json(res).name as string)
    }

    const p = await preview(u, 'proposed_threshold=1000&days=1')
    assert.deepEqual(
      p.would_need_approval.map((o: Body) => [o.order_id, o.agent_name, o.held_because, o.threshold]),
      [
        [small.order_id, names.get(proposer), 'no_execute_scope', '1000.00'],
        [big.order_id, names.get(proposer), 'no_execute_scope', '1000.00'],
        [above.order_id, names.get(executor), 'threshold', '1000.00'],
        [consoleBig.order_id, names.get(proposer), 'threshold', '1000.00'],
      ],
    )
    assert.deepEqual([p.count, p.notional_total], [4, '6200.00'])

    // Each order is judged by what sent it, as the gate recorded it: a key issued since with
    // orders:execute changes nothing for the orders its predecessor proposed.
    await agentKey(u, proposer, ['orders:execute'])
    const q = await preview(u, 'proposed_threshold=1000&days=1')
    assert.deepEqual(
      q.would_need_approval.map((o: Body) => [o.order_id, o.held_because]),
      p.would_need_approval.map((o: Body) => [o.order_id, o.held_because]),
    )

    // An order recorded before the gate kept that (null) is judged by the agent's current key.
    await t.c.scopes.withTenant(u.tenantId, (s) =>
      s.db
        .updateTable('bot_order')
        .set({ can_execute: null })
        .where('tenant_id', '=', u.tenantId)
        .where('id', '=', small.order_id as number)
        .execute(),
    )
    const r = await preview(u, 'proposed_threshold=1000&days=1')
    assert.deepEqual(
      r.would_need_approval.map((o: Body) => o.order_id),
      [big.order_id, above.order_id, consoleBig.order_id],
    )
  })

  it('judges an order a person sent over the API with a bearer token by the threshold alone', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const proposer = await createAgent(u)
    await agentKey(u, proposer) // orders:propose only: the agent's own orders would all wait
    const mine = await placed(u, proposer, order(account, { qty: '2' })) // 200.00, the person's token
    const theirs = await placed(u, proposer, order(account, { qty: '20' })) // 2000.00
    assert.deepEqual(
      [mine, theirs].map((o) => [o.status, o.via]),
      [
        ['filled', 'rest'],
        ['filled', 'rest'],
      ],
    )
    const p = await preview(u, 'proposed_threshold=1000&days=1')
    assert.deepEqual(
      p.would_need_approval.map((o: Body) => [o.order_id, o.held_because]),
      [[theirs.order_id, 'threshold']],
    )
  })
})

describe('threshold preview: the orders a limit would block', () => {
  it('names the newest ten, newest first, with their agent, and counts them all', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    const name = json(await u.get(`/api/bot-controls/agents/${agent}`)).name as string
    const all = []
    for (let i = 0; i < 13; i++) {
      all.push(await placed(u, agent, order(account, { qty: String(i + 1) })))
      clock.advance(1_000)
    }
    clock.set(START)
    // One order a day: the first passes, the other twelve are blocked.
    await setLimits(u, agent, { max_orders_per_day: 1 })
    const p = await preview(u, 'proposed_threshold=100000&days=1')
    assert.equal(p.limits_would_block.length, 1)
    const [line] = p.limits_would_block as Body[]
    assert.deepEqual(
      [line!.limit, line!.agent_id, line!.agent_name, line!.count],
      ['limit.max_orders_per_day', agent, name, 12],
    )
    const newest = all.slice(3).reverse()
    assert.deepEqual(
      line!.orders,
      newest.map((o) => ({
        order_id: o.order_id,
        agent_id: agent,
        agent_name: name,
        account_id: account,
        client_order_id: o.client_order_id,
        symbol: 'AAPL',
        side: 'buy',
        priced_notional: o.priced_notional,
        created_at: o.created_at,
      })),
    )
    assert.equal(newest[0]!.priced_notional, '1300.00')
  })
})
