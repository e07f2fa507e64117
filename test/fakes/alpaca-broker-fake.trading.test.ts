/**
 * The Alpaca sandbox's Trading API through real HTTP: account and positions that add up, order
 * validation and lifecycle, activities with page_token paging and type filters.
 */
import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import {
  type AlpacaBrokerFake,
  FAKE_BROKER_QUOTES,
  fakeAccessToken,
  startAlpacaBrokerFake,
} from './alpaca-broker-fake.ts'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed wire bodies
const DECIMAL = /^-?\d+(\.\d+)?$/
const ACTIVITY_ID = /^\d{17}::[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const MONEY = 'qty avg_entry_price market_value cost_basis unrealized_pl current_price lastday_price'.split(
  ' ',
)
let fake: AlpacaBrokerFake
let token: string

async function api(path: string, init: { method?: string; body?: unknown; bearer?: string } = {}) {
  const res = await fetch(`${fake.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${init.bearer ?? token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}
const order = (body: Json) => api('/v2/orders', { method: 'POST', body })
const num = (s: string) => Number(s)
const near = (a: number, b: number, what: string) =>
  assert.ok(Math.abs(a - b) <= 0.011, `${what}: ${a} vs ${b}`)

before(async () => {
  fake = await startAlpacaBrokerFake()
})
after(() => fake.close())
beforeEach(async () => {
  fake.sandbox.reset()
  token = await fakeAccessToken(fake, 'trading data')
})

describe('Alpaca sandbox: account and positions', () => {
  it('reports positions and an account that add up, in decimal strings', async () => {
    const positions = (await api('/v2/positions')).body as Json[]
    assert.equal(positions.length, 8)
    let long = 0
    for (const p of positions) {
      for (const k of MONEY) assert.match(p[k], DECIMAL, `${p.symbol}.${k}`)
      assert.equal(num(p.current_price), FAKE_BROKER_QUOTES[p.symbol])
      assert.equal(p.side, 'long')
      assert.match(p.asset_id, UUID)
      near(num(p.market_value), num(p.qty) * num(p.current_price), 'market_value')
      near(num(p.cost_basis), num(p.qty) * num(p.avg_entry_price), 'cost_basis')
      near(num(p.unrealized_pl), num(p.market_value) - num(p.cost_basis), 'unrealized_pl')
      const plpc = num(p.unrealized_pl) / num(p.cost_basis)
      assert.ok(
        Math.abs(num(p.unrealized_plpc) - plpc) <= 5e-7,
        `unrealized_plpc ${p.unrealized_plpc} vs ${plpc}`,
      )
      long += num(p.market_value)
    }
    const a = (await api('/v2/account')).body as Json
    assert.deepEqual([a.status, a.currency, a.multiplier], ['ACTIVE', 'USD', '1'])
    for (const k of ['cash', 'equity', 'portfolio_value', 'last_equity', 'buying_power', 'long_market_value'])
      assert.match(a[k], DECIMAL, k)
    near(num(a.long_market_value), long, 'long_market_value')
    near(num(a.equity), num(a.cash) + num(a.long_market_value) + num(a.short_market_value), 'equity')
    assert.equal(a.portfolio_value, a.equity)
    assert.ok(num(a.cash) >= 0)
    assert.equal(a.buying_power, a.cash, 'a cash account with no open orders')
  })

  it('is deterministic per account and different across accounts', async () => {
    const one = (await api('/v2/positions')).body
    assert.deepEqual((await api('/v2/positions')).body, one)
    const other = await fakeAccessToken(fake)
    assert.notDeepEqual((await api('/v2/positions', { bearer: other })).body, one)
  })

  it('finds one position by symbol, else 404', async () => {
    const [first] = (await api('/v2/positions')).body as Json[]
    assert.deepEqual((await api(`/v2/positions/${first!.symbol}`)).body, first)
    const missing = await api('/v2/positions/ZZZZ')
    assert.deepEqual(
      [missing.status, missing.body],
      [404, { code: 40410000, message: 'position does not exist' }],
    )
  })
})

describe('Alpaca sandbox: orders', () => {
  it('validates orders as Alpaca does', async () => {
    const base = { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', qty: '1' }
    const invalid: Json[] = [
      { ...base, symbol: undefined },
      { ...base, symbol: 'NOPE' },
      { ...base, side: 'short' },
      { ...base, type: 'fancy' },
      { ...base, time_in_force: 'week' },
      { ...base, notional: '100' },
      { ...base, qty: undefined },
      { ...base, qty: 'abc' },
      { ...base, qty: '-1' },
      { ...base, qty: '0.5', time_in_force: 'gtc' },
      { ...base, qty: undefined, notional: '100', type: 'limit', limit_price: '10' },
      { ...base, type: 'limit' },
      { ...base, type: 'stop' },
      { ...base, type: 'stop_limit', stop_price: '180' },
      { ...base, type: 'trailing_stop' },
      { ...base, extended_hours: true },
      { ...base, client_order_id: 'x'.repeat(49) },
    ]
    for (const body of invalid) {
      const res = await order(body)
      assert.equal(res.status, 422, JSON.stringify(body))
      assert.equal(res.body.code, 40010001)
      assert.equal(typeof res.body.message, 'string')
    }
    assert.equal(
      (await order({ ...base, qty: 2, client_order_id: 'mine-1' })).status,
      200,
      'JSON numbers accepted',
    )
    const dup = await order({ ...base, client_order_id: 'mine-1' })
    assert.deepEqual([dup.status, dup.body.code], [422, 40010001])
  })

  it('refuses what the account cannot pay for or does not hold with 403', async () => {
    const poor = await order({
      symbol: 'SPY',
      side: 'buy',
      type: 'market',
      time_in_force: 'day',
      qty: '100000',
    })
    assert.deepEqual(poor.body, { code: 40310000, message: 'insufficient buying power' })
    assert.equal(poor.status, 403)
    const [p] = (await api('/v2/positions')).body as Json[]
    const oversell = await order({
      symbol: p!.symbol,
      side: 'sell',
      type: 'market',
      time_in_force: 'day',
      qty: String(num(p!.qty) + 1),
    })
    assert.deepEqual([oversell.status, oversell.body.code], [403, 40310000])
    const readOnly = await fakeAccessToken(fake, '')
    const refused = await api('/v2/orders', {
      method: 'POST',
      bearer: readOnly,
      body: { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', qty: '1' },
    })
    assert.equal(refused.status, 403, 'no scope means read-only')
  })

  it('places, lists, fills and cancels orders', async () => {
    const before = (await api('/v2/account')).body as Json
    const limit = await order({
      symbol: 'MSFT',
      side: 'buy',
      type: 'limit',
      time_in_force: 'gtc',
      qty: '2',
      limit_price: '300.5',
    })
    assert.equal(limit.status, 200)
    assert.equal(limit.body.status, 'accepted')
    assert.match(limit.body.id, UUID)
    assert.deepEqual(
      [limit.body.qty, limit.body.notional, limit.body.limit_price, limit.body.filled_qty],
      ['2', null, '300.5', '0'],
    )
    assert.ok(!Number.isNaN(Date.parse(limit.body.submitted_at)))
    near(
      num((await api('/v2/account')).body.buying_power),
      num(before.buying_power) - 601,
      'open buys hold buying power',
    )
    const held = async () => num(((await api('/v2/positions/NVDA')).body?.qty as string | undefined) ?? '0')
    const nvdaBefore = await held()
    const market = await order({
      symbol: 'NVDA',
      side: 'buy',
      type: 'market',
      time_in_force: 'day',
      notional: 1e3,
    })
    assert.deepEqual([market.body.notional, market.body.qty], ['1000', null])
    const filled = (await api(`/v2/orders/${market.body.id}`)).body
    assert.equal(filled.status, 'filled')
    assert.equal(num(filled.filled_avg_price), FAKE_BROKER_QUOTES['NVDA'])
    near(num(filled.filled_qty) * FAKE_BROKER_QUOTES['NVDA']!, 1000, 'notional fill')
    const open = (await api('/v2/orders')).body as Json[]
    assert.deepEqual(
      open.map((o) => [o.id, o.status]),
      [[limit.body.id, 'new']],
    )
    const closed = (await api('/v2/orders?status=closed')).body as Json[]
    assert.deepEqual(
      closed.map((o) => o.id),
      [market.body.id],
    )
    const fills = (await api('/v2/account/activities/FILL?page_size=1')).body as Json[]
    assert.equal(fills[0]!.order_id, market.body.id)
    near(await held(), nvdaBefore + num(filled.filled_qty), 'the fill adds to the position')
    const cancel = await api(`/v2/orders/${limit.body.id}`, { method: 'DELETE' })
    assert.equal(cancel.status, 204)
    assert.equal((await api(`/v2/orders/${limit.body.id}`)).body.status, 'canceled')
    for (const id of [limit.body.id, market.body.id]) {
      const again = await api(`/v2/orders/${id}`, { method: 'DELETE' })
      assert.deepEqual(
        [again.status, again.body],
        [422, { code: 42210000, message: 'order is not cancelable' }],
      )
    }
    const nil = '/v2/orders/00000000-0000-4000-8000-000000000000'
    assert.equal((await api(nil, { method: 'DELETE' })).status, 404)
    assert.equal((await api(nil)).body.code, 40410000)
    assert.deepEqual(
      ((await api('/v2/orders?status=all&direction=asc')).body as Json[]).map((o) => o.id),
      [limit.body.id, market.body.id],
    )
    assert.equal((await api('/v2/orders?status=all&limit=1')).body.length, 1)
    assert.equal((await api('/v2/orders?status=all&symbols=MSFT')).body.length, 1)
    assert.equal((await api('/v2/orders?limit=501')).status, 422)
    assert.equal(
      (await api('/v2/orders?status=all&until=2026-03-06T20:59:00Z')).body.length,
      0,
      'until is exclusive',
    )
  })
})

describe('Alpaca sandbox: activities', () => {
  const all = async (direction: 'asc' | 'desc', size: number, extra = '') => {
    const seen: Json[] = []
    for (let pageToken = ''; ;) {
      const page = (
        await api(`/v2/account/activities?direction=${direction}&page_size=${size}${extra}${pageToken}`)
      ).body as Json[]
      seen.push(...page)
      if (page.length < size) return seen
      pageToken = `&page_token=${encodeURIComponent(page.at(-1)!.id)}`
    }
  }

  it('pages with page_token in both directions, newest first by default', async () => {
    const everything = (await api('/v2/account/activities')).body as Json[]
    assert.ok(everything.length > 60 && everything.length <= 100)
    for (const a of everything) assert.match(a.id, ACTIVITY_ID)
    const desc = await all('desc', 7)
    assert.deepEqual(desc, everything)
    const asc = await all('asc', 9)
    assert.deepEqual(asc, [...everything].reverse())
    assert.equal((await api('/v2/account/activities?page_size=101')).status, 422)
    assert.equal((await api('/v2/account/activities?page_token=nope')).status, 422)
  })

  it('has fills whose sells never exceed what was bought before, a deposit first, dividends and fees', async () => {
    const asc = await all('asc', 100)
    assert.equal(asc[0]!.activity_type, 'CSD')
    const held = new Map<string, number>()
    for (const a of asc.filter((x) => x.activity_type === 'FILL')) {
      assert.deepEqual([a.type, a.leaves_qty, a.order_status, a.cum_qty], ['fill', '0', 'filled', a.qty])
      const h = (held.get(a.symbol) ?? 0) + (a.side === 'buy' ? 1 : -1) * num(a.qty)
      assert.ok(h >= 0, `${a.symbol} oversold at ${a.transaction_time}`)
      held.set(a.symbol, h)
    }
    assert.equal(asc.filter((a) => a.activity_type === 'FILL').length, 60)
    const div = asc.find((a) => a.activity_type === 'DIV')!
    near(num(div.net_amount), num(div.qty) * num(div.per_share_amount), 'dividend')
    assert.match(div.date, /^\d{4}-\d{2}-\d{2}$/)
    const positions = (await api('/v2/positions')).body as Json[]
    for (const p of positions)
      assert.equal(num(p.qty), held.get(p.symbol), `${p.symbol} is the net of its fills`)
  })

  it('filters by activity_types, by the type in the path and by date', async () => {
    const types = (q: string) => api(q).then((r) => new Set((r.body as Json[]).map((a) => a.activity_type)))
    assert.deepEqual(await types('/v2/account/activities?activity_types=FILL'), new Set(['FILL']))
    assert.deepEqual(await types('/v2/account/activities?activity_types=DIV,FEE'), new Set(['DIV', 'FEE']))
    assert.deepEqual(await types('/v2/account/activities/DIV'), new Set(['DIV']))
    assert.deepEqual(await types('/v2/account/activities?activity_types=TRANS'), new Set(['CSD']))
    assert.equal((await api('/v2/account/activities?activity_types=BOGUS')).status, 422)
    const [fill] = (await api('/v2/account/activities/FILL?page_size=1')).body as Json[]
    const day = new Date(fill!.transaction_time).toLocaleDateString('en-CA', { timeZone: 'America/New_York' })
    const sameDay = (await api(`/v2/account/activities?date=${day}`)).body as Json[]
    assert.ok(sameDay.some((a) => a.id === fill!.id))
    assert.equal((await api(`/v2/account/activities?date=${day}&after=2020-01-01`)).status, 422)
  })
})

describe('Alpaca sandbox: orders placed outside the session', () => {
  it('keeps a market order placed on a Saturday accepted until the next open, then fills it dated at that open', async () => {
    let now = new Date('2026-03-07T15:00:00Z') // Saturday 10:00 in New York
    const weekend = await startAlpacaBrokerFake({ now: () => now })
    try {
      const bearer = await fakeAccessToken(weekend, 'trading data')
      const call = async (path: string, body?: unknown) => {
        const res = await fetch(`${weekend.baseUrl}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
        return (await res.json()) as Json
      }
      const placed = await call('/v2/orders', {
        symbol: 'MSFT',
        side: 'buy',
        type: 'market',
        time_in_force: 'day',
        qty: '1',
      })
      assert.equal(placed.status, 'accepted')
      assert.equal((await call(`/v2/orders/${placed.id}`)).status, 'accepted', 'Saturday: waits')
      now = new Date('2026-03-09T13:29:59Z') // Monday 09:29:59 New York (summer time since Sunday)
      assert.equal((await call(`/v2/orders/${placed.id}`)).status, 'accepted', 'before the open: waits')
      now = new Date('2026-03-09T14:00:00Z') // Monday 10:00
      const filled = await call(`/v2/orders/${placed.id}`)
      assert.deepEqual(
        [filled.status, filled.filled_at, filled.filled_qty],
        ['filled', '2026-03-09T13:30:00.000Z', '1'],
        'filled, dated at the open',
      )
      const fills = (await call('/v2/account/activities/FILL?page_size=1')) as unknown as Json[]
      assert.deepEqual(
        [fills[0]!.order_id, fills[0]!.transaction_time],
        [placed.id, '2026-03-09T13:30:00.000Z'],
      )
    } finally {
      await weekend.close()
    }
  })
})
