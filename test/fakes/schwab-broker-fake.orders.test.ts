/**
 * The Schwab sandbox's orders through real HTTP: the list's required window and filters, the seeded
 * orders, placement (201, empty body, Location), fills on read, cancellation, validation (400
 * ServiceError) and the rejections an accepted order can meet.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  FAKE_SCHWAB_QUOTES,
  schwabApi,
  type SchwabBrokerFake,
  type WireJson,
  startSchwabBrokerFake,
  tokenRequest,
} from './schwab-broker-fake.ts'
import { DAY, fakeLogin, iso, NOW } from './schwab-fake-session.ts'

const WINDOW = `fromEnteredTime=${iso(NOW - 30 * DAY)}&toEnteredTime=${iso(NOW + DAY)}`
let fake: SchwabBrokerFake

/** A new login: its token and its MARGIN and CASH accounts. */
async function login() {
  const { token, margin, cash } = await fakeLogin(fake)
  const get = (path: string) => schwabApi(fake, path, token)
  const place = (hash: string, body: unknown) =>
    schwabApi(fake, `/trader/v1/accounts/${hash}/orders`, token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const del = (path: string) => schwabApi(fake, path, token, { method: 'DELETE' })
  return { token, margin, cash, get, place, del }
}

const order = (
  instruction: string,
  symbol: string,
  quantity: number,
  over: Record<string, unknown> = {},
) => ({
  orderType: 'MARKET',
  session: 'NORMAL',
  duration: 'DAY',
  orderStrategyType: 'SINGLE',
  orderLegCollection: [{ instruction, quantity, instrument: { symbol, assetType: 'EQUITY' } }],
  ...over,
})

const positionsOf = async (l: Awaited<ReturnType<typeof login>>, hash: string) =>
  new Map<string, number>(
    (await l.get(`/trader/v1/accounts/${hash}?fields=positions`)).body.securitiesAccount.positions.map(
      (p: WireJson) => [p.instrument.symbol, p.longQuantity],
    ),
  )

before(async () => {
  fake = await startSchwabBrokerFake()
})
after(() => fake.close())

describe('Schwab sandbox: order lists', () => {
  it('requires fromEnteredTime and toEnteredTime, within 60 days, and checks the filters', async () => {
    const l = await login()
    const path = `/trader/v1/accounts/${l.margin.hashValue}/orders`
    const from = `fromEnteredTime=${iso(NOW - 59 * DAY)}`
    const to = `toEnteredTime=${iso(NOW)}`
    assert.equal((await l.get(`${path}?${from}&${to}`)).status, 200)
    for (const q of [
      from,
      to,
      '',
      `${from.replace('.000Z', 'Z')}&${to}`,
      `fromEnteredTime=${iso(NOW - 61 * DAY)}&${to}`,
      `fromEnteredTime=${iso(NOW)}&toEnteredTime=${iso(NOW - DAY)}`,
      `${from}&${to}&status=OPEN`,
      `${from}&${to}&maxResults=abc`,
    ]) {
      for (const p of [path, '/trader/v1/orders']) {
        const res = await l.get(`${p}?${q}`)
        assert.equal(res.status, 400, `${p}?${q}`)
        assert.deepEqual(Object.keys(res.body).sort(), ['errors', 'message'])
      }
    }
  })

  it('starts each account with working, filled and canceled orders from the last 30 days', async () => {
    const l = await login()
    for (const a of [l.margin, l.cash]) {
      const list = (await l.get(`/trader/v1/accounts/${a.hashValue}/orders?${WINDOW}`)).body
      const statuses = new Set(list.map((o: WireJson) => o.status))
      for (const s of ['WORKING', 'FILLED', 'CANCELED']) assert.ok(statuses.has(s), `${a.type} ${s}`)
      for (const o of list) {
        assert.ok(Number.isSafeInteger(o.orderId) && o.orderId > 1e12)
        assert.equal(o.accountNumber, Number(a.accountNumber))
        assert.match(o.enteredTime, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/)
        assert.ok(Date.parse(o.enteredTime.replace('+0000', 'Z')) >= NOW - 30 * DAY)
        assert.equal(o.cancelable, o.status === 'WORKING')
        if (o.status === 'WORKING') assert.equal(o.orderType, 'LIMIT')
        if (o.status === 'FILLED')
          assert.equal(o.orderActivityCollection[0].executionLegs[0].quantity, o.quantity)
      }
      const times = list.map((o: WireJson) => o.enteredTime)
      assert.deepEqual(times, [...times].sort().reverse(), 'newest first')
      const working = (await l.get(`/trader/v1/accounts/${a.hashValue}/orders?${WINDOW}&status=WORKING`)).body
      assert.ok(working.length > 0 && working.every((o: WireJson) => o.status === 'WORKING'))
      const one = (await l.get(`/trader/v1/accounts/${a.hashValue}/orders?${WINDOW}&maxResults=1`)).body
      assert.deepEqual(one, list.slice(0, 1))
    }
    const all = (await l.get(`/trader/v1/orders?${WINDOW}`)).body
    assert.deepEqual(
      new Set(all.map((o: WireJson) => o.accountNumber)),
      new Set([l.margin, l.cash].map((a) => Number(a.accountNumber))),
    )
  })
})

describe('Schwab sandbox: placing and canceling', () => {
  it('answers 201 with an empty body and a Location; a market order is FILLED once read', async () => {
    const l = await login()
    const hash = l.cash.hashValue
    const before = await positionsOf(l, hash)
    const res = await l.place(hash, order('BUY', 'AAPL', 3))
    assert.equal(res.status, 201)
    assert.equal(res.text, '')
    const m = new RegExp(`^${fake.baseUrl}/trader/v1/accounts/${hash}/orders/(\\d+)$`).exec(
      res.headers.get('location') ?? '',
    )
    assert.ok(m, res.headers.get('location') ?? 'no Location')
    const got = await l.get(`/trader/v1/accounts/${hash}/orders/${m[1]}`)
    assert.equal(got.status, 200)
    assert.equal(got.body.orderId, Number(m[1]))
    assert.deepEqual([got.body.status, got.body.filledQuantity, got.body.remainingQuantity], ['FILLED', 3, 0])
    assert.equal(got.body.orderActivityCollection[0].executionLegs[0].price, FAKE_SCHWAB_QUOTES['AAPL'])
    assert.equal((await positionsOf(l, hash)).get('AAPL'), (before.get('AAPL') ?? 0) + 3)
    const tx = await l.get(
      `/trader/v1/accounts/${hash}/transactions?startDate=${iso(NOW - DAY)}&endDate=${iso(NOW + DAY)}&types=TRADE`,
    )
    const trade = tx.body.find((t: WireJson) => t.orderId === Number(m[1]))
    assert.equal(trade.netAmount, -Math.round(3 * FAKE_SCHWAB_QUOTES['AAPL']! * 100) / 100)
  })

  it('keeps a limit order WORKING until canceled (200, empty); then it is not cancelable', async () => {
    const l = await login()
    const hash = l.margin.hashValue
    const res = await l.place(
      hash,
      order('BUY', 'MSFT', 2, { orderType: 'LIMIT', price: '350.25', duration: 'GOOD_TILL_CANCEL' }),
    )
    assert.equal(res.status, 201)
    const path = new URL(res.headers.get('location')!).pathname
    const working = (await l.get(path)).body
    assert.deepEqual(
      [working.status, working.price, working.cancelable, working.duration],
      ['WORKING', 350.25, true, 'GOOD_TILL_CANCEL'],
    )
    const canceled = await l.del(path)
    assert.deepEqual([canceled.status, canceled.text], [200, ''])
    const after = (await l.get(path)).body
    assert.deepEqual([after.status, after.cancelable], ['CANCELED', false])
    assert.equal(typeof after.closeTime, 'string')
    const again = await l.del(path)
    assert.equal(again.status, 400)
    assert.equal(typeof again.body.message, 'string')
    for (const p of [`/trader/v1/accounts/${hash}/orders/123`, path.replace(hash, l.margin.accountNumber)]) {
      assert.equal((await l.get(p)).status, 404, p)
      assert.equal((await l.del(p)).status, 404, p)
    }
  })

  it('refuses malformed orders with 400 ServiceError', async () => {
    const l = await login()
    const bad: unknown[] = [
      order('BUY', 'AAPL', 1, { orderType: undefined }),
      order('BUY', 'AAPL', 1, { orderType: 'TRAILING_STOP' }),
      order('BUY', 'AAPL', 1, { orderType: 'LIMIT' }),
      order('BUY', 'AAPL', 1, { price: 100 }),
      order('BUY', 'AAPL', 1, { orderType: 'LIMIT', price: '100.123' }),
      order('BUY', 'AAPL', 1, { orderType: 'STOP' }),
      order('BUY', 'AAPL', 1, { session: 'NIGHT' }),
      order('BUY', 'AAPL', 1, { duration: undefined }),
      order('BUY', 'AAPL', 1, { orderStrategyType: 'OCO' }),
      order('BUY', 'AAPL', 1, { orderStrategyType: undefined }),
      order('HOLD', 'AAPL', 1),
      order('BUY', 'AAPL', 0),
      order('BUY', 'AAPL', 1.5),
      order('BUY', 'NOPE', 1),
      { ...order('BUY', 'AAPL', 1), orderLegCollection: [] },
      {
        ...order('BUY', 'AAPL', 1),
        orderLegCollection: [
          order('BUY', 'AAPL', 1).orderLegCollection[0],
          order('BUY', 'MSFT', 1).orderLegCollection[0],
        ],
      },
      {
        ...order('BUY', 'AAPL', 1),
        orderLegCollection: [
          {
            instruction: 'BUY',
            quantity: 1,
            instrument: { symbol: 'AAPL  260313C00185000', assetType: 'OPTION' },
          },
        ],
      },
      '{"orderType":',
      [],
    ]
    const before = (await l.get(`/trader/v1/accounts/${l.margin.hashValue}/orders?${WINDOW}`)).body
    for (const body of bad) {
      const res = await l.place(l.margin.hashValue, body)
      assert.equal(res.status, 400, JSON.stringify(body))
      assert.equal(typeof res.body.message, 'string')
      assert.ok(Array.isArray(res.body.errors))
    }
    assert.equal((await l.place(l.margin.accountNumber, order('BUY', 'AAPL', 1))).status, 404)
    const after = (await l.get(`/trader/v1/accounts/${l.margin.hashValue}/orders?${WINDOW}`)).body
    assert.equal(after.length, before.length, 'nothing was placed')
  })

  it('accepts, then rejects, what the account cannot cover', async () => {
    const l = await login()
    const held = await positionsOf(l, l.cash.hashValue)
    const [symbol, qty] = [...held][0]!
    const cases: Array<[string, unknown]> = [
      [l.cash.hashValue, order('SELL', symbol, qty + 1)],
      [l.cash.hashValue, order('SELL_SHORT', symbol, 1)],
      [l.margin.hashValue, order('BUY_TO_COVER', symbol, 1)],
      [l.cash.hashValue, order('BUY', 'SPY', 100_000)],
    ]
    for (const [hash, body] of cases) {
      const res = await l.place(hash, body)
      assert.equal(res.status, 201)
      const got = (await l.get(new URL(res.headers.get('location')!).pathname)).body
      assert.equal(got.status, 'REJECTED', JSON.stringify(body))
      assert.equal(typeof got.statusDescription, 'string')
    }
    assert.deepEqual(await positionsOf(l, l.cash.hashValue), held)
    fake.sandbox.reset()
    const list = (await l.get(`/trader/v1/accounts/${l.cash.hashValue}/orders?${WINDOW}&status=REJECTED`))
      .body
    assert.deepEqual(list, [], 'reset forgets placed orders')
  })
})

describe('Schwab sandbox: orders placed outside the session', () => {
  it('keeps a market order placed on a Saturday PENDING_ACTIVATION until the next open, then fills it at that open', async () => {
    let now = new Date('2026-03-07T15:00:00Z') // Saturday 10:00 in New York
    const weekend = await startSchwabBrokerFake({ now: () => now })
    try {
      const { token, refreshToken, cash } = await fakeLogin(weekend)
      const res = await schwabApi(weekend, `/trader/v1/accounts/${cash.hashValue}/orders`, token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(order('BUY', 'AAPL', 1)),
      })
      assert.equal(res.status, 201)
      const path = new URL(res.headers.get('location')!).pathname
      // Access tokens last 30 minutes: each read refreshes one at the clock's time.
      const read = async () => {
        const fresh = await tokenRequest(weekend, {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
        })
        return (await schwabApi(weekend, path, fresh.body.access_token as string)).body
      }
      assert.equal((await read()).status, 'PENDING_ACTIVATION', 'Saturday: waits')
      now = new Date('2026-03-09T13:29:59Z') // Monday 09:29:59 New York (summer time since Sunday)
      assert.equal((await read()).status, 'PENDING_ACTIVATION', 'before the open: waits')
      now = new Date('2026-03-09T14:00:00Z') // Monday 10:00
      const filled = await read()
      assert.equal(filled.status, 'FILLED')
      assert.equal(filled.closeTime, '2026-03-09T13:30:00+0000', 'dated at the open')
    } finally {
      await weekend.close()
    }
  })
})
