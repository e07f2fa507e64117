/**
 * Concurrent orders of one agent against its limits never overshoot: the gate counts a pass on the
 * agent's usage row of the New York trading day only if the row has not moved since it was read
 * (else it decides again, and takes the row's lock after a few misses). Runs on both
 * engines (PGlite here; the PostgreSQL pass of CI runs it against a server, where the requests
 * really are concurrent transactions).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { json } from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { createAccount, createAgent, gateWorld, order, place, usage } from '../http/agent-orders-fixtures.ts'

const { clock, market } = gateWorld()
const t = useTestApp({ clock, providers: { market } })
market.prices.set('AAPL', 100)

const PARALLEL = 24

describe('agent orders under concurrency', () => {
  it('parallel orders against max_orders_per_day: exactly the limit passes, the rest are rejected', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u, { limits: { max_orders_per_day: 5 } })
    const bodies = Array.from({ length: PARALLEL }, () =>
      order(account, { type: 'limit', limit_price: '10' }),
    )
    const answers = await Promise.all(bodies.map((b) => place(u, agent, b)))
    assert.deepEqual(new Set(answers.map((r) => r.statusCode)), new Set([201]))
    const statuses = answers.map((r) => json(r).status as string)
    assert.equal(statuses.filter((s) => s !== 'rejected').length, 5)
    assert.equal(statuses.filter((s) => s === 'rejected').length, PARALLEL - 5)
    const use = await usage(u, agent)
    assert.deepEqual(
      [use.orders, use.notional, use.rejections],
      [5, '50.00', { 'limit.max_orders_per_day': PARALLEL - 5 }],
    )
  })

  it('parallel orders against max_notional_per_day: the passed total never exceeds it', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u, { limits: { max_notional_per_day: '1000.00' } })
    // 24 orders of 70.00: at most 14 (980.00) fit
    const bodies = Array.from({ length: PARALLEL }, () =>
      order(account, { type: 'limit', limit_price: '70' }),
    )
    const answers = await Promise.all(bodies.map((b) => place(u, agent, b)))
    const passed = answers.map((r) => json(r)).filter((o) => o.status !== 'rejected')
    assert.equal(passed.length, 14)
    assert.equal((await usage(u, agent)).notional, '980.00')
  })

  it('parallel orders against max_orders_per_minute: exactly the limit passes', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u, { limits: { max_orders_per_minute: 3 } })
    const bodies = Array.from({ length: PARALLEL }, () =>
      order(account, { type: 'limit', limit_price: '10' }),
    )
    const answers = await Promise.all(bodies.map((b) => place(u, agent, b)))
    const statuses = answers.map((r) => json(r).status as string)
    assert.equal(statuses.filter((s) => s !== 'rejected').length, 3)
    const use = await usage(u, agent)
    assert.deepEqual([use.orders, use.rejections], [3, { 'limit.max_orders_per_minute': PARALLEL - 3 }])
  })

  it('parallel sells of a reducing agent: together they never close more than its long', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    assert.equal(json(await place(u, agent, order(account, { qty: '10' }))).status, 'filled')
    await u.patch(`/api/bot-controls/agents/${agent}`, { trading_state: 'reducing' })
    // Sells of 4 at 200 rest (above the quote 100): two fit the long 10, a third would take it short.
    const bodies = Array.from({ length: PARALLEL }, () =>
      order(account, { side: 'sell', qty: '4', type: 'limit', limit_price: '200' }),
    )
    const answers = await Promise.all(bodies.map((b) => place(u, agent, b)))
    const statuses = answers.map((r) => json(r).status as string)
    assert.equal(statuses.filter((s) => s === 'sent').length, 2)
    assert.deepEqual((await usage(u, agent)).rejections, { 'state.reducing': PARALLEL - 2 })
  })

  it('parallel buys under a position weight limit: together they never pass it', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const dep = await u.post('/api/activities', {
      account_id: account,
      type: 'DEPOSIT',
      date: '2026-11-02',
      amount: 10000,
    })
    assert.equal(dep.statusCode, 201, dep.body)
    const agent = await createAgent(u, { limits: { max_position_weight: '0.25' } })
    // Buys of 3 at 90 rest (below the quote 100), 270.00 each: nine fit 2,500.00 of 10,000.00.
    const bodies = Array.from({ length: PARALLEL }, () =>
      order(account, { qty: '3', type: 'limit', limit_price: '90' }),
    )
    const answers = await Promise.all(bodies.map((b) => place(u, agent, b)))
    const statuses = answers.map((r) => json(r).status as string)
    assert.equal(statuses.filter((s) => s === 'sent').length, 9)
    const use = await usage(u, agent)
    assert.deepEqual(
      [use.orders, use.notional, use.rejections],
      [9, '2430.00', { 'limit.max_position_weight': PARALLEL - 9 }],
    )
  })

  it('the same client_order_id in parallel: one order, the others answer it again (200)', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await createAgent(u)
    const body = order(account, { type: 'limit', limit_price: '10' })
    const answers = await Promise.all(Array.from({ length: 8 }, () => place(u, agent, body)))
    const codes = answers.map((r) => r.statusCode).sort()
    assert.deepEqual(codes, [200, 200, 200, 200, 200, 200, 200, 201])
    assert.equal(new Set(answers.map((r) => json(r).order_id)).size, 1)
    assert.equal((await usage(u, agent)).orders, 1)
  })
})
