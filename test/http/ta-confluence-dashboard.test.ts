/** GET /api/ta/dashboard/portfolio: two holdings, none, a failing symbol, tenant isolation. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { holdings } from './risk-fixtures.ts'
import { dailyBars, fakeIct, fakeLayer, RiskMarket } from './ta-confluence-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const market = new RiskMarket({ clock })
market.daily.AAPL = dailyBars(
  '2026-11-23',
  Array.from({ length: 30 }, (_, i) => 100 + i),
)
market.daily.MSFT = dailyBars(
  '2026-11-23',
  Array.from({ length: 30 }, (_, i) => 200 - i),
)
const zone = (
  kind: string,
  direction: 'bullish' | 'bearish',
  bottom: number,
  top: number,
  mitigated = false,
) => ({
  kind,
  direction,
  bottom,
  top,
  index: 5,
  mitigated,
})
let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
  t.c.taConfluence.layers.use([
    fakeLayer('structure', 1, { trend: 'bullish' }),
    fakeIct(0.5, [
      zone('fvg', 'bearish', 140, 142),
      zone('order_block', 'bearish', 131, 133), // nearest above AAPL's 129
      zone('fvg', 'bearish', 130, 130.5, true), // mitigated: skipped
      zone('fvg', 'bullish', 120, 125), // nearest below AAPL's 129
      zone('order_block', 'bullish', 110, 112),
      zone('fvg', 'bullish', 128, 130), // straddles 129: neither
    ]),
  ])
})
after(() => t.close())

const D = '/api/ta/dashboard/portfolio'

describe('GET /api/ta/dashboard/portfolio', () => {
  it('two holdings, largest |MV| first: trend, nearest zones, confluence', async () => {
    const u = await t.newTenant()
    await holdings(u, [
      { symbol: 'AAPL', quantity: 10, value: 1290 },
      { symbol: 'MSFT', quantity: 20, value: 3420 },
    ])
    const res = await u.get(D)
    assert.equal(res.statusCode, 200, res.body)
    const rows = json(res.body).holdings
    assert.deepEqual(
      rows.map((r: { symbol: string; trend: string; error: unknown }) => [r.symbol, r.trend, r.error]),
      [
        ['MSFT', 'bullish', null],
        ['AAPL', 'bullish', null],
      ],
    )
    const aapl = rows[1]
    assert.equal(aapl.last_close, 129)
    assert.deepEqual([aapl.zones.above.kind, aapl.zones.above.bottom], ['order_block', 131])
    assert.deepEqual([aapl.zones.below.kind, aapl.zones.below.top], ['fvg', 125])
    // structure +1, ict +0.5, momentum +1 (rising), volume: flat volume RVOL 1 → 0
    // (0.3 + 0.125 + 0.15 + 0)/0.8 = 0.71875
    assert.ok(Math.abs(aapl.confluence.score - 0.71875) < 1e-9, String(aapl.confluence.score))
    assert.equal(aapl.confluence.bias, 'bullish')
    // MSFT falls: momentum −1 → (0.3 + 0.125 − 0.15 + 0)/0.8 = 0.34375
    assert.ok(Math.abs(rows[0].confluence.score - 0.34375) < 1e-9)
    // MSFT's last close 171 is above every zone: nearest below is the highest top, 142
    assert.deepEqual([rows[0].zones.above, rows[0].zones.below.top], [null, 142])
  })

  it('no holdings → an empty list', async () => {
    const u = await t.newTenant()
    const res = await u.get(D)
    assert.equal(res.statusCode, 200)
    assert.deepEqual(json(res.body), { holdings: [] })
  })

  it('a failing symbol carries error; the others still answer', async () => {
    const u = await t.newTenant()
    await holdings(u, [
      { symbol: 'AAPL', quantity: 1, value: 129 },
      { symbol: 'QQQZZ', quantity: 1, value: 5000 },
    ])
    const rows = json((await u.get(D)).body).holdings
    assert.deepEqual(rows[0].error, {
      status: 404,
      code: 'market.unknown_symbol',
      detail: 'Unknown symbol QQQZZ',
    })
    assert.deepEqual([rows[0].trend, rows[0].zones, rows[0].confluence.score], [null, null, null])
    assert.deepEqual([rows[1].symbol, rows[1].error], ['AAPL', null])
  })

  it('tenant isolation: another tenant never sees these holdings; tenant_id of another → 403', async () => {
    const a = await t.newTenant()
    await holdings(a, [{ symbol: 'AAPL', quantity: 3, value: 387 }])
    const b = await t.newTenant()
    assert.deepEqual(json((await b.get(D)).body), { holdings: [] })
    assert.equal((await b.get(`${D}?tenant_id=${a.tenantId}`)).statusCode, 403)
    const mine = json((await a.get(D)).body).holdings
    assert.deepEqual(
      mine.map((r: { symbol: string }) => r.symbol),
      ['AAPL'],
    )
    const admin = await t.newTenant({ role: 'admin' })
    const seen = json((await admin.get(`${D}?tenant_id=${a.tenantId}`)).body).holdings
    assert.deepEqual(
      seen.map((r: { symbol: string; quantity: number }) => [r.symbol, r.quantity]),
      [['AAPL', 3]],
    )
  })

  it('the market data provider down: each row carries a 502 upstream error; /confluence answers 502', async () => {
    const u = await t.newTenant()
    await holdings(u, [{ symbol: 'AAPL', quantity: 1, value: 129 }])
    market.failing = true
    try {
      const res = await u.get(D)
      assert.equal(res.statusCode, 200)
      const [row] = json(res.body).holdings
      assert.equal(row.error.status, 502)
      assert.match(row.error.code, /^upstream\./)
      assert.equal(row.confluence.score, null)
      const one = await u.get('/api/ta/confluence/AAPL')
      assert.equal(one.statusCode, 502)
      assert.match(json(one.body).code, /^upstream\./)
    } finally {
      market.failing = false
    }
  })
})
