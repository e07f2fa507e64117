/**
 * The Schwab sandbox settles a due order once, however many reads settle at the same moment: reads
 * (account with positions, orders, transactions) caught together while they await quotes, as slow
 * quotes leave them in the app (a sync job and a user's request), fill a market order once; and an
 * order canceled while a read is settling stays canceled.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  fakeSchwabMarket,
  schwabApi,
  type SchwabBrokerFake,
  startSchwabBrokerFake,
  type WireJson,
} from './schwab-broker-fake.ts'
import { DAY, fakeLogin, iso, NOW } from './schwab-fake-session.ts'
import { heldQuotes } from './sandbox-server.ts'

const market = fakeSchwabMarket()
const held = heldQuotes(market.quotes)
const WINDOW = `fromEnteredTime=${iso(NOW - DAY)}&toEnteredTime=${iso(NOW + DAY)}`
const TRADES = `startDate=${iso(NOW - DAY)}&endDate=${iso(NOW + DAY)}&types=TRADE`
let fake: SchwabBrokerFake

/** A new login's CASH account: GET, DELETE and POST of an order under it, and its figures. */
async function cashAccount() {
  const { token, cash } = await fakeLogin(fake)
  const base = `/trader/v1/accounts/${cash.hashValue}`
  const get = (path: string) => schwabApi(fake, `${base}${path}`, token)
  const del = (path: string) => schwabApi(fake, path, token, { method: 'DELETE' })
  async function place(body: unknown): Promise<string> {
    const res = await schwabApi(fake, `${base}/orders`, token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    assert.equal(res.status, 201)
    return new URL(res.headers.get('location')!).pathname
  }
  /** AAPL held, the cash and what is available to trade (cents), and the TRADE transactions of an order. */
  async function state(orderId?: number) {
    const a = (await get('?fields=positions')).body.securitiesAccount
    const aapl = a.positions.find((p: WireJson) => p.instrument.symbol === 'AAPL')?.longQuantity ?? 0
    const trades = ((await get(`/transactions?${TRADES}`)).body as WireJson[]).filter(
      (t) => t.orderId === orderId,
    )
    const cents = (x: number) => Math.round(x * 100)
    const { totalCash, cashAvailableForTrading } = a.currentBalances
    return { aapl, cash: cents(totalCash), available: cents(cashAvailableForTrading), trades }
  }
  return { get, del, place, state }
}

const order = (quantity: number, over: Record<string, unknown> = {}) => ({
  orderType: 'MARKET',
  session: 'NORMAL',
  duration: 'DAY',
  orderStrategyType: 'SINGLE',
  orderLegCollection: [{ instruction: 'BUY', quantity, instrument: { symbol: 'AAPL', assetType: 'EQUITY' } }],
  ...over,
})

before(async () => {
  fake = await startSchwabBrokerFake({ market: { ...market, quotes: held.quotes } })
})
after(() => fake.close())

describe('Schwab sandbox: settling under concurrent reads', { timeout: 20_000 }, () => {
  it('fills a market order once when three reads settle it at the same moment', async () => {
    const a = await cashAccount()
    const before = await a.state()
    const path = await a.place(order(2))
    const orderId = Number(path.split('/').at(-1))
    const gate = held.hold(3)
    const reads = Promise.all([
      a.get('?fields=positions'),
      a.get(`/orders?${WINDOW}`),
      a.get(`/transactions?${TRADES}`),
    ])
    await gate.arrived
    gate.release()
    assert.deepEqual(
      (await reads).map((r) => r.status),
      [200, 200, 200],
    )
    const after = await a.state(orderId)
    assert.equal(after.trades.length, 1, 'one trade')
    assert.deepEqual(
      [after.aapl, after.cash],
      [before.aapl + 2, before.cash + Math.round(after.trades[0].netAmount * 100)],
      'the position and the cash move once',
    )
    const filled = (await a.get(path.slice(path.indexOf('/orders')))).body
    assert.deepEqual([filled.status, filled.filledQuantity], ['FILLED', 2])
  })

  it('leaves an order canceled while a read was settling it canceled, holding nothing', async () => {
    const a = await cashAccount()
    const before = await a.state()
    const path = await a.place(
      order(1, { orderType: 'LIMIT', price: '150.25', duration: 'GOOD_TILL_CANCEL' }),
    )
    const gate = held.hold(1)
    const read = a.get('?fields=positions')
    await gate.arrived
    assert.equal((await a.del(path)).status, 200)
    gate.release()
    assert.equal((await read).status, 200)
    assert.equal((await a.get(path.slice(path.indexOf('/orders')))).body.status, 'CANCELED')
    const after = await a.state()
    assert.deepEqual([after.aapl, after.cash, after.available], [before.aapl, before.cash, before.available])
  })
})
