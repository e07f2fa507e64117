/**
 * The Schwab adapter's orders against the loopback fake: the order JSON it sends, the id read from
 * the 201's Location and the order read back, what is never retried, lists with the required entered
 * times and our status filter, cancellation with and without the account.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { FAKE_SCHWAB_QUOTES, type WireJson } from '../../fakes/schwab-broker-fake.ts'
import {
  UpstreamClientError,
  UpstreamNotFoundError,
  UpstreamServerError,
} from '../../../src/providers/shared/http.ts'
import type { OrderRequest } from '../../../src/providers/brokers/broker.port.ts'
import { DAY, iso, NOW, rejects, useSchwabKit } from '../../helpers/schwab-test-kit.ts'

const kit = useSchwabKit()
const MINUTE = 60_000
const limit: OrderRequest = {
  symbol: 'msft',
  side: 'buy',
  type: 'limit',
  timeInForce: 'gtc',
  qty: '2',
  limitPrice: '350.25',
}
const market: OrderRequest = { symbol: 'AAPL', side: 'buy', type: 'market', timeInForce: 'day', qty: '3' }
const ordersPath = (hash: string) => `/trader/v1/accounts/${hash}/orders`

describe('schwab broker: placing orders', () => {
  it('sends a SINGLE equity order, reads the id from the Location and the order back', async () => {
    const l = await kit.login()
    const order = await kit.broker.placeOrder(l.token, { ...limit, accountId: l.margin })
    const [post, ...more] = kit.sent(ordersPath(l.margin), 'POST')
    assert.deepEqual(more, [])
    assert.equal(post?.status, 201)
    assert.deepEqual(post?.body, {
      orderType: 'LIMIT',
      session: 'NORMAL',
      duration: 'GOOD_TILL_CANCEL',
      orderStrategyType: 'SINGLE',
      price: '350.25',
      orderLegCollection: [
        { instruction: 'BUY', quantity: 2, instrument: { symbol: 'MSFT', assetType: 'EQUITY' } },
      ],
    })
    assert.match(order.id, /^\d{13}$/)
    assert.equal(kit.sent(`${ordersPath(l.margin)}/${order.id}`).length, 1, 'read back by the Location id')
    const wire = await kit.wire(`${ordersPath(l.margin)}/${order.id}`, l.token)
    assert.equal(String(wire.orderId), order.id)
    assert.deepEqual(order, {
      ...{
        id: order.id,
        clientOrderId: null,
        symbol: 'MSFT',
        side: 'buy',
        type: 'limit',
        timeInForce: 'gtc',
      },
      ...{ status: 'working', qty: '2', notional: null, filledQty: '0', filledAvgPrice: null },
      ...{ limitPrice: '350.25', stopPrice: null, extendedHours: false },
      ...{ createdAt: iso(NOW), submittedAt: iso(NOW), filledAt: null, canceledAt: null },
    })
  })

  it('maps a filled market order with its average fill price', async () => {
    const l = await kit.login()
    const order = await kit.broker.placeOrder(l.token, { ...market, accountId: l.cash })
    assert.deepEqual(kit.sent(ordersPath(l.cash), 'POST')[0]?.body, {
      orderType: 'MARKET',
      session: 'NORMAL',
      duration: 'DAY',
      orderStrategyType: 'SINGLE',
      orderLegCollection: [
        { instruction: 'BUY', quantity: 3, instrument: { symbol: 'AAPL', assetType: 'EQUITY' } },
      ],
    })
    assert.deepEqual(
      [order.status, order.type, order.filledQty, order.filledAvgPrice, order.filledAt, order.limitPrice],
      ['filled', 'market', '3', String(FAKE_SCHWAB_QUOTES['AAPL']), iso(NOW), null],
    )
    const stop = {
      ...limit,
      type: 'stop_limit',
      stopPrice: '340',
      extendedHours: true,
      side: 'sell',
    } as const
    const stopped = await kit.broker.placeOrder(l.token, { ...stop, accountId: l.margin })
    assert.deepEqual([stopped.type, stopped.stopPrice, stopped.extendedHours], ['stop_limit', '340', true])
    assert.deepEqual(kit.sent(ordersPath(l.margin), 'POST')[0]?.body, {
      orderType: 'STOP_LIMIT',
      session: 'SEAMLESS',
      duration: 'GOOD_TILL_CANCEL',
      orderStrategyType: 'SINGLE',
      price: '350.25',
      stopPrice: '340',
      orderLegCollection: [
        { instruction: 'SELL', quantity: 2, instrument: { symbol: 'MSFT', assetType: 'EQUITY' } },
      ],
    })
  })

  it('never retries a placement after a server error; a 429 (not processed) is retried', async () => {
    const l = await kit.login()
    kit.fake.sandbox.chaos.failNext(500)
    await rejects(
      kit,
      kit.broker.placeOrder(l.token, { ...limit, accountId: l.margin }),
      UpstreamServerError,
      500,
    )
    kit.fake.sandbox.chaos.rateLimitNext(1, 1)
    const placed = await kit.broker.placeOrder(l.token, { ...limit, accountId: l.margin })
    assert.deepEqual(
      kit.sent(ordersPath(l.margin), 'POST').map((r) => r.status),
      [500, 429, 201],
    )
    assert.deepEqual(kit.sleeps, [1000])
    assert.equal(placed.status, 'working')
  })

  it('answers the order as asked when the read-back fails after a 201', async () => {
    const l = await kit.login()
    const chaos = kit.fake.sandbox.chaos
    chaos.slowNext(0) // the POST passes
    for (let i = 0; i < 3; i++) chaos.failNext(503) // the GET and its two retries fail
    const order = await kit.broker.placeOrder(l.token, { ...limit, accountId: l.margin })
    assert.deepEqual(
      [order.status, order.symbol, order.limitPrice, order.createdAt],
      ['accepted', 'MSFT', '350.25', iso(NOW)],
    )
    assert.equal((await kit.wire(`${ordersPath(l.margin)}/${order.id}`, l.token)).status, 'WORKING')
  })

  it('refuses what Schwab cannot take before sending anything', async () => {
    const l = await kit.login()
    const cases: OrderRequest[] = [
      { ...market, qty: undefined, notional: '100' },
      { ...market, timeInForce: 'opg' },
      { ...market, timeInForce: 'cls' },
      { ...market, qty: undefined },
      { ...market, type: 'trailing_stop' },
    ]
    for (const order of cases) {
      const err = await rejects(
        kit,
        kit.broker.placeOrder(l.token, { ...order, accountId: l.cash }),
        UpstreamClientError,
        422,
      )
      assert.equal(typeof JSON.parse(err.body ?? '{}').message, 'string')
    }
    assert.deepEqual(kit.fake.sandbox.requests, [])
  })
})

describe('schwab broker: listing and canceling orders', () => {
  it('sends the required entered times (the last 60 days by default) and filters open orders itself', async () => {
    const l = await kit.login()
    const all = await kit.broker.listOrders(l.token, { accountId: l.margin, status: 'all' })
    const [req] = kit.sent(ordersPath(l.margin))
    assert.deepEqual(req?.query, {
      fromEnteredTime: iso(NOW - 60 * DAY + 5 * MINUTE),
      toEnteredTime: iso(NOW + 5 * MINUTE),
    })
    const wire: WireJson[] = await kit.wire(
      `${ordersPath(l.margin)}?fromEnteredTime=${req?.query['fromEnteredTime']}&toEnteredTime=${req?.query['toEnteredTime']}`,
      l.token,
    )
    assert.deepEqual(
      all.map((o) => [o.id, o.status]),
      wire.map((o) => [String(o.orderId), String(o.status).toLowerCase()]),
      'newest first, as the vendor lists them',
    )
    kit.clearLog()
    const newest = await kit.broker.listOrders(l.token, { accountId: l.margin, status: 'all', limit: 1 })
    assert.deepEqual(newest, all.slice(0, 1))
    assert.equal(kit.sent(ordersPath(l.margin))[0]?.query['maxResults'], '1')
    const open = await kit.broker.listOrders(l.token, { accountId: l.margin })
    assert.ok(open.length > 0 && open.every((o) => o.status === 'working'))
    const closed = await kit.broker.listOrders(l.token, { accountId: l.margin, status: 'closed' })
    assert.deepEqual(new Set(closed.map((o) => o.status)), new Set(['filled', 'canceled']))
    assert.equal(open.length + closed.length, all.length)
    const [a, b] = wire
    kit.fake.sandbox.chaos.failNext(200, [
      { orderStrategyType: 'OCO', orderId: 1, childOrderStrategies: [a, b] },
    ])
    const oco = await kit.broker.listOrders(l.token, { accountId: l.margin, status: 'all' })
    assert.deepEqual(oco, all.slice(0, 2), 'an OCO parent lists as its children')
    const oldestFirst = await kit.broker.listOrders(l.token, {
      accountId: l.margin,
      status: 'all',
      direction: 'asc',
      limit: 2,
    })
    assert.deepEqual(
      oldestFirst.map((o) => o.id),
      all
        .slice(-2)
        .reverse()
        .map((o) => o.id),
    )
  })

  it('lists every account without accountId, and takes after/until as exclusive bounds', async () => {
    const l = await kit.login()
    const everywhere = await kit.broker.listOrders(l.token, { status: 'all' })
    const margin = await kit.broker.listOrders(l.token, { accountId: l.margin, status: 'all' })
    const cash = await kit.broker.listOrders(l.token, { accountId: l.cash, status: 'all' })
    assert.equal(kit.sent('/trader/v1/orders').length, 1)
    assert.deepEqual(new Set(everywhere.map((o) => o.id)), new Set([...margin, ...cash].map((o) => o.id)))
    kit.clearLog()
    const after = iso(NOW - 90 * DAY)
    await kit.broker.listOrders(l.token, { accountId: l.margin, after, until: iso(NOW - DAY) })
    assert.deepEqual(
      kit.sent(ordersPath(l.margin))[0]?.query,
      {
        fromEnteredTime: iso(NOW - 60 * DAY + 5 * MINUTE),
        toEnteredTime: iso(NOW - DAY - 1),
      },
      'an after older than the vendor lists is moved up',
    )
    await kit.broker.listOrders(l.token, { accountId: l.margin, after: iso(NOW - 10 * DAY) })
    assert.equal(kit.sent(ordersPath(l.margin))[1]?.query['fromEnteredTime'], iso(NOW - 10 * DAY + 1))
    assert.deepEqual(
      await kit.broker.listOrders(l.token, { accountId: l.margin, until: iso(NOW - 61 * DAY) }),
      [],
    )
    assert.equal(kit.sent(ordersPath(l.margin)).length, 2, 'an empty window asks nothing')
  })

  it('cancels an open order; a second cancel is refused and not retried', async () => {
    const l = await kit.login()
    const order = await kit.broker.placeOrder(l.token, { ...limit, accountId: l.margin })
    const path = `${ordersPath(l.margin)}/${order.id}`
    assert.equal(await kit.broker.cancelOrder(l.token, order.id, l.margin), undefined)
    assert.equal((await kit.wire(path, l.token)).status, 'CANCELED')
    await rejects(kit, kit.broker.cancelOrder(l.token, order.id, l.margin), UpstreamClientError, 400)
    const other = await kit.broker.placeOrder(l.token, { ...limit, accountId: l.cash, qty: '1' })
    kit.fake.sandbox.chaos.failNext(502)
    await rejects(kit, kit.broker.cancelOrder(l.token, other.id, l.cash), UpstreamServerError, 502)
    assert.deepEqual(
      kit.sent(path, 'DELETE').map((r) => r.status),
      [200, 400],
    )
    assert.equal(kit.sent(`${ordersPath(l.cash)}/${other.id}`, 'DELETE').length, 1)
  })

  it('finds the account of an order to cancel without accountId', async () => {
    const l = await kit.login()
    const order = await kit.broker.placeOrder(l.token, { ...limit, accountId: l.cash, qty: '1' })
    kit.clearLog()
    await kit.broker.cancelOrder(l.token, order.id)
    assert.deepEqual(
      kit.sent(`${ordersPath(l.cash)}/${order.id}`, 'DELETE').map((r) => r.status),
      [200],
    )
    await rejects(kit, kit.broker.cancelOrder(l.token, '1234567890123'), UpstreamNotFoundError, 404)
  })
})
