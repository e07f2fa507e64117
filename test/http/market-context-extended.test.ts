/** GET /api/trading-intel/extended-hours on hand-built 5-minute extended-session bars. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import {
  SimulatedMarketData,
  type Bar,
  type BarsQuery,
  type Instrument,
  type Quote,
} from '../../src/providers/market-data/index.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { bearer } from './options-flow-fixtures.ts'

const clock = fixedClock('2026-11-24T22:00:00Z') // Tuesday 17:00 New York: post-market

const bar = (time: string, close: number, volume: number): Bar => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume,
  vwap: null,
})

// Monday 2026-11-23 regular close bar 20:55Z; Tuesday pre 09:00–14:30Z, regular 14:30–21:00Z, post 21:00Z–.
const series: Record<string, Bar[]> = {
  // pre 102 vs 100 (+2 %); post 106.08 vs regular 104 (+2 %): move = the post-market +2 %
  AAPL: [
    bar('2026-11-23T20:55:00Z', 100, 9000),
    bar('2026-11-24T12:00:00Z', 101, 200),
    bar('2026-11-24T14:25:00Z', 102, 300),
    bar('2026-11-24T20:55:00Z', 104, 8000),
    bar('2026-11-24T21:30:00Z', 106.08, 300),
  ],
  // pre 190 vs 200 (−5 %), no post-market bars: move = −5 %
  MSFT: [
    bar('2026-11-23T20:55:00Z', 200, 9000),
    bar('2026-11-24T13:00:00Z', 190, 1000),
    bar('2026-11-24T20:55:00Z', 195, 8000),
  ],
  // one of the most active: pre +1 %, post 51 vs 51 = 0 %: move 0
  AMD: [
    bar('2026-11-23T20:55:00Z', 50, 9000),
    bar('2026-11-24T13:00:00Z', 50.5, 40),
    bar('2026-11-24T20:55:00Z', 51, 8000),
    bar('2026-11-24T21:05:00Z', 51, 60),
  ],
}

class ExtendedMarket extends SimulatedMarketData {
  failing = false
  queries: BarsQuery[] = []
  override async universe(): Promise<Instrument[]> {
    return (await super.universe()).filter((i) => i.symbol === 'AMD')
  }
  override async bars(symbol: string, q: BarsQuery): Promise<Bar[]> {
    this.queries.push(q)
    if (this.failing) throw new UpstreamServerError('bars down', { provider: 'test', status: 503 })
    const from = q.start?.getTime() ?? 0
    const to = q.end?.getTime() ?? Infinity
    return (series[symbol] ?? []).filter((b) => Date.parse(b.time) >= from && Date.parse(b.time) <= to)
  }
  override async quotes(symbols: string[]): Promise<Quote[]> {
    return (await super.quotes(symbols)).map((q) => ({ ...q, volume: 1000 }))
  }
}
const market = new ExtendedMarket({ clock })

let t: TestApp
let holder: Client
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
  holder = await t.newTenant()
  const h = await bearer(t, holder)
  const account = json(
    (await holder.post('/api/accounts', { name: 'Main', broker_type: 'manual' }, h)).body,
  ).id
  for (const symbol of ['AAPL', 'MSFT', 'NVDA']) {
    const res = await holder.post(
      '/api/brokers/manual/positions',
      { account_id: account, symbol, quantity: 1, cost_basis: 100, as_of: '2026-11-02' },
      h,
    )
    assert.equal(res.statusCode, 201, res.body)
  }
})
after(() => t.close())

const get = async (u: Client, query = '', role: 'user' | 'admin' = 'user') =>
  u.get(`/api/trading-intel/extended-hours${query}`, await bearer(t, u, role))

describe('GET /extended-hours', () => {
  it('holdings plus the most active, by absolute move, with pre/post legs from the bars', async () => {
    clock.set('2026-11-24T22:00:00Z')
    market.queries = []
    const res = await get(holder)
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.deepEqual([body.trading_date, body.session, body.symbols_considered], ['2026-11-24', 'post', 4])
    assert.deepEqual(body.items, [
      {
        symbol: 'MSFT',
        previous_close: 200,
        pre_market: { price: 190, change: -10, change_pct: -5, volume: 1000 },
        regular_close: 195,
        post_market: null,
        move_pct: -5,
      },
      {
        symbol: 'AAPL',
        previous_close: 100,
        pre_market: { price: 102, change: 2, change_pct: 2, volume: 500 },
        regular_close: 104,
        post_market: { price: 106.08, change: 2.08, change_pct: 2, volume: 300 },
        move_pct: 2,
      },
      {
        symbol: 'AMD',
        previous_close: 50,
        pre_market: { price: 50.5, change: 0.5, change_pct: 1, volume: 40 },
        regular_close: 51,
        post_market: { price: 51, change: 0, change_pct: 0, volume: 60 },
        move_pct: 0,
      },
    ])
    // NVDA is held but has no bars: considered, not listed.
    assert.deepEqual(market.queries[0], {
      interval: '5m',
      start: new Date('2026-11-23T14:30:00Z'),
      end: new Date('2026-11-24T22:00:00Z'),
      session: 'extended',
    })
  })

  it('limit keeps the largest movers; bounds are 422', async () => {
    const body = json((await get(holder, '?limit=2')).body)
    assert.deepEqual(
      body.items.map((i: { symbol: string }) => i.symbol),
      ['MSFT', 'AAPL'],
    )
    assert.equal((await get(holder, '?limit=0')).statusCode, 422)
    assert.equal((await get(holder, '?limit=51')).statusCode, 422)
  })

  it('before the 04:00 pre-open it reads the previous trading day', async () => {
    clock.set('2026-11-24T08:00:00Z') // 03:00 New York
    try {
      const body = json((await get(holder)).body)
      assert.equal(body.trading_date, '2026-11-23')
      assert.equal(body.session, 'closed')
    } finally {
      clock.set('2026-11-24T22:00:00Z')
    }
  })

  it('another tenant gets only the most active, cannot name this tenant; an administrator can', async () => {
    const other = await t.newTenant()
    const body = json((await get(other)).body)
    assert.deepEqual(
      [body.symbols_considered, body.items.map((i: { symbol: string }) => i.symbol)],
      [1, ['AMD']],
    )
    assert.equal((await get(other, `?tenant_id=${holder.tenantId}`)).statusCode, 403)
    const admin = await t.newTenant({ role: 'admin' })
    assert.equal(
      json((await get(admin, `?tenant_id=${holder.tenantId}`, 'admin')).body).symbols_considered,
      4,
    )
  })

  it('a provider failure is a 503 problem', async () => {
    market.failing = true
    try {
      const res = await get(holder)
      assert.equal(res.statusCode, 503)
      assert.equal(json(res.body).code, 'market_context.unavailable')
    } finally {
      market.failing = false
    }
  })
})
