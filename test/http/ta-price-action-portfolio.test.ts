/** GET /api/ta/price-action/portfolio: each holding on 1d, a failing symbol carries `error`, tenant isolation. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { barsOf, DECLINE, W1, type Quad } from '../../src/modules/ta/ta-price-action/lib/vectors.fixture.ts'
import { systemClock } from '../../src/platform/clock.ts'
import { json } from '../helpers/assertions.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { holdings, RiskMarket } from './risk-fixtures.ts'

const market = new RiskMarket({ clock: systemClock })
const STAR: Quad[] = [
  ...DECLINE,
  [21.0, 21.1, 19.9, 20.0],
  [19.8, 19.95, 19.5, 19.7],
  [19.85, 20.75, 19.8, 20.6],
]
market.daily.AAPL = barsOf(STAR)
market.daily.MSFT = W1

let t: TestApp
before(async () => {
  t = await buildTestApp({ providers: { market } })
})
after(() => t.close())

const URL = '/api/ta/price-action/portfolio'

describe('GET /price-action/portfolio', () => {
  it('no holdings → 200 with an empty list', async () => {
    const u = await t.newTenant()
    const res = await u.get(URL)
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(json(res.body), { items: [], holdings_cap: 20 })
  })

  it('an archived (closed) account leaves the list: only the holdings of live accounts are analysed', async () => {
    const u = await t.newTenant()
    await holdings(u, [{ symbol: 'AAPL', quantity: 10, value: 1000 }])
    const closed = await holdings(u, [{ symbol: 'MSFT', quantity: 5, value: 3000 }])
    const symbols = async () => json((await u.get(URL)).body).items.map((i: { symbol: string }) => i.symbol)
    assert.deepEqual(await symbols(), ['MSFT', 'AAPL'])
    const res = await u.patch(`/api/accounts/${closed}`, { status: 'closed' })
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(await symbols(), ['AAPL'])
  })

  it('two holdings largest first, each analysed on 1d; an unknown symbol carries its error', async () => {
    const u = await t.newTenant()
    await holdings(u, [
      { symbol: 'AAPL', quantity: 10, value: 1000 },
      { symbol: 'MSFT', quantity: 5, value: 3000 },
      { symbol: 'QQZZ', quantity: 1, value: 10 },
    ])
    const items = json((await u.get(URL)).body).items
    assert.deepEqual(
      items.map((i: { symbol: string; market_value: number }) => [i.symbol, i.market_value]),
      [
        ['MSFT', 3000],
        ['AAPL', 1000],
        ['QQZZ', 10],
      ],
    )
    const [msft, aapl, bad] = items
    assert.deepEqual(msft.wyckoff, { kind: 'accumulation', phase: 'E', status: 'complete', confidence: 1 })
    assert.equal(msft.error, null)
    assert.deepEqual(aapl.latest_pattern, {
      pattern: 'morning_star',
      direction: 'bullish',
      strength: 100,
      time: market.daily.AAPL![6]!.time,
    })
    assert.deepEqual([aapl.score, aapl.timeframe, aapl.wyckoff], [1, '1d', null])
    assert.deepEqual([bad.error, bad.score, bad.latest_pattern], ['market.unknown_symbol', null, null])
  })

  it('a market failure marks every item upstream.unavailable, still 200', async () => {
    const u = await t.newTenant()
    await holdings(u, [{ symbol: 'AAPL', quantity: 1, value: 100 }])
    market.failing = true
    try {
      const res = await u.get(URL)
      assert.equal(res.statusCode, 200)
      assert.deepEqual(
        json(res.body).items.map((i: { error: string }) => i.error),
        ['upstream.unavailable'],
      )
    } finally {
      market.failing = false
    }
  })

  it('isolation: another tenant sees nothing; tenant_id is for administrators (403), who see it', async () => {
    const owner = await t.newTenant()
    await holdings(owner, [{ symbol: 'AAPL', quantity: 1, value: 100 }])
    const other = await t.newTenant()
    assert.deepEqual(json((await other.get(URL)).body).items, [])
    assert.equal((await other.get(`${URL}?tenant_id=${owner.tenantId}`)).statusCode, 403)
    const admin = await t.newTenant({ role: 'admin' })
    const seen = json((await admin.get(`${URL}?tenant_id=${owner.tenantId}`)).body).items
    assert.deepEqual(
      seen.map((i: { symbol: string }) => i.symbol),
      ['AAPL'],
    )
    assert.equal((await t.anon.get(URL)).statusCode, 401)
  })
})
