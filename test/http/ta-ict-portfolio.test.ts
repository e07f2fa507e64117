/** GET /api/ta/ict/zones/portfolio: empty, two holdings (hand-worked 1d score), a failing symbol, isolation. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { S2 } from '../../src/modules/ta/ta-ict/lib/vectors.fixture.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { bearer, holdings, IctMarket } from './ta-ict-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const market = new IctMarket({ clock })
let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
})
after(() => t.close())
market.series.AAPL = S2
market.series.MSFT = S2

const URL = '/api/ta/ict/zones/portfolio'
const get = async (u: Client, query = '', role: 'user' | 'admin' = 'user') =>
  u.get(`${URL}${query}`, await bearer(t, u, role))

describe('GET /ict/zones/portfolio', () => {
  it('a holding-less tenant → 200 with an empty list', async () => {
    const res = await get(await t.newTenant())
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(json(res.body), { timeframe: '1d', items: [] })
  })

  it('two holdings, largest first: S2 on 1d (L = R = 3) → discount below the range, latest live zone the bearish OB → score 0; an unknown one carries its error', async () => {
    const u = await t.newTenant()
    await holdings(
      u,
      [
        { symbol: 'AAPL', quantity: 10, value: 5000 },
        { symbol: 'ZZZZ', quantity: 1, value: 100 },
      ],
      await bearer(t, u),
    )
    const res = await get(u)
    assert.equal(res.statusCode, 200, res.body)
    const [aapl, zzzz] = json(res.body).items
    // lo 9.4 (bar 5), hi 11.3 (bar 9) → position (9.35 − 9.4)/1.9 = −0.026316; loc = 1; z = −1 (OB at 9)
    assert.deepEqual(
      [aapl.symbol, aapl.error, aapl.zone, aapl.score, aapl.equilibrium],
      ['AAPL', null, 'discount', 0, 10.35],
    )
    assert.ok(Math.abs(aapl.position + 0.026316) < 1e-6)
    assert.deepEqual([aapl.live_fvgs, aapl.live_order_blocks, aapl.valid_breakers], [1, 1, 0])
    assert.deepEqual(
      [aapl.score_evidence.rule, aapl.score_evidence.zone_term, aapl.score_evidence.location_term],
      ['graded', -1, 1],
    )
    assert.deepEqual(
      [zzzz.symbol, zzzz.error, zzzz.score, zzzz.zone],
      ['ZZZZ', 'market.unknown_symbol', null, null],
    )
  })

  it('a symbol whose bars fail → that item’s error upstream.unavailable, the other proceeds', async () => {
    const u = await t.newTenant()
    await holdings(
      u,
      [
        { symbol: 'AAPL', quantity: 10, value: 5000 },
        { symbol: 'MSFT', quantity: 1, value: 100 },
      ],
      await bearer(t, u),
    )
    market.failing.add('MSFT')
    try {
      const items = json((await get(u)).body).items
      assert.deepEqual(
        items.map((i: { symbol: string; error: string | null }) => [i.symbol, i.error]),
        [
          ['AAPL', null],
          ['MSFT', 'upstream.unavailable'],
        ],
      )
    } finally {
      market.failing.delete('MSFT')
    }
  })

  it('tenant isolation: another tenant sees nothing, a foreign account → 404, a foreign tenant_id → 403; an admin may read it', async () => {
    const a = await t.newTenant()
    const account = await holdings(a, [{ symbol: 'AAPL', quantity: 1, value: 100 }], await bearer(t, a))
    const b = await t.newTenant()
    assert.deepEqual(json((await get(b)).body).items, [])
    const foreign = await get(b, `?account_id=${account}`)
    assert.equal(foreign.statusCode, 404)
    assert.equal(json(foreign.body).code, 'accounts.not_found')
    assert.equal((await get(b, `?tenant_id=${a.tenantId}`)).statusCode, 403)
    const admin = await t.newTenant({ role: 'admin' })
    const res = await get(admin, `?tenant_id=${a.tenantId}`, 'admin')
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(
      json(res.body).items.map((i: { symbol: string }) => i.symbol),
      ['AAPL'],
    )
  })
})
