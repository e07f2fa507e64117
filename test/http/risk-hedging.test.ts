/** GET /api/trading-intel/hedging: the hedge table, the 10 % boundary, β selection, costs, isolation. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { moneyTails } from '../helpers/money.ts'
import { bearer, closeBars, fromReturns, holdings, RiskMarket, walk, weekdaysUntil } from './risk-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const market = new RiskMarket({ clock })
const days = weekdaysUntil('2026-11-23', 120)
let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
})
after(() => t.close())

const returnsOf = (c: number[]) => c.slice(1).map((v, i) => v / c[i]! - 1)
const spy = walk(11, 120, 600)
const qqq = walk(12, 120, 500)
for (const [s, c] of Object.entries({ SPY: spy, QQQ: qqq, DIA: walk(13, 120, 400), IWM: walk(14, 120, 200) }))
  market.daily[s] = closeBars(days, c)
// AAPL moves 1.2 × SPY, NVDA 1.35 × QQQ: R² = 1 against their index, β exactly as in the hedge vector.
market.daily.AAPL = closeBars(
  days,
  fromReturns(
    200,
    returnsOf(spy).map((r) => 1.2 * r),
  ),
)
market.daily.NVDA = closeBars(
  days,
  fromReturns(
    150,
    returnsOf(qqq).map((r) => 1.35 * r),
  ),
)
Object.assign(market.prices, { SH: 40, SDS: 20, SPXU: 15, PSQ: 35, QID: 25, SQQQ: 10 })

const get = async (u: Client, query = '') => u.get(`/api/trading-intel/hedging${query}`, await bearer(t, u))

type Fund = {
  ticker: string
  full_notional: number
  full_shares: number | null
  excess_notional: number
  excess_shares: number | null
}
const row = (f: Fund) => [f.ticker, f.full_notional, f.full_shares, f.excess_notional, f.excess_shares]

describe('hedging', () => {
  it('sums money exactly, in cents: 12345.67 + 0.10 + cash 0.20 is 12345.97, not 12345.970000000001', async () => {
    const u = await t.newTenant()
    await holdings(u, [
      { symbol: 'AAPL', quantity: 100, value: 12345.67 },
      { symbol: 'MSFT', quantity: 1, value: 0.1 },
    ])
    const body = json((await get(u, '?cash=0.2')).body)
    assert.deepEqual([body.gross_exposure, body.cash, body.total], [12345.77, 0.2, 12345.97])
    const [aapl] = body.suggestions
    assert.equal(aapl.excess_value, 11111.07) // 12345.67 − 1234.597 = 11111.073
    assert.deepEqual(moneyTails(body), [])
  })

  it('reproduces the hedge table: AAA (β 1.20 vs SPX) and CCC (β 1.35 vs NDX), BBB at 8 % not hedged', async () => {
    const u = await t.newTenant()
    await holdings(u, [
      { symbol: 'AAPL', quantity: 100, value: 30000 },
      { symbol: 'MSFT', quantity: 10, value: 8000 },
      { symbol: 'NVDA', quantity: 100, value: 45000 },
    ])
    const res = await get(u, '?cash=17000')
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.deepEqual([body.total, body.gross_exposure, body.cash, body.positions], [100000, 83000, 17000, 3])
    assert.deepEqual(
      body.suggestions.map((s: { symbol: string }) => s.symbol),
      ['NVDA', 'AAPL'],
    )
    const [ccc, aaa] = body.suggestions
    assert.equal(aaa.weight, 0.3)
    assert.equal(aaa.excess_value, 20000)
    assert.deepEqual([aaa.index.key, aaa.index.beta, aaa.index.r2, aaa.beta_assumed], ['SPX', 1.2, 1, false])
    assert.equal(aaa.fits.length, 4)
    assert.ok(aaa.fits.slice(1).every((f: { r2: number }) => f.r2 < 1))
    assert.deepEqual(row(aaa.hedge), ['SH', 36000, 900, 24000, 600])
    assert.deepEqual(aaa.alternatives.map(row), [
      ['SDS', 18000, 900, 12000, 600],
      ['SPXS', 12000, null, 8000, null], // no price from the provider: no shares
      ['SPXU', 12000, 800, 8000, 533],
    ])
    assert.equal(ccc.weight, 0.45)
    assert.deepEqual([ccc.index.key, ccc.index.beta], ['NDX', 1.35])
    assert.deepEqual([ccc.hedge, ...ccc.alternatives].map(row), [
      ['PSQ', 60750, 1735, 47250, 1350],
      ['QID', 30375, 1215, 23625, 945],
      ['SQQQ', 20250, 2025, 15750, 1575],
    ])
    // The cost: SH's 0.89 % a year on the excess notional.
    assert.deepEqual(
      [aaa.hedge.expense_ratio, aaa.hedge.annual_cost, aaa.hedge.daily_cost],
      [0.0089, 213.6, 0.59],
    )
    assert.deepEqual(
      [ccc.hedge.expense_ratio, ccc.hedge.annual_cost, ccc.hedge.daily_cost],
      [0.0095, 448.88, 1.23],
    )
    assert.equal(aaa.alternatives[1].annual_cost, null, 'SPXS’s expense ratio is not verified')
    assert.match(aaa.alternatives[0].warning, /-2×/)
    assert.equal(body.warnings.length, 1)
    // NVDA is a semiconductor: the industry's funds, β against SOXX (no bars → 1).
    assert.deepEqual(
      ccc.sector_funds.map((f: { ticker: string }) => f.ticker),
      ['SSG', 'SOXS', 'REW'], // industry funds first (more specific), then the sector's,
    )
  })

  it('mode=full and max_leverage=1', async () => {
    const u = await t.newTenant()
    await holdings(u, [{ symbol: 'AAPL', quantity: 100, value: 30000 }])
    const body = json((await get(u, '?cash=70000&mode=full&max_leverage=1')).body)
    const [aaa] = body.suggestions
    assert.deepEqual([aaa.hedge.notional, aaa.hedge.shares, aaa.hedge.annual_cost], [36000, 900, 320.4])
    assert.deepEqual(aaa.alternatives, [])
  })

  it('exactly 10 % is not hedged; just above is', async () => {
    const u = await t.newTenant()
    await holdings(u, [{ symbol: 'AAPL', quantity: 1, value: 10000 }])
    const at = json((await get(u, '?cash=90000')).body)
    assert.equal(at.total, 100000)
    assert.deepEqual(at.suggestions, [])
    const v = await t.newTenant()
    await holdings(v, [{ symbol: 'AAPL', quantity: 1, value: 10000.5 }])
    const above = json((await get(v, '?cash=89999.5')).body)
    assert.equal(above.suggestions.length, 1)
    assert.equal(above.suggestions[0].excess_value, 0.5)
    assert.equal(above.suggestions[0].hedge.excess_notional, 0.6) // 0.5 × 1.2
  })

  it('no bars for the position: SPX with β 1 assumed', async () => {
    const u = await t.newTenant()
    await holdings(u, [{ symbol: 'ZZZQ', quantity: 1, value: 5000 }])
    const [s] = json((await get(u)).body).suggestions
    assert.deepEqual(
      [s.index, s.beta_assumed, s.hedge.ticker, s.hedge.full_notional],
      [null, true, 'SH', 5000],
    )
  })

  it('validation, isolation and upstream failure', async () => {
    const a = await t.newTenant()
    const b = await t.newTenant()
    const account = await holdings(a, [{ symbol: 'AAPL', quantity: 1, value: 5000 }])
    for (const q of ['?cash=-1', '?mode=half', '?max_leverage=4', '?beta_lookback_days=10', '?account_id=0'])
      assert.equal((await get(a, q)).statusCode, 422, q)
    assert.equal(json((await get(a, `?account_id=${account}`)).body).suggestions.length, 1)
    const foreign = await get(b, `?account_id=${account}`)
    assert.equal(foreign.statusCode, 404)
    assert.equal(json(foreign.body).code, 'accounts.not_found')
    assert.deepEqual(json((await get(b)).body).suggestions, [])
    assert.equal((await get(b, `?tenant_id=${a.tenantId}`)).statusCode, 403)
    const root = await t.newTenant({ role: 'admin' })
    const admin = await root.get(
      `/api/trading-intel/hedging?tenant_id=${a.tenantId}`,
      await bearer(t, root, 'admin'),
    )
    assert.equal(admin.statusCode, 200, admin.body)
    assert.equal(json(admin.body).suggestions[0].symbol, 'AAPL', 'an administrator reads another tenant')
    assert.equal((await t.anon.get('/api/trading-intel/hedging')).statusCode, 401)
    market.failing = true
    try {
      const res = await get(a)
      assert.equal(res.statusCode, 503)
      assert.equal(json(res.body).code, 'upstream.unavailable')
    } finally {
      market.failing = false
    }
  })

  it('an archived (closed) account leaves the hedge: its holdings are not in the exposure', async () => {
    const u = await t.newTenant()
    await holdings(u, [{ symbol: 'AAPL', quantity: 100, value: 30000 }])
    const closed = await holdings(u, [{ symbol: 'NVDA', quantity: 100, value: 45000 }])
    const both = json((await get(u, '?cash=25000')).body)
    assert.deepEqual([both.gross_exposure, both.positions], [75000, 2])
    const res = await u.patch(`/api/accounts/${closed}`, { status: 'closed' })
    assert.equal(res.statusCode, 200, res.body)
    const body = json((await get(u, '?cash=25000')).body)
    assert.deepEqual([body.gross_exposure, body.total, body.positions], [30000, 55000, 1])
    assert.deepEqual(
      body.suggestions.map((s: { symbol: string }) => s.symbol),
      ['AAPL'],
    )
  })
})
