/** GET /api/ta/structure/{symbol}/mtf and /api/ta/structure/portfolio (each holding, isolation). */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { zigzag } from '../../src/modules/ta/ta-structure/lib/zigzag.fixture.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { bearer, holdings } from './risk-fixtures.ts'
import { StructureMarket } from './ta-structure-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const market = new StructureMarket({ clock })
// The MTF vector on the 1d window (1d, 1h, 15m, 5m): +1, +1, −1, +1.
market.set('AAPL', '1d', zigzag(60, 0.1))
market.set('AAPL', '1h', zigzag(60, 0.1))
market.set('AAPL', '15m', zigzag(60, -0.1))
market.set('AAPL', '5m', zigzag(60, 0.1))
market.set('MSFT', '1d', zigzag(60, -0.1))
let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
})
after(() => t.close())

const get = async (u: Client, path: string) => {
  const res = await u.get(`/api/ta/structure/${path}`, await bearer(t, u))
  return { status: res.statusCode, body: json(res.body) }
}

describe('GET /api/ta/structure/{symbol}/mtf', () => {
  it('anchor 1d: +1, +1, −1, +1 → alignment 0.6, aligned bullish, agree 3/4', async () => {
    const u = await t.newTenant()
    const { status, body } = await get(u, 'AAPL/mtf')
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(
      [body.anchor, body.alignment, body.aligned, body.direction, body.agree, body.degraded],
      ['1d', 0.6, true, 'bullish', 0.75, false],
    )
    assert.deepEqual(body.weights, { '1d': 0.4, '1h': 0.3, '15m': 0.2, '5m': 0.1 })
    assert.deepEqual(
      body.timeframes.map((f: { timeframe: string; trend: string }) => [f.timeframe, f.trend]),
      [
        ['1d', 'bullish'],
        ['1h', 'bullish'],
        ['15m', 'bearish'],
        ['5m', 'bullish'],
      ],
    )
    assert.equal(body.timeframes[0].last_high.label, 'HH')
  })

  it('anchor 1h: window 1h, 15m, 5m, 1m (1m has no bars: ranging) → 0.4·1 − 0.3 + 0.2 = 0.3, not aligned', async () => {
    const u = await t.newTenant()
    const { body } = await get(u, 'AAPL/mtf?anchor=1h')
    assert.deepEqual(
      body.timeframes.map((f: { timeframe: string }) => f.timeframe),
      ['1h', '15m', '5m', '1m'],
    )
    assert.deepEqual([body.alignment, body.aligned, body.direction, body.agree], [0.3, false, null, 0.5])
  })

  it('a failing lower timeframe is dropped (degraded, weights renormalised); the anchor failing is a 502', async () => {
    const u = await t.newTenant()
    market.failing.add('5m')
    try {
      const { status, body } = await get(u, 'AAPL/mtf')
      assert.equal(status, 200)
      assert.equal(body.degraded, true)
      assert.equal(body.timeframes[3].error, 'upstream.unavailable')
      // (0.4 + 0.3 − 0.2) / 0.9
      assert.equal(body.alignment, Math.round((0.5 / 0.9) * 1e6) / 1e6)
      assert.equal(body.agree, Math.round((2 / 3) * 1e6) / 1e6)
      const anchor = await get(u, 'AAPL/mtf?anchor=5m')
      assert.deepEqual([anchor.status, anchor.body.code], [502, 'upstream.server'])
    } finally {
      market.failing.delete('5m')
    }
  })

  it('anchor outside the timeframes → 422; unknown symbol → 404', async () => {
    const u = await t.newTenant()
    const bad = await get(u, 'AAPL/mtf?anchor=4h')
    assert.equal(bad.status, 422)
    assert.match(JSON.stringify(bad.body), /anchor/)
    assert.equal((await get(u, 'ZZZZQ/mtf')).status, 404)
  })
})

describe('GET /api/ta/structure/portfolio', () => {
  it('no holdings → 200 with an empty list', async () => {
    const u = await t.newTenant()
    const { status, body } = await get(u, 'portfolio')
    assert.equal(status, 200)
    assert.deepEqual(body, { timeframe: '1d', cap: 20, items: [] })
  })

  it('two holdings analysed on 1d, largest first; an unknown symbol carries its error; other tenants see nothing', async () => {
    const u = await t.newTenant()
    await holdings(
      u,
      [
        { symbol: 'MSFT', quantity: 10, value: 5000 },
        { symbol: 'AAPL', quantity: 5, value: 1000 },
        { symbol: 'ZZZZQ', quantity: 1, value: 10 },
      ],
      await bearer(t, u),
    )
    const { status, body } = await get(u, 'portfolio')
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(
      body.items.map((i: { symbol: string; trend: string; error: string }) => [i.symbol, i.trend, i.error]),
      [
        ['MSFT', 'bearish', null],
        ['AAPL', 'bullish', null],
        ['ZZZZQ', null, 'market.unknown_symbol'],
      ],
    )
    assert.equal(body.items[1].last_bos.bar.index, 53)
    assert.equal(body.items[0].break_trend, 'bearish')
    const other = await t.newTenant()
    assert.deepEqual((await get(other, 'portfolio')).body.items, [])
    const peek = await get(other, `portfolio?tenant_id=${u.tenantId}`)
    assert.equal(peek.status, 403)
    const admin = await t.newTenant({ role: 'admin' })
    const res = await admin.get(
      `/api/ta/structure/portfolio?tenant_id=${u.tenantId}`,
      await bearer(t, admin, 'admin'),
    )
    assert.equal(json(res.body).items.length, 3)
  })

  it('market data failing: each item carries upstream.unavailable, never a 500', async () => {
    const u = await t.newTenant()
    await holdings(u, [{ symbol: 'AAPL', quantity: 1, value: 100 }], await bearer(t, u))
    market.failing.add('1d')
    try {
      const { status, body } = await get(u, 'portfolio')
      assert.equal(status, 200)
      assert.deepEqual(
        body.items.map((i: { error: string }) => i.error),
        ['upstream.unavailable'],
      )
    } finally {
      market.failing.delete('1d')
    }
  })
})
