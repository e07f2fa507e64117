/**
 * The agent order gate over HTTP: every typed rejection reason, recorded and counted in usage; the
 * limits exactly at their boundary and one cent over; reducing and halted; idempotent replay and
 * the client_order_id conflict; paper fills and their positions.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem, json } from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { gateInternals } from '../../src/modules/agents/bot-controls/gate/gate-wiring.service.ts'
import { syncOpenOrders } from '../../src/modules/agents/bot-controls/gate/sync-orders.job.ts'
import {
  createAccount,
  createAgent,
  gateWorld,
  order,
  place,
  placed,
  usage,
} from './agent-orders-fixtures.ts'

const { clock, market } = gateWorld()
const t = useTestApp({ clock, providers: { market } })
market.prices.set('AAPL', 100.005)
market.prices.set('MSFT', 250)

describe('agent orders: paper fills and the order log', () => {
  it('a market buy fills at the quote, priced qty × quote half up to the cent; usage and position follow', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    const o = await placed(u, agent, order(account, { qty: '3' }))
    assert.equal(o.status, 'filled')
    assert.equal(o.priced_notional, '300.02') // 3 × 100.005 = 300.015 → 300.02
    assert.equal(o.reference_price, '100.005')
    assert.equal(o.filled_qty, '3')
    assert.equal(o.filled_avg_price, '100.005')
    assert.equal(o.broker, 'paper')
    assert.equal(o.broker_order_id, `paper-${o.order_id}`)
    assert.equal(o.trading_day, '2026-11-30')
    const use = await usage(u, agent)
    assert.equal(use.orders, 1)
    assert.equal(use.notional, '300.02')
    assert.equal(use.open_positions, 1)
    const log = json(await u.get(`/api/bot-controls/agents/${agent}/orders`))
    assert.equal(log.total, 1)
    assert.equal(log.items[0].order_id, o.order_id)
    assert.deepEqual(json(await u.get(`/api/bot-controls/orders/${o.order_id}`)), o)
  })

  it('a limit order below the quote rests as sent until the quote crosses it (the fills job)', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    const o = await placed(
      u,
      agent,
      order(account, { symbol: 'MSFT', type: 'limit', limit_price: '240', qty: '2' }),
    )
    assert.equal(o.status, 'sent')
    assert.equal(o.priced_notional, '480.00')
    market.prices.set('MSFT', 239.5)
    try {
      await syncOpenOrders(gateInternals.get(t.c.botControls.orders)!)
    } finally {
      market.prices.set('MSFT', 250)
    }
    const after = json(await u.get(`/api/bot-controls/orders/${o.order_id}`))
    assert.equal(after.status, 'filled')
    assert.equal(after.filled_avg_price, '239.5')
  })

  it('another tenant reads and cancels none of its orders (404)', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const agent = await createAgent(u)
    const o = await placed(u, agent, order(await createAccount(u)))
    assertProblem(await other.get(`/api/bot-controls/orders/${o.order_id}`), 404, 'bot.order_not_found')
    assertProblem(await other.get(`/api/bot-controls/agents/${agent}/orders`), 404, 'bot.agent_not_found')
    assertProblem(await place(other, agent, order(await createAccount(other))), 404, 'bot.agent_not_found')
  })
})

describe('agent orders: idempotency', () => {
  it('the same client_order_id and request answers 200 with the same order; another request 409', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    const body = order(account, { qty: '2' })
    const first = await placed(u, agent, body)
    const again = await place(u, agent, { ...body, qty: '2.000' })
    assert.equal(again.statusCode, 200, again.body)
    assert.deepEqual(json(again), first)
    assertProblem(await place(u, agent, { ...body, qty: '3' }), 409, 'bot.client_order_id_conflict')
    assertProblem(
      await place(u, agent, { ...body, time_in_force: 'gtc' }),
      409,
      'bot.client_order_id_conflict',
    )
    assert.equal((await usage(u, agent)).orders, 1)
  })

  it('simulating with a used client_order_id says what placing would: would_replay or would_conflict', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    const body = order(account, { qty: '2' })
    const first = await placed(u, agent, body)
    const sim = async (b: typeof body) => {
      const res = await u.post(`/api/bot-controls/agents/${agent}/orders/simulate`, b)
      assert.equal(res.statusCode, 200, res.body)
      return json(res)
    }
    const replay = await sim({ ...body, qty: '2.000' })
    assert.deepEqual(
      [replay.outcome, replay.reason, replay.existing_order_id, replay.priced_notional, replay.checks],
      ['would_replay', null, first.order_id, '200.01', []],
    )
    assert.match(replay.detail, new RegExp(`used for order ${first.order_id as number} with this request`))
    const conflict = await sim({ ...body, qty: '3' })
    assert.deepEqual(
      [conflict.outcome, conflict.reason, conflict.existing_order_id],
      ['would_conflict', 'bot.client_order_id_conflict', first.order_id],
    )
    // A fresh key, or none, is simulated as usual; nothing was recorded.
    assert.equal((await sim(order(account, { qty: '2' }))).outcome, 'would_send')
    assert.equal((await sim({ ...body, client_order_id: undefined })).outcome, 'would_send')
    assert.equal((await usage(u, agent)).orders, 1)
  })

  it('an omitted time_in_force is day: placed and simulated as day, replayed as the same request', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    const body = order(account, { time_in_force: undefined })
    const first = await placed(u, agent, body)
    assert.equal(first.time_in_force, 'day')
    const sim = await u.post(`/api/bot-controls/agents/${agent}/orders/simulate`, {
      ...order(account),
      time_in_force: undefined,
      client_order_id: undefined,
    })
    assert.equal(sim.statusCode, 200, sim.body)
    assert.equal(json(sim).outcome, 'would_send')
    // Omitted again, or named as day: the same request, the recorded order again.
    for (const retry of [body, { ...body, time_in_force: 'day' }]) {
      const again = await place(u, agent, retry)
      assert.equal(again.statusCode, 200, again.body)
      assert.deepEqual(json(again), first)
    }
    assert.equal((await usage(u, agent)).orders, 1)
  })

  it('an order placed gtc and replayed without time_in_force is another request: 409', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    const body = order(account, { time_in_force: 'gtc' })
    const first = await placed(u, agent, body)
    assert.equal(first.time_in_force, 'gtc')
    assertProblem(
      await place(u, agent, { ...body, time_in_force: undefined }),
      409,
      'bot.client_order_id_conflict',
    )
    assert.equal((await usage(u, agent)).orders, 1)
  })
})

describe('agent orders: input', () => {
  it('refuses broken input with 422 naming the field, recording nothing', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    const cases: [Record<string, unknown>, string][] = [
      [{ qty: 1 }, 'qty'],
      [{ qty: '0' }, 'qty'],
      [{ qty: undefined }, 'qty'],
      [{ notional: '100' }, 'qty'],
      [{ qty: undefined, notional: '100', type: 'limit', limit_price: '1' }, 'notional'],
      [{ type: 'limit' }, 'limit_price'],
      [{ limit_price: '5' }, 'limit_price'],
      [{ client_order_id: 'has space' }, 'client_order_id'],
      // Worth 2e12, above the value the gate prices.
      [{ type: 'limit', qty: '20000000', limit_price: '100000' }, 'qty'],
    ]
    for (const [change, field] of cases) {
      const res = await place(u, agent, order(account, change))
      assert.equal(res.statusCode, 422, `${JSON.stringify(change)}: ${res.body}`)
      assert.ok(
        json(res).errors.some((e: { loc: string[] }) => e.loc.includes(field)),
        `${field}: ${res.body}`,
      )
    }
    // A JSON number is told to come as a string.
    const number = json(await place(u, agent, order(account, { qty: 1 })))
    assert.match(number.errors[0].msg, /decimal string.*send numbers as strings/)
    assert.equal(json(await u.get(`/api/bot-controls/agents/${agent}/orders`)).total, 0)
  })
})
