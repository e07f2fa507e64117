/** GET /api/trading-intel/market-context/indices: the quotes' figures, the 60 s cache, stale answers and 503. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createMemoryCache } from '../../src/platform/cache/index.ts'
import { fixedClock } from '../../src/platform/clock.ts'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import { SimulatedMarketData, type Quote } from '../../src/providers/market-data/index.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { bearer } from './options-flow-fixtures.ts'

const clock = fixedClock('2026-11-24T22:00:00Z') // Tuesday 17:00 New York: post-market

const quote = (symbol: string, last: number, previous_close: number, volume: number): Quote => ({
  symbol,
  last,
  bid: last,
  ask: last,
  volume,
  previous_close,
  change: Math.round((last - previous_close) * 100) / 100,
  change_pct: Math.round(((last - previous_close) / previous_close) * 1e6) / 1e4,
  delayed: false,
  as_of: '2026-11-24T21:00:00.000Z',
})

class ContextMarket extends SimulatedMarketData {
  failing = false
  quoteCalls = 0
  quoteBook: Record<string, Quote> = {
    SPY: quote('SPY', 600, 590, 5e7),
    QQQ: quote('QQQ', 500, 505, 4e7),
    IWM: quote('IWM', 200, 200, 2e7),
    '^VIX': quote('^VIX', 19.5, 18, 0),
  }

  override async quotes(symbols: string[]): Promise<Quote[]> {
    this.quoteCalls++
    if (this.failing) throw new UpstreamServerError('quotes down', { provider: 'test', status: 503 })
    return symbols.flatMap((s) => (this.quoteBook[s] ? [this.quoteBook[s]] : []))
  }
}
const market = new ContextMarket({ clock })

let t: TestApp
before(async () => {
  t = await buildTestApp({
    clock,
    providers: { market },
    cache: createMemoryCache({ now: () => clock.now().getTime() }),
  })
})
after(() => t.close())

const get = async (u: Client, url: string, role: 'user' | 'admin' = 'user') =>
  u.get(`/api/trading-intel${url}`, await bearer(t, u, role))

describe('GET /market-context/indices', () => {
  it('answers the quote fields of SPY, QQQ, IWM and ^VIX; MISS, HIT within 60 s, MISS after 61 s', async () => {
    clock.set('2026-11-24T22:00:00Z')
    const u = await t.newTenant()
    const calls = market.quoteCalls
    const first = await get(u, '/market-context/indices')
    assert.equal(first.statusCode, 200, first.body)
    assert.equal(first.headers['x-cache'], 'MISS')
    const body = json(first.body)
    assert.deepEqual(
      body.items.map((i: Record<string, unknown>) => [
        i.symbol,
        i.price,
        i.change,
        i.change_pct,
        i.previous_close,
      ]),
      [
        ['SPY', 600, 10, 1.6949, 590],
        ['QQQ', 500, -5, -0.9901, 505],
        ['IWM', 200, 0, 0, 200],
        ['^VIX', 19.5, 1.5, 8.3333, 18],
      ],
    )
    assert.deepEqual([body.missing, body.stale, body.fetched_at], [[], false, '2026-11-24T22:00:00.000Z'])

    clock.advance(59_000)
    const hit = await get(u, '/market-context/indices')
    assert.equal(hit.headers['x-cache'], 'HIT')
    assert.deepEqual(json(hit.body), body)
    assert.equal(market.quoteCalls, calls + 1)

    clock.set('2026-11-24T22:01:01Z')
    const again = await get(u, '/market-context/indices')
    assert.equal(again.headers['x-cache'], 'MISS')
    assert.equal(json(again.body).fetched_at, '2026-11-24T22:01:01.000Z')
    assert.equal(market.quoteCalls, calls + 2)
  })

  it('provider failure: the last good answer served stale; with nothing cached, 503', async () => {
    const u = await t.newTenant()
    clock.set('2026-11-24T23:00:00Z')
    assert.equal((await get(u, '/market-context/indices')).headers['x-cache'], 'MISS')
    clock.advance(61_000)
    market.failing = true
    try {
      const stale = await get(u, '/market-context/indices')
      assert.equal(stale.statusCode, 200)
      assert.equal(stale.headers['x-cache'], 'STALE')
      assert.deepEqual(
        [json(stale.body).stale, json(stale.body).fetched_at],
        [true, '2026-11-24T23:00:00.000Z'],
      )

      await t.c.cache.deletePrefix('market-context:indices')
      const down = await get(u, '/market-context/indices')
      assert.equal(down.statusCode, 503)
      assert.equal(json(down.body).code, 'market_context.unavailable')
    } finally {
      market.failing = false
    }
  })

  it('an instrument without a quote is listed as missing', async () => {
    await t.c.cache.deletePrefix('market-context:indices')
    const vix = market.quoteBook['^VIX']!
    delete market.quoteBook['^VIX']
    try {
      const body = json((await get(await t.newTenant(), '/market-context/indices')).body)
      assert.deepEqual(body.missing, ['^VIX'])
      assert.equal(body.items.length, 3)
    } finally {
      market.quoteBook['^VIX'] = vix
      await t.c.cache.deletePrefix('market-context:indices')
    }
  })
})
