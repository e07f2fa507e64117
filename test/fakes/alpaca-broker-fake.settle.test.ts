/**
 * The Alpaca sandbox settles a due order once, however many reads settle at the same moment: reads
 * (positions, orders, account) caught together while they await quotes, as slow quotes leave them in
 * the app (a sync job and a user's request), fill a market order once; and an order canceled while a
 * read is settling stays canceled.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { type AlpacaBrokerFake, fakeAccessToken, startAlpacaBrokerFake } from './alpaca-broker-fake.ts'
import { FAKE_BROKER_QUOTES, fakeBrokerMarket, heldQuotes } from './sandbox-server.ts'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed wire bodies
const held = heldQuotes(fakeBrokerMarket().quotes)
let fake: AlpacaBrokerFake
let token: string

async function api(path: string, method = 'GET', body?: unknown) {
  const res = await fetch(`${fake.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}

/** What one account holds of AAPL, its cash in cents and the FILL activities of an order. */
async function state(orderId: string) {
  const positions = (await api('/v2/positions')).body as Json[]
  const cash = Math.round(Number((await api('/v2/account')).body.cash) * 100)
  const fills = ((await api('/v2/account/activities/FILL')).body as Json[]).filter(
    (f) => f.order_id === orderId,
  )
  return { aapl: Number(positions.find((p) => p.symbol === 'AAPL')?.qty ?? 0), cash, fills: fills.length }
}

const buyAapl = async (qty: number) =>
  (
    await api('/v2/orders', 'POST', {
      symbol: 'AAPL',
      side: 'buy',
      type: 'market',
      time_in_force: 'day',
      qty,
    })
  ).body as Json

before(async () => {
  fake = await startAlpacaBrokerFake({ quotes: held.quotes })
})
after(() => fake.close())

describe('Alpaca sandbox: settling under concurrent reads', { timeout: 20_000 }, () => {
  it('fills a market order once when three reads settle it at the same moment', async () => {
    token = await fakeAccessToken(fake, 'trading data')
    const before = await state('none')
    const order = await buyAapl(2)
    assert.equal(order.status, 'accepted')
    const gate = held.hold(3)
    const reads = Promise.all([api('/v2/positions'), api('/v2/orders?status=all'), api('/v2/account')])
    await gate.arrived
    gate.release()
    assert.deepEqual(
      (await reads).map((r) => r.status),
      [200, 200, 200],
    )
    const after = await state(order.id)
    assert.deepEqual(
      [after.aapl, after.cash, after.fills],
      [before.aapl + 2, before.cash - Math.round(2 * FAKE_BROKER_QUOTES['AAPL']! * 100), 1],
      'one fill: the position, the cash and the activities move once',
    )
    const filled = (await api(`/v2/orders/${order.id}`)).body as Json
    assert.deepEqual([filled.status, filled.filled_qty], ['filled', '2'])
  })

  it('leaves an order canceled while a read was settling it canceled, unfilled', async () => {
    token = await fakeAccessToken(fake, 'trading data')
    const before = await state('none')
    const order = await buyAapl(1)
    const gate = held.hold(1)
    const read = api('/v2/positions')
    await gate.arrived
    assert.equal((await api(`/v2/orders/${order.id}`, 'DELETE')).status, 204)
    gate.release()
    assert.equal((await read).status, 200)
    assert.equal((await api(`/v2/orders/${order.id}`)).body.status, 'canceled')
    const after = await state(order.id)
    assert.deepEqual([after.aapl, after.cash, after.fills], [before.aapl, before.cash, 0])
    assert.equal((await api('/v2/account')).body.buying_power, (await api('/v2/account')).body.cash)
  })
})
