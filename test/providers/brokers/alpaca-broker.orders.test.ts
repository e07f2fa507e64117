/**
 * The Alpaca broker adapter's orders (create, list, cancel, retries) and activities (paging, mapping,
 * filters) through real HTTP against the loopback sandbox.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { FAKE_BROKER_NOW } from '../../fakes/alpaca-broker-fake.ts'
import type { ActivityQuery, BrokerActivity } from '../../../src/providers/brokers/broker.port.ts'
import {
  UpstreamClientError,
  UpstreamNotFoundError,
  UpstreamServerError,
} from '../../../src/providers/shared/http.ts'
import {
  broker,
  clearLog,
  fake,
  type Json,
  rejects,
  sent,
  token,
  useAlpacaKit,
  UUID,
  wire,
} from '../../helpers/alpaca-test-kit.ts'

useAlpacaKit()

describe('alpaca broker: orders', () => {
  const limit = {
    symbol: 'MSFT',
    side: 'buy',
    type: 'limit',
    timeInForce: 'gtc',
    qty: '2',
    limitPrice: '300.5',
  } as const

  it('sends decimals as JSON strings and maps the order it gets back', async () => {
    const order = await broker.placeOrder(token, { ...limit, clientOrderId: 'c-1' })
    assert.deepEqual(sent('/v2/orders', 'POST')[0]?.body, {
      symbol: 'MSFT',
      side: 'buy',
      type: 'limit',
      time_in_force: 'gtc',
      qty: '2',
      limit_price: '300.5',
      client_order_id: 'c-1',
    })
    assert.match(order.id, UUID)
    const at = FAKE_BROKER_NOW
    assert.deepEqual(order, {
      ...{
        id: order.id,
        clientOrderId: 'c-1',
        symbol: 'MSFT',
        side: 'buy',
        type: 'limit',
        timeInForce: 'gtc',
      },
      ...{
        status: 'accepted',
        qty: '2',
        notional: null,
        filledQty: '0',
        filledAvgPrice: null,
        limitPrice: '300.5',
      },
      ...{
        stopPrice: null,
        extendedHours: false,
        createdAt: at,
        submittedAt: at,
        filledAt: null,
        canceledAt: null,
      },
    })
    const listed = await wire(`/v2/orders/${order.id}`)
    assert.deepEqual([listed.client_order_id, listed.qty, listed.limit_price], ['c-1', '2', '300.5'])
    const market = await broker.placeOrder(token, {
      symbol: 'NVDA',
      side: 'buy',
      type: 'market',
      timeInForce: 'day',
      notional: '1000.25',
    })
    const body = sent('/v2/orders', 'POST')[1]?.body
    assert.deepEqual(body, {
      symbol: 'NVDA',
      side: 'buy',
      type: 'market',
      time_in_force: 'day',
      notional: '1000.25',
    })
    assert.deepEqual(
      [market.notional, market.qty, market.type, market.clientOrderId !== null],
      ['1000.25', null, 'market', true],
    )
  })

  it('never retries a create or a cancel after a server error; a 429 (not processed) is retried', async () => {
    fake.sandbox.chaos.failNext(500)
    await rejects(broker.placeOrder(token, limit), UpstreamServerError, 500)
    assert.equal(sent('/v2/orders', 'POST').length, 1)
    fake.sandbox.chaos.failNext(503)
    await rejects(broker.placeOrder(token, { ...limit, clientOrderId: 'r-1' }), UpstreamServerError, 503)
    assert.equal(sent('/v2/orders', 'POST').length, 2)
    fake.sandbox.chaos.rateLimitNext(1, 0)
    assert.equal((await broker.placeOrder(token, { ...limit, clientOrderId: 'r-2' })).clientOrderId, 'r-2')
    assert.deepEqual(
      sent('/v2/orders', 'POST').map((r) => r.status),
      [500, 503, 429, 200],
    )
    const open = await broker.placeOrder(token, { ...limit, clientOrderId: 'r-3' })
    fake.sandbox.chaos.failNext(502)
    await rejects(broker.cancelOrder(token, open.id), UpstreamServerError, 502)
    assert.equal(await broker.cancelOrder(token, open.id), undefined)
    await rejects(broker.placeOrder(token, { ...limit, qty: '0.5' }), UpstreamClientError, 422)
  })

  it('lists orders with the status, limit, direction, after and until it is given', async () => {
    const first = await broker.placeOrder(token, limit)
    const second = await broker.placeOrder(token, { ...limit, symbol: 'AAPL', limitPrice: '100' })
    clearLog()
    const q = {
      status: 'all',
      limit: 1,
      direction: 'asc',
      after: '2026-03-01T00:00:00Z',
      until: '2026-03-07T00:00:00Z',
    } as const
    assert.deepEqual(
      (await broker.listOrders(token, q)).map((o) => o.id),
      [first.id],
    )
    assert.deepEqual(sent('/v2/orders')[0]?.query, { ...q, limit: '1' })
    const open = await broker.listOrders(token, {})
    assert.deepEqual(sent('/v2/orders')[1]?.query, {})
    assert.deepEqual(
      open.map((o) => [o.id, o.status, o.limitPrice]),
      [
        [second.id, 'new', '100'],
        [first.id, 'new', '300.5'],
      ],
    )
  })

  it('cancels an open order (204); unknown → not found; filled or canceled → 422', async () => {
    const open = await broker.placeOrder(token, limit)
    assert.equal(await broker.cancelOrder(token, open.id), undefined)
    assert.deepEqual(
      sent(`/v2/orders/${open.id}`, 'DELETE').map((r) => r.status),
      [204],
    )
    await rejects(broker.cancelOrder(token, open.id), UpstreamClientError, 422)
    const market = await broker.placeOrder(token, {
      ...limit,
      type: 'market',
      timeInForce: 'day',
      limitPrice: undefined,
    })
    assert.equal((await broker.listOrders(token, { status: 'closed' }))[0]?.status, 'filled')
    await rejects(broker.cancelOrder(token, market.id), UpstreamClientError, 422)
    await rejects(
      broker.cancelOrder(token, '00000000-0000-4000-8000-000000000000'),
      UpstreamNotFoundError,
      404,
    )
  })
})

describe('alpaca broker: activities', () => {
  async function all(q: ActivityQuery): Promise<{ items: BrokerActivity[]; pages: number }> {
    const items: BrokerActivity[] = []
    let pages = 0
    for (let pageToken: string | undefined; ;) {
      const page = await broker.activities(token, { ...q, pageToken })
      pages += 1
      items.push(...page.items)
      if (page.nextPageToken === null) return { items, pages }
      assert.equal(page.nextPageToken, page.items.at(-1)?.id)
      pageToken = page.nextPageToken
    }
  }

  it('follows nextPageToken 25 at a time to the same activities as pages of 100, no duplicates', async () => {
    const small = await all({ pageSize: 25 })
    const big = await all({ pageSize: 100 })
    const ids = small.items.map((a) => a.id)
    assert.equal(new Set(ids).size, ids.length)
    assert.deepEqual(small.items, big.items)
    assert.equal(small.pages, Math.floor(ids.length / 25) + 1)
    assert.ok(ids.length > 60 && ids.length < 100)
    const queries = sent('/v2/account/activities').map((r) => r.query)
    assert.deepEqual(queries[0], { direction: 'desc', page_size: '25' })
    assert.deepEqual(queries[1], { direction: 'desc', page_size: '25', page_token: ids[24] })
    assert.deepEqual((await all({ pageSize: 30, direction: 'asc' })).items, [...big.items].reverse())
  })

  it('maps fills and cash activities field by field', async () => {
    const raw = await wire<Json[]>('/v2/account/activities?page_size=100')
    const fill = (w: Json): BrokerActivity => ({
      ...{ id: w.id, type: 'FILL', time: w.transaction_time, symbol: w.symbol, side: w.side },
      ...{ qty: w.qty, price: w.price, netAmount: null, description: null, orderId: w.order_id },
    })
    const cash = (w: Json): BrokerActivity => ({
      ...{ id: w.id, type: w.activity_type, time: `${w.date}T00:00:00Z`, symbol: w.symbol ?? null },
      ...{ side: null, qty: w.qty ?? null, price: w.per_share_amount ?? null, netAmount: w.net_amount },
      ...{ description: w.description, orderId: null },
    })
    assert.ok(raw.some((w) => w.activity_type === 'DIV') && raw.some((w) => w.activity_type === 'CSD'))
    assert.deepEqual(
      (await broker.activities(token, { pageSize: 100 })).items,
      raw.map((w) => (w.activity_type === 'FILL' ? fill(w) : cash(w))),
    )
  })

  it('filters by activity types', async () => {
    const fills = await all({ pageSize: 25, types: ['FILL'] })
    assert.equal(fills.items.length, 60)
    assert.ok(fills.items.every((a) => a.type === 'FILL' && a.side !== null))
    assert.equal(sent('/v2/account/activities')[0]?.query['activity_types'], 'FILL')
    const cash = await broker.activities(token, { pageSize: 100, types: ['DIV', 'FEE'] })
    assert.equal(sent('/v2/account/activities').at(-1)?.query['activity_types'], 'DIV,FEE')
    const raw = await wire<Json[]>('/v2/account/activities?page_size=100')
    const divFee = raw.filter((w) => w.activity_type === 'DIV' || w.activity_type === 'FEE')
    assert.ok(divFee.length > 0)
    assert.deepEqual(
      cash.items.map((a) => a.id),
      divFee.map((w) => w.id),
    )
    await broker.activities(token, { pageSize: 10, types: [] })
    assert.equal(sent('/v2/account/activities').at(-1)?.query['activity_types'], undefined)
  })
})
