/**
 * Held agent orders through the real gate and the paper broker: above the threshold the order waits;
 * approving sends it (filled at the quote), once; a market order whose quote left its ±2 % band is
 * refused and expires unsent; the agent's switches and allow-lists keep an approval pending; an
 * approval racing a cancel of its order ends one way or the other; the agent's creator finds the
 * request in the in-app inbox; an agent's key can neither skip nor decide an approval.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { agentWithThreshold, approvalsWorld, place, T0 } from './agent-approvals-fixtures.ts'

const world = approvalsWorld()
const t = useTestApp({ clock: world.clock, providers: { market: world.market } })
const BASE = '/api/bot-controls/approvals'

describe('agent approvals: approve and send (paper)', () => {
  it('holds an order above the threshold, approves it once, and the paper broker fills it', async () => {
    world.clock.set(T0)
    world.market.prices.set('AAPL', 150)
    const u = await t.newTenant()
    const { accountId, agentId } = await agentWithThreshold(u, '1000.00')
    const held = await place(u, agentId, { account_id: accountId, qty: '10' })
    assert.deepEqual(
      [held.status, held.priced_notional, held.reference_price],
      ['pending_approval', '1500.00', '150'],
    )
    assert.ok(held.approval_id, 'held with its approval')
    const pending = json(await u.get(`${BASE}?status=pending`))
    assert.deepEqual(
      pending.items.map((i: Body) => [i.approval_id, i.order.order_id, i.band_low, i.band_high]),
      [[held.approval_id, held.order_id, '147', '153']],
    )
    world.clock.advance(60_000)
    const res = await u.post(`${BASE}/${held.approval_id}/approve`)
    assert.equal(res.statusCode, 200, res.body)
    const a = json(res)
    assert.deepEqual(
      [a.status, a.decided_by, a.decided_at, a.order.status, a.order.broker, a.order.broker_order_id],
      ['sent', u.userId, '2026-11-25T15:01:00.000Z', 'filled', 'paper', `paper-${held.order_id}`],
    )
    assert.deepEqual([a.order.filled_qty, a.order.filled_avg_price], ['10', '150'])
    const order = json(await u.get(`/api/bot-controls/orders/${held.order_id}`))
    assert.equal(order.status, 'filled')
    assertProblem(await u.post(`${BASE}/${held.approval_id}/approve`), 409, 'bot.approval_not_pending')
    assertProblem(await u.post(`${BASE}/${held.approval_id}/reject`, {}), 409, 'bot.approval_not_pending')
    const usage = json(await u.get(`/api/bot-controls/agents/${agentId}/usage`))
    assert.deepEqual([usage.orders, usage.notional, usage.pending_approvals], [1, '1500.00', 0])
  })

  it('keeps a held order pending while its agent is halted or disabled, and sends it once the agent is active again', async () => {
    world.clock.set(T0)
    world.market.prices.set('AAPL', 150)
    const u = await t.newTenant()
    const { accountId, agentId } = await agentWithThreshold(u, '1000.00')
    const held = await place(u, agentId, { account_id: accountId, qty: '10' })
    const agentUrl = `/api/bot-controls/agents/${agentId}`
    for (const change of [{ trading_state: 'halted' }, { trading_state: 'active', enabled: false }]) {
      assert.equal((await u.patch(agentUrl, change)).statusCode, 200)
      const p = assertProblem(
        await u.post(`${BASE}/${held.approval_id}/approve`),
        409,
        'bot.agent_not_trading',
      )
      assert.equal(p.reason, change.trading_state === 'halted' ? 'state.halted' : 'agent.disabled')
      const a = json(await u.get(`${BASE}/${held.approval_id}`))
      assert.deepEqual([a.status, a.order.status, a.order.broker], ['pending', 'pending_approval', null])
    }
    // Reducing: a buy that opens a position does not reduce it.
    assert.equal((await u.patch(agentUrl, { enabled: true, trading_state: 'reducing' })).statusCode, 200)
    const r = assertProblem(await u.post(`${BASE}/${held.approval_id}/approve`), 409, 'bot.agent_not_trading')
    assert.equal(r.reason, 'state.reducing')
    assert.equal((await u.patch(agentUrl, { trading_state: 'active' })).statusCode, 200)
    const sent = json(await u.post(`${BASE}/${held.approval_id}/approve`))
    assert.deepEqual([sent.status, sent.order.status], ['sent', 'filled'])
  })

  it('a reducing agent’s held sell is sent only if its other open sells leave room for it', async () => {
    world.clock.set(T0)
    world.market.prices.set('AAPL', 150)
    const u = await t.newTenant()
    const { accountId, agentId } = await agentWithThreshold(u, '1000.00')
    for (const qty of ['5', '5'])
      assert.equal((await place(u, agentId, { account_id: accountId, qty })).status, 'filled')
    // Long 10: a market sell of 8 (1,200.00) is held; a sell of 3 at a limit above the market (900.00) rests.
    const held = await place(u, agentId, { account_id: accountId, side: 'sell', qty: '8' })
    assert.equal(held.status, 'pending_approval')
    const rests = { account_id: accountId, side: 'sell', qty: '3', type: 'limit', limit_price: '300' }
    const resting = await place(u, agentId, { ...rests, time_in_force: 'gtc' })
    assert.equal(resting.status, 'sent')
    const agentUrl = `/api/bot-controls/agents/${agentId}`
    assert.equal((await u.patch(agentUrl, { trading_state: 'reducing' })).statusCode, 200)
    const p = assertProblem(await u.post(`${BASE}/${held.approval_id}/approve`), 409, 'bot.agent_not_trading')
    assert.equal(p.reason, 'state.reducing')
    assert.match(p.detail, /3 already being closed/)
    assert.equal(json(await u.get(`${BASE}/${held.approval_id}`)).status, 'pending')
    const cancel = await u.post(`${agentUrl}/orders/${resting.order_id}/cancel`)
    assert.equal(cancel.statusCode, 200, cancel.body)
    const sent = json(await u.post(`${BASE}/${held.approval_id}/approve`))
    assert.deepEqual([sent.status, sent.order.status, sent.order.filled_qty], ['sent', 'filled', '8'])
  })

  it('keeps a held order pending while the agent’s allow-lists refuse its symbol, account or hour; no budget re-run', async () => {
    world.clock.set(T0) // 10:00 New York
    world.market.prices.set('AAPL', 150)
    const u = await t.newTenant()
    const { accountId, agentId } = await agentWithThreshold(u, '1000.00')
    const other = json(await u.post('/api/accounts', { name: 'Other', broker_type: 'manual' })).id as number
    const held = await place(u, agentId, { account_id: accountId, qty: '10' })
    const agentUrl = `/api/bot-controls/agents/${agentId}`
    const refusals = [
      [{ allowed_symbols: ['MSFT'] }, 'symbol.not_allowed'],
      [{ allowed_symbols: null, allowed_accounts: [other] }, 'account.not_allowed'],
      [{ allowed_accounts: null, allowed_hours: { start: '11:00', end: '16:00' } }, 'hours.not_allowed'],
    ] as const
    for (const [change, reason] of refusals) {
      assert.equal((await u.patch(agentUrl, change)).statusCode, 200)
      const p = assertProblem(
        await u.post(`${BASE}/${held.approval_id}/approve`),
        409,
        'bot.agent_not_allowed',
      )
      assert.equal(p.reason, reason)
      const a = json(await u.get(`${BASE}/${held.approval_id}`))
      assert.deepEqual([a.status, a.order.status, a.order.broker], ['pending', 'pending_approval', null])
    }
    // Back within its lists; a daily limit its own held order already fills is not checked again.
    assert.equal(
      (await u.patch(agentUrl, { allowed_hours: { start: '09:30', end: '16:00' } })).statusCode,
      200,
    )
    const limits = await u.put(`${agentUrl}/limits`, {
      max_orders_per_day: 1,
      max_notional_per_day: '1500',
      max_order_notional: null,
      max_position_weight: null,
      max_open_positions: null,
      max_orders_per_minute: null,
    })
    assert.equal(limits.statusCode, 200, limits.body)
    const sent = json(await u.post(`${BASE}/${held.approval_id}/approve`))
    assert.deepEqual([sent.status, sent.order.status], ['sent', 'filled'])
  })

  it('sends an order below the threshold at once, with no approval', async () => {
    world.clock.set(T0)
    world.market.prices.set('AAPL', 150)
    const u = await t.newTenant()
    const { accountId, agentId } = await agentWithThreshold(u, '1500.00')
    const sent = await place(u, agentId, { account_id: accountId, qty: '10' })
    assert.deepEqual(
      [sent.status, sent.approval_id],
      ['filled', null],
      'exactly at the threshold is not above it',
    )
    assert.deepEqual(json(await u.get(BASE)).items, [])
  })

  it('an approval racing a cancel of its order: one wins, the other is 409, nothing left half-done', async () => {
    world.clock.set(T0)
    world.market.prices.set('AAPL', 150)
    const u = await t.newTenant()
    const { accountId, agentId } = await agentWithThreshold(u, '1000.00')
    const held: Body[] = []
    for (let i = 0; i < 8; i++) held.push(await place(u, agentId, { account_id: accountId, qty: '10' }))
    const raced = await Promise.all(
      held.map((h) =>
        Promise.all([
          u.post(`${BASE}/${h.approval_id}/approve`),
          u.post(`/api/bot-controls/agents/${agentId}/orders/${h.order_id}/cancel`),
        ]),
      ),
    )
    let sent = 0
    for (const [i, [approve, cancel]] of raced.entries()) {
      const a = json(await u.get(`${BASE}/${held[i]!.approval_id}`))
      if (a.order.reject_reason === 'order.withdrawn') {
        assert.equal(cancel.statusCode, 200, cancel.body)
        assert.equal(approve.statusCode, 409, approve.body)
        assert.deepEqual([a.status, a.order.status], ['rejected', 'canceled'])
        continue
      }
      // Approved first: sent (its budget kept), then filled at once — or canceled if the cancel got in.
      sent++
      assert.equal(approve.statusCode, 200, approve.body)
      assert.equal(a.status, 'sent')
      if (a.order.status === 'filled') assertProblem(cancel, 409, 'bot.order_not_cancelable')
      else assert.deepEqual([cancel.statusCode, a.order.status], [200, 'canceled'])
    }
    const usage = json(await u.get(`/api/bot-controls/agents/${agentId}/usage`))
    assert.deepEqual([usage.orders, usage.notional, usage.pending_approvals], [sent, `${sent * 1500}.00`, 0])
  })

  it('refuses a market order whose quote left its band: 422 with quote and band, approval and order expired', async () => {
    world.clock.set(T0)
    world.market.prices.set('MSFT', 400)
    const u = await t.newTenant()
    const { accountId, agentId } = await agentWithThreshold(u, '100.00')
    const held = await place(u, agentId, { account_id: accountId, symbol: 'MSFT', qty: '2' })
    world.market.prices.set('MSFT', 408.01) // the band is 392–408
    const res = await u.post(`${BASE}/${held.approval_id}/approve`)
    const p = assertProblem(res, 422, 'bot.approval_price_band')
    assert.deepEqual([p.quote, p.band_low, p.band_high], ['408.01', '392', '408'])
    const a = json(await u.get(`${BASE}/${held.approval_id}`))
    assert.deepEqual(
      [a.status, a.decided_by, a.order.status, a.order.reject_reason, a.order.broker],
      ['expired', u.userId, 'expired', 'approval.price_band', null],
    )
    const usage = json(await u.get(`/api/bot-controls/agents/${agentId}/usage`))
    assert.deepEqual([usage.orders, usage.notional], [0, '0.00'], 'the budget is given back')
    assertProblem(await u.post(`${BASE}/${held.approval_id}/approve`), 422, 'bot.approval_expired')
  })

  it('sends a market order whose quote sits exactly on the band’s edge', async () => {
    world.clock.set(T0)
    world.market.prices.set('MSFT', 400)
    const u = await t.newTenant()
    const { accountId, agentId } = await agentWithThreshold(u, '100.00')
    const held = await place(u, agentId, { account_id: accountId, symbol: 'MSFT', qty: '2' })
    world.market.prices.set('MSFT', 392)
    const res = await u.post(`${BASE}/${held.approval_id}/approve`)
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(
      [json(res).status, json(res).order.status, json(res).order.filled_avg_price],
      ['sent', 'filled', '392'],
    )
  })

  it('binds a limit order to its limit, not to a band: sent whatever the quote did', async () => {
    world.clock.set(T0)
    world.market.prices.set('KO', 60)
    const u = await t.newTenant()
    const { accountId, agentId } = await agentWithThreshold(u, '100.00')
    const held = await place(u, agentId, {
      account_id: accountId,
      symbol: 'KO',
      qty: '10',
      type: 'limit',
      limit_price: '61',
    })
    const pending = json(await u.get(`${BASE}/${held.approval_id}`))
    assert.deepEqual([pending.band_low, pending.band_high], [null, null])
    world.market.prices.set('KO', 70)
    const res = await u.post(`${BASE}/${held.approval_id}/approve`)
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(
      [json(res).status, json(res).order.status],
      ['sent', 'sent'],
      'the limit rests: 70 is above 61',
    )
  })

  it('tells the agent’s creator in the in-app inbox, linking to the queue', async () => {
    world.clock.set(T0)
    world.market.prices.set('AAPL', 150)
    const u = await t.newTenant()
    const colleague = await t.newUser(u.tenantId)
    const { accountId, agentId } = await agentWithThreshold(u, '1000.00')
    const held = await place(colleague, agentId, { account_id: accountId, qty: '10' })
    await t.c.jobs.drain()
    const items = json(await u.get('/api/alerts/in-app')).items as Body[]
    assert.equal(items.length, 1, JSON.stringify(items))
    assert.deepEqual(
      [items[0]!.title, items[0]!.url],
      ['Rebalancer asks to place an order', '/app/agents/approvals'],
    )
    assert.equal(
      items[0]!.body,
      'buy 10 AAPL (market, about $1500). Approve or reject before 10:15 New York time.',
    )
    assert.deepEqual(
      json(await colleague.get('/api/alerts/in-app')).items,
      [],
      'only the agent’s creator is asked',
    )
    // The colleague may still decide: approvals belong to the tenant's people.
    assert.equal(
      json(await colleague.post(`${BASE}/${held.approval_id}/approve`)).decided_by,
      colleague.userId,
    )
  })

  it('holds every order of an agent key without orders:execute, and the key cannot decide it', async () => {
    world.clock.set(T0)
    world.market.prices.set('AAPL', 150)
    const u = await t.newTenant()
    const { accountId, agentId } = await agentWithThreshold(u, null)
    const cred = await u.post(`/api/bot-controls/agents/${agentId}/credentials`, {})
    assert.equal(cred.statusCode, 201, cred.body)
    const agentAuth = { authorization: `Bearer ${json(cred).key}` }
    const held = await place(t.anon as never, agentId, { account_id: accountId, qty: '1' }, agentAuth)
    assert.equal(held.status, 'pending_approval')
    const res = await t.anon.post(`${BASE}/${held.approval_id}/approve`, undefined, agentAuth)
    // A live agent key on a person's operation: refused as not allowed there, not as unknown.
    assert.equal(res.statusCode, 403, res.body)
    assert.equal(json(res).code, 'auth.agent_key_not_allowed')
    assert.equal(json(await u.get(`${BASE}/${held.approval_id}`)).status, 'pending')
  })
})
