/**
 * Every typed rejection of the gate, recorded (201, status rejected, the reason) and counted in the
 * day's usage; each limit exactly at its boundary (passes) and one cent or one order over (fails).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { json, type Body } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import {
  createAccount,
  createAgent,
  gateWorld,
  NO_LIMITS,
  order,
  placed,
  START,
  usage,
} from './agent-orders-fixtures.ts'

const { clock, market } = gateWorld()
const t = useTestApp({ clock, providers: { market } })
market.prices.set('AAPL', 100.005)
market.prices.set('MSFT', 250)
market.prices.set('NVDA', null)

/** A limit buy of `qty` AAPL at `price`: its value is exactly qty × price. */
const limitBuy = (account: number, qty: string, price: string, extra: Body = {}) =>
  order(account, { type: 'limit', qty, limit_price: price, ...extra })

async function expectRejected(u: Client, agent: number, body: Body, reason: string) {
  const o = await placed(u, agent, body)
  assert.equal(o.status, 'rejected', JSON.stringify(o))
  assert.equal(o.reject_reason, reason)
  assert.equal(typeof o.reject_detail, 'string')
  assert.equal(o.broker, null)
  return o
}

async function setup(opts: Parameters<typeof createAgent>[1] = {}) {
  const u = await t.newTenant()
  const account = await createAccount(u)
  const agent = await createAgent(u, opts)
  return { u, account, agent }
}

describe('gate: the limits at their boundaries', () => {
  it('max_order_notional: 100.00 passes at 100.00; 100.01 (1 × 100.005 rounded) is one cent over', async () => {
    const { u, account, agent } = await setup({ limits: { max_order_notional: '100.00' } })
    assert.equal((await placed(u, agent, limitBuy(account, '1', '100'))).status, 'sent')
    const o = await expectRejected(u, agent, order(account), 'limit.max_order_notional')
    assert.equal(o.priced_notional, '100.01')
    assert.equal(o.reject_detail, 'order notional 100.01; the limit is 100.00')
    const use = await usage(u, agent)
    assert.deepEqual(
      [use.orders, use.notional, use.rejections],
      [1, '100.00', { 'limit.max_order_notional': 1 }],
    )
  })

  it('max_notional_per_day: 200 + 100 = 300.00 passes at 300.00; one cent more fails', async () => {
    const { u, account, agent } = await setup({ limits: { max_notional_per_day: '300' } })
    await placed(u, agent, limitBuy(account, '2', '100'))
    await placed(u, agent, limitBuy(account, '1', '100'))
    await expectRejected(u, agent, limitBuy(account, '1', '0.01'), 'limit.max_notional_per_day')
    assert.equal((await usage(u, agent)).notional, '300.00')
  })

  it('max_orders_per_day: the second of 2 passes, the third fails; rejections do not use the budget', async () => {
    const { u, account, agent } = await setup({ limits: { max_orders_per_day: 2, max_order_notional: '50' } })
    await expectRejected(u, agent, limitBuy(account, '1', '60'), 'limit.max_order_notional')
    await placed(u, agent, limitBuy(account, '1', '10'))
    await placed(u, agent, limitBuy(account, '1', '10'))
    await expectRejected(u, agent, limitBuy(account, '1', '10'), 'limit.max_orders_per_day')
  })

  it('max_orders_per_minute: 2 within 60 s pass, a third fails; 61 s after the first it passes', async () => {
    const { u, account, agent } = await setup({ limits: { max_orders_per_minute: 2 } })
    try {
      await placed(u, agent, limitBuy(account, '1', '10'))
      clock.advance(30_000)
      await placed(u, agent, limitBuy(account, '1', '10'))
      clock.advance(29_000)
      await expectRejected(u, agent, limitBuy(account, '1', '10'), 'limit.max_orders_per_minute')
      clock.advance(2_000) // 61 s after the first
      assert.notEqual((await placed(u, agent, limitBuy(account, '1', '10'))).status, 'rejected')
    } finally {
      clock.set(START)
    }
  })

  it('max_orders_per_minute: the window reaches back across New York midnight, into the day before', async () => {
    clock.set('2026-12-01T04:59:20Z') // 23:59:20 on Monday 30 November, New York
    try {
      const { u, account, agent } = await setup({ limits: { max_orders_per_minute: 2 } })
      await placed(u, agent, limitBuy(account, '1', '10'))
      clock.set('2026-12-01T04:59:40Z')
      await placed(u, agent, limitBuy(account, '1', '10'))
      // 00:00:10 on Tuesday: none passed today, yet two did in the last 60 s.
      clock.set('2026-12-01T05:00:10Z')
      await expectRejected(u, agent, limitBuy(account, '1', '10'), 'limit.max_orders_per_minute')
      clock.set('2026-12-01T05:00:40Z') // 60 s after the second: the window is exclusive at its start
      assert.notEqual((await placed(u, agent, limitBuy(account, '1', '10'))).status, 'rejected')
    } finally {
      clock.set(START)
    }
  })

  it('max_orders_per_minute: held orders withdrawn before approval leave the window; a sent one canceled stays', async () => {
    const { u, account, agent } = await setup({ limits: { max_orders_per_minute: 2 } })
    await u.put('/api/bot-controls/approval-threshold', { threshold: '15' })
    const cancel = async (id: number) =>
      json(await u.post(`/api/bot-controls/agents/${agent}/orders/${id}/cancel`))
    const held = [
      await placed(u, agent, limitBuy(account, '2', '10')),
      await placed(u, agent, limitBuy(account, '2', '10')),
    ]
    assert.deepEqual(
      held.map((o) => o.status),
      ['pending_approval', 'pending_approval'],
    )
    for (const o of held) {
      const c = await cancel(o.order_id)
      assert.deepEqual([c.status, c.reject_reason], ['canceled', 'order.withdrawn'])
    }
    // Both withdrawn within the same minute: two more pass the per-minute check.
    const resting = await placed(u, agent, limitBuy(account, '1', '10', { time_in_force: 'gtc' }))
    assert.equal(resting.status, 'sent')
    const c = await cancel(resting.order_id)
    assert.deepEqual([c.status, c.reject_reason], ['canceled', null])
    // The canceled order had been sent: it still counts, so this is the second of two.
    assert.equal((await placed(u, agent, limitBuy(account, '1', '10'))).status, 'sent')
    await expectRejected(u, agent, limitBuy(account, '1', '10'), 'limit.max_orders_per_minute')
  })

  it('max_open_positions: a buy of a new symbol over the limit fails; more of a held one passes', async () => {
    const { u, account, agent } = await setup({ limits: { max_open_positions: 1 } })
    assert.equal((await placed(u, agent, order(account))).status, 'filled')
    await expectRejected(u, agent, order(account, { symbol: 'MSFT' }), 'limit.max_open_positions')
    assert.equal((await placed(u, agent, order(account))).status, 'filled')
  })

  it('max_open_positions: an order that opens no position passes, even with the agent over the limit', async () => {
    const { u, account, agent } = await setup()
    await placed(u, agent, order(account)) // long 1 AAPL
    await placed(u, agent, order(account, { symbol: 'MSFT' })) // long 1 MSFT
    const put = await u.put(`/api/bot-controls/agents/${agent}/limits`, {
      ...NO_LIMITS,
      max_open_positions: 1,
    })
    assert.equal(put.statusCode, 200, put.body)
    const sell = await placed(u, agent, order(account, { side: 'sell' })) // closes AAPL
    assert.equal(sell.status, 'filled', JSON.stringify(sell))
    assert.equal((await usage(u, agent)).open_positions, 1)
    // MSFT: more of it, then a sell of 3 that flips the long 2 into a short
    assert.equal((await placed(u, agent, order(account, { symbol: 'MSFT' }))).status, 'filled')
    assert.equal(
      (await placed(u, agent, order(account, { symbol: 'MSFT', side: 'sell', qty: '3' }))).status,
      'filled',
    )
    const sim = json(
      await u.post(
        `/api/bot-controls/agents/${agent}/orders/simulate`,
        order(account, { symbol: 'MSFT', side: 'sell' }),
      ),
    )
    const check = sim.checks.find((c: Body) => c.check === 'limit.max_open_positions')
    assert.equal(check.detail, 'changes a position the agent holds, opening none (1 open); the limit is 1')
    // A new symbol is still checked.
    await expectRejected(u, agent, order(account), 'limit.max_open_positions')
  })

  it('max_open_positions: a sell where the agent holds nothing opens a short, and is checked', async () => {
    const { u, account, agent } = await setup({ limits: { max_open_positions: 1 } })
    const sim = (body: Body) => u.post(`/api/bot-controls/agents/${agent}/orders/simulate`, body)
    const short = json(await sim(order(account, { side: 'sell' })))
    assert.deepEqual([short.outcome, short.post_trade.open_positions], ['would_send', 1])
    assert.equal((await placed(u, agent, order(account, { side: 'sell' }))).status, 'filled') // short 1 AAPL
    const o = await expectRejected(
      u,
      agent,
      order(account, { symbol: 'MSFT', side: 'sell' }),
      'limit.max_open_positions',
    )
    assert.equal(o.reject_detail, '2 open positions after this order; the limit is 1')
    // Buying back the short closes it: one fewer after it.
    const cover = json(await sim(order(account)))
    assert.deepEqual([cover.outcome, cover.post_trade.open_positions], ['would_send', 0])
  })

  it('max_position_weight: 2,500 of a 10,000 account is exactly 0.25 and passes; 2,500.01 fails', async () => {
    const { u, account, agent } = await setup({ limits: { max_position_weight: '0.25' } })
    const dep = await u.post('/api/activities', {
      account_id: account,
      type: 'DEPOSIT',
      date: '2026-11-02',
      amount: 10000,
    })
    assert.equal(dep.statusCode, 201, dep.body)
    assert.equal((await placed(u, agent, limitBuy(account, '25', '100'))).status, 'sent')
    const o = await expectRejected(u, agent, limitBuy(account, '1', '2500.01'), 'limit.max_position_weight')
    assert.match(o.reject_detail, /of 10000\.00\); the limit is 0\.25$/)
    // A sell adds no weight.
    assert.notEqual(
      (await placed(u, agent, limitBuy(account, '1', '9000', { side: 'sell' }))).reject_reason,
      'limit.max_position_weight',
    )
  })
})

describe('gate: max_position_weight counts what the agent already has on the way', () => {
  /** An agent limited to 0.25 of an account holding 10,000.00 of cash. */
  async function weighed() {
    const w = await setup({ limits: { max_position_weight: '0.25' } })
    const dep = await w.u.post('/api/activities', {
      account_id: w.account,
      type: 'DEPOSIT',
      date: '2026-11-02',
      amount: 10000,
    })
    assert.equal(dep.statusCode, 201, dep.body)
    return w
  }

  it('two resting limit buys each under the weight but together over: the second is rejected', async () => {
    const { u, account, agent } = await weighed()
    // 20 at 100 rests (the quote is 100.005): 2,000.00 of 10,000.00.
    assert.equal((await placed(u, agent, limitBuy(account, '20', '100'))).status, 'sent')
    const o = await expectRejected(u, agent, limitBuy(account, '20', '100'), 'limit.max_position_weight')
    assert.equal(
      o.reject_detail,
      "weight after this order 0.4 (2000.00 in the agent's open and held buys and paper position, " +
        '4000.00 of 10000.00); the limit is 0.25',
    )
    // What is left fits exactly: 2,000.00 resting + 500.00 = 0.25.
    assert.equal((await placed(u, agent, limitBuy(account, '5', '100'))).status, 'sent')
    const sim = json(
      await u.post(`/api/bot-controls/agents/${agent}/orders/simulate`, limitBuy(account, '0.01', '100')),
    )
    assert.deepEqual([sim.outcome, sim.reason], ['would_reject', 'limit.max_position_weight'])
    assert.equal(sim.post_trade.position_weight, '0.2501')
  })

  it('a held buy counts until it is decided', async () => {
    const { u, account, agent } = await weighed()
    const put = await u.put('/api/bot-controls/approval-threshold', { threshold: '1000.00' })
    assert.equal(put.statusCode, 200, put.body)
    assert.equal((await placed(u, agent, limitBuy(account, '15', '100'))).status, 'pending_approval')
    await expectRejected(u, agent, limitBuy(account, '11', '100'), 'limit.max_position_weight')
    assert.equal((await placed(u, agent, limitBuy(account, '10', '100'))).status, 'sent')
  })

  it('a paper agent’s own position counts, at the order’s price', async () => {
    const { u, account, agent } = await weighed()
    // 20 filled at 100.005 (paper): 2,000.10 the account's holdings never see.
    assert.equal((await placed(u, agent, order(account, { qty: '20' }))).status, 'filled')
    const o = await expectRejected(u, agent, order(account, { qty: '5' }), 'limit.max_position_weight')
    assert.match(o.reject_detail, /\(2000\.10 in .*, 2500\.13 of 10000\.00\)/)
    assert.equal((await placed(u, agent, order(account, { qty: '4.99' }))).status, 'filled')
  })
})

describe('gate: state, allow-lists, pricing, tradability', () => {
  it('agent.disabled and state.halted refuse everything', async () => {
    const d = await setup({ settings: { enabled: false } })
    await expectRejected(d.u, d.agent, order(d.account), 'agent.disabled')
    const h = await setup({ settings: { trading_state: 'halted' } })
    await expectRejected(h.u, h.agent, order(h.account, { side: 'sell' }), 'state.halted')
  })

  it('state.reducing: only what reduces the agent’s own position, by qty and by notional', async () => {
    const { u, account, agent } = await setup()
    await placed(u, agent, order(account, { qty: '10' })) // long 10 AAPL (paper fill)
    const patch = await u.patch(`/api/bot-controls/agents/${agent}`, { trading_state: 'reducing' })
    assert.equal(patch.statusCode, 200, patch.body)
    await expectRejected(u, agent, order(account, { qty: '1' }), 'state.reducing') // a buy adds
    await expectRejected(u, agent, order(account, { side: 'sell', qty: '10.5' }), 'state.reducing')
    await expectRejected(u, agent, order(account, { symbol: 'MSFT', side: 'sell' }), 'state.reducing')
    // $1,100 of AAPL at 100.005 is 10.999 shares: more than held
    await expectRejected(
      u,
      agent,
      order(account, { side: 'sell', qty: undefined, notional: '1100' }),
      'state.reducing',
    )
    // A notional sell within the position: its one state check is state.reducing, judged once priced.
    const sim = await u.post(
      `/api/bot-controls/agents/${agent}/orders/simulate`,
      order(account, { side: 'sell', qty: undefined, notional: '100' }),
    )
    const states = (json(sim).checks as Body[]).filter((c) => String(c.check).startsWith('state.'))
    assert.deepEqual(
      states.map((c) => [c.check, c.passed]),
      [['state.reducing', true]],
      sim.body,
    )
    assert.equal((await placed(u, agent, order(account, { side: 'sell', qty: '4' }))).status, 'filled')
    assert.equal((await placed(u, agent, order(account, { side: 'sell', qty: '6' }))).status, 'filled')
    await expectRejected(u, agent, order(account, { side: 'sell', qty: '1' }), 'state.reducing') // flat now
  })

  it('state.reducing: net of the agent’s open and held orders on the same side, which it says', async () => {
    const { u, account, agent } = await setup()
    await placed(u, agent, order(account, { qty: '8.165' })) // long 8.165 AAPL
    await u.patch(`/api/bot-controls/agents/${agent}`, { trading_state: 'reducing' })
    const sellAt200 = (qty: string) => limitBuy(account, qty, '200', { side: 'sell' }) // rests: above the quote
    const resting = await placed(u, agent, sellAt200('8'))
    assert.equal(resting.status, 'sent', JSON.stringify(resting))
    const twice = await expectRejected(u, agent, sellAt200('8'), 'state.reducing')
    assert.equal(
      twice.reject_detail,
      'the agent is reducing: a sell of 8 does not reduce its position (8.165): ' +
        '8 already being closed by open orders, 0.165 left to close',
    )
    // Held for approval, by notional: 10.00 at 100.005 is 0.099995 shares.
    assert.equal((await u.put('/api/bot-controls/approval-threshold', { threshold: '5' })).statusCode, 200)
    const held = await placed(u, agent, order(account, { side: 'sell', qty: undefined, notional: '10' }))
    assert.equal(held.status, 'pending_approval', JSON.stringify(held))
    await expectRejected(u, agent, sellAt200('0.066'), 'state.reducing')
    const sim = json(await u.post(`/api/bot-controls/agents/${agent}/orders/simulate`, sellAt200('0.065005')))
    assert.equal(sim.outcome, 'would_hold', JSON.stringify(sim))
    assert.equal(
      sim.checks.find((c: Body) => c.check === 'state.reducing').detail,
      'reduces the long position of 8.165 (8.099995 already being closed by open orders)',
    )
    const simTooMuch = json(
      await u.post(`/api/bot-controls/agents/${agent}/orders/simulate`, sellAt200('0.066')),
    )
    assert.deepEqual([simTooMuch.outcome, simTooMuch.reason], ['would_reject', 'state.reducing'])
    // Canceled, the resting order closes nothing any more.
    const cancel = await u.post(`/api/bot-controls/agents/${agent}/orders/${resting.order_id}/cancel`)
    assert.equal(json(cancel).status, 'canceled')
    assert.equal((await placed(u, agent, sellAt200('8'))).status, 'pending_approval')
  })

  it('symbol.not_allowed, hours.not_allowed (New York time, end exclusive), account.not_allowed', async () => {
    const { u, account, agent } = await setup({
      settings: { allowed_symbols: ['MSFT'], allowed_hours: { start: '10:01', end: '10:02' } },
    })
    await expectRejected(u, agent, order(account), 'symbol.not_allowed')
    const msft = () => order(account, { symbol: 'MSFT' })
    try {
      await expectRejected(u, agent, msft(), 'hours.not_allowed') // 10:00 New York: before the start
      clock.set('2026-11-30T15:01:00Z') // 10:01: the start is included
      assert.equal((await placed(u, agent, msft())).status, 'filled')
      clock.set('2026-11-30T15:01:59Z')
      assert.equal((await placed(u, agent, msft())).status, 'filled')
      clock.set('2026-11-30T15:02:00Z') // 10:02: the end is excluded
      await expectRejected(u, agent, msft(), 'hours.not_allowed')
    } finally {
      clock.set(START)
    }
    const other = await createAccount(u, 'Other')
    const patch = await u.patch(`/api/bot-controls/agents/${agent}`, {
      allowed_accounts: [account],
      allowed_hours: null,
    })
    assert.equal(patch.statusCode, 200, patch.body)
    await expectRejected(u, agent, order(other, { symbol: 'MSFT' }), 'account.not_allowed')
  })

  it('an account of another tenant is never allowed (recorded as account.not_allowed)', async () => {
    const { u, agent } = await setup()
    const stranger = await t.newTenant()
    const theirs = await createAccount(stranger)
    const o = await expectRejected(u, agent, order(theirs), 'account.not_allowed')
    assert.equal(o.reject_detail, `account ${theirs} is not one of this tenant's accounts`)
  })

  it('price.unavailable without a quote; account.not_tradable for a live agent on an unlinked account', async () => {
    const { u, account, agent } = await setup()
    await expectRejected(u, agent, order(account, { symbol: 'NVDA' }), 'price.unavailable')
    const live = await createAgent(u, { settings: { mode: 'live' } })
    await expectRejected(u, live, order(account), 'account.not_tradable')
    const use = await usage(u, agent)
    assert.deepEqual([use.orders, use.rejections_total, use.rejections], [0, 1, { 'price.unavailable': 1 }])
  })

  it('the order log filters by status', async () => {
    const { u, account, agent } = await setup({ limits: { max_order_notional: '50' } })
    await placed(u, agent, limitBuy(account, '1', '10'))
    const r = await expectRejected(u, agent, order(account), 'limit.max_order_notional')
    const page = json(await u.get(`/api/bot-controls/agents/${agent}/orders?status=rejected&page_size=1`))
    assert.deepEqual([page.total, page.page_size, page.items[0].order_id], [1, 1, r.order_id])
  })
})
