/**
 * Portfolio figures that reconcile: the nav, market_value and implied_cash of every AUM point, the
 * relative drawdown of nav, and investor allocation adding up to nav — across a year boundary,
 * where total_aum (a year-to-date figure) steps. A hand-built portfolio with every figure worked
 * out in the comments, then the demo portfolio checked against the identities.
 * The app clock is fixed at 2025-01-20 12:00 in New York.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../../src/app/demo-seed.ts'
import { empyricalMaxDrawdown } from '../../src/modules/portfolio/analytics/lib/empyrical.fixture.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json, type Body } from '../helpers/assertions.ts'

const TODAY = '2025-01-20'
let t: TestApp
before(async () => {
  t = await buildTestApp({ clock: fixedClock('2025-01-20T17:00:00Z') })
})
after(async () => {
  await t?.close()
})

const cents = (x: number) => Math.round(x * 100)

async function get(u: Pick<Client, 'get'>, path: string, headers?: Record<string, string>): Promise<Body> {
  const res = await u.get(path, headers)
  assert.equal(res.statusCode, 200, `${path}: ${res.body}`)
  return json(res.body)
}

async function post(u: Client, path: string, body: unknown): Promise<Body> {
  const res = await u.post(path, body)
  assert.equal(res.statusCode, 201, `${path}: ${res.body}`)
  return json(res.body)
}

/** A closed AAPL trade of 1 share sold on `date` whose gain is exactly `gain` dollars. */
async function sale(u: Client, account: number, date: string, gain: number): Promise<void> {
  await post(u, '/api/brokers/manual/transactions', {
    account_id: account,
    symbol: 'AAPL',
    quantity: 1,
    date_acquired: '2024-01-02',
    date_sold: date,
    proceeds: (1_000_000 + cents(gain)) / 100,
    cost_basis: 10_000,
  })
}

/** 10 VTI held on `date` (written at book price), then priced in the database. */
async function holding(u: Client, account: number, date: string, price: number, unrealized: number) {
  await post(u, '/api/brokers/manual/positions', {
    account_id: account,
    symbol: 'VTI',
    quantity: 10,
    cost_basis: 8_000,
    as_of: date,
  })
  await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .updateTable('portfolio_snapshot')
      .set({ price: String(price), market_value: String(price * 10), unrealized_pl: String(unrealized) })
      .where('account_id', '=', account)
      .where('snapshot_date', '=', date)
      .execute(),
  )
}

/*
 * The club: A (the owner) and B put 10,000 and 5,000 in on 2024-12-02; B adds 3,000 on 2025-01-08.
 * 10 VTI bought for 8,000, priced 850 (12-20), 870 (12-31 and 01-03), 820 (01-10). Closed trades:
 * +1,200 (12-16), −300 (12-27), +1,400 (01-06), −50.01 (01-15).
 *
 *   date    capital  unreal.  mkt value  realized (all)  realized ytd  total_aum   nav        cash
 *   12-20   15,000     500      8,500        1,200           1,200      16,700   16,700      8,200
 *   12-31   15,000     700      8,700          900             900      16,600   16,600      7,900
 *   01-03   15,000     700      8,700          900               0      15,700   16,600      7,900
 *   01-10   18,000     200      8,200        2,300           1,400      19,600   20,500     12,300
 *   01-20   18,000     200      8,200        2,249.99        1,349.99   19,549.99 20,449.99 12,249.99
 *
 * nav = capital + unrealized + all realized; cash = nav − market value. On 01-03 nothing happened,
 * yet total_aum falls 900 (2024's realized P&L leaves the year-to-date figure); nav does not move.
 * 12-31 → 01-10: nav +3,900 = +3,000 capital − 500 unrealized + 1,400 realized; total_aum +3,000.
 */
const CLUB = [
  ['2024-12-20', 15000, 500, 8500, 1200, 16700, 16700, 8200],
  ['2024-12-31', 15000, 700, 8700, 900, 16600, 16600, 7900],
  ['2025-01-03', 15000, 700, 8700, 0, 15700, 16600, 7900],
  ['2025-01-10', 18000, 200, 8200, 1400, 19600, 20500, 12300],
  [TODAY, 18000, 200, 8200, 1349.99, 19549.99, 20449.99, 12249.99],
] as const

async function club(): Promise<{ u: Client; a: number; b: number }> {
  const u = await t.newTenant()
  const account = await createManualAccount(u)
  const investors = (await get(u, '/api/investors')).items as Body[]
  const a = investors.find((i) => i.is_owner)!.investor_id as number
  const b = (await post(u, '/api/investors', { name: 'Bea' })).investor_id as number
  await post(u, '/api/capital-flows', { investor_id: a, date: '2024-12-02', amount: 10_000 })
  await post(u, '/api/capital-flows', { investor_id: b, date: '2024-12-02', amount: 5_000 })
  await post(u, '/api/capital-flows', { investor_id: b, date: '2025-01-08', amount: 3_000 })
  await holding(u, account, '2024-12-20', 850, 500)
  await holding(u, account, '2024-12-31', 870, 700)
  await holding(u, account, '2025-01-03', 870, 700)
  await holding(u, account, '2025-01-10', 820, 200)
  await sale(u, account, '2024-12-16', 1200)
  await sale(u, account, '2024-12-27', -300)
  await sale(u, account, '2025-01-06', 1400)
  await sale(u, account, '2025-01-15', -50.01)
  return { u, a, b }
}

describe('AUM points across a year boundary', () => {
  it('nav, market_value and implied_cash: exact by hand, and nav has no step on 1 January', async () => {
    const { u } = await club()
    const aum = await get(u, '/api/analytics/aum')
    assert.deepEqual(
      aum.history,
      CLUB.map(([date, capital, unrealized, mv, ytd, total, nav, cash]) => ({
        date,
        net_capital: capital,
        unrealized,
        realized_ytd: ytd,
        total_aum: total,
        nav,
        income: 0,
        market_value: mv,
        implied_cash: cash,
      })),
    )
    const [, dec31, jan3] = aum.history as Body[]
    assert.equal(
      cents(jan3!.total_aum) - cents(dec31!.total_aum),
      -90_000,
      'total_aum steps by 2024’s realized',
    )
    assert.equal(jan3!.nav, dec31!.nav, 'nav does not')
    const { date, ...last } = aum.history.at(-1) as Body
    assert.equal(date, TODAY)
    assert.deepEqual(aum.current, { ...last, as_of: TODAY })
  })

  it('investor allocation values add up to the nav of the same day', async () => {
    const { u, a, b } = await club()
    // Units: 2024-12-02 A 10,000 and B 5,000 at 1.00. 2025-01-08 is priced at the NAV before it —
    // capital 15,000 + realized 1,200 − 300 + 1,400 = 2,300 + the unrealized 700 of the last
    // snapshot before it (01-03) = 18,000 over 15,000 units = 1.20: B's 3,000 buys 2,500 units.
    // Today: nav 20,449.99 over 17,500 units. A 10,000/17,500 × 20,449.99 = 11,685.7085…,
    // B 7,500/17,500 × 20,449.99 = 8,764.2814…: 11,685.70 + 8,764.28 = 20,449.98, and the cent
    // left goes to the larger remainder (A) → 11,685.71 + 8,764.28 = 20,449.99.
    const alloc = await get(u, '/api/analytics/investor-allocation')
    assert.equal(alloc.nav, 20449.99)
    assert.deepEqual(
      (alloc.items as Body[]).map((i) => [i.investor_id, i.units, i.value]),
      [
        [a, 10000, 11685.71],
        [b, 7500, 8764.28],
      ],
    )
    const aum = await get(u, '/api/analytics/aum')
    assert.equal(aum.current.nav, alloc.nav)
    assert.equal(
      (alloc.items as Body[]).reduce((s, i) => s + cents(i.value), 0),
      cents(aum.current.market_value) + cents(aum.current.implied_cash),
    )
  })
})

describe('drawdown of nav', () => {
  it('the relative maximum drawdown of the nav series, beside the realized-P&L one', async () => {
    const { u } = await club()
    // nav 16,700, 16,600, 16,600, 20,500, 20,449.99. From the peak 16,700 (12-20): −100 / 16,700 on
    // 12-31 (the same again on 01-03: the first is reported); 20,500 (01-10) is a new high, and
    // 20,449.99 only −50.01 / 20,500 below it. Recovered on 01-10 (20,500 ≥ 16,700).
    const dd = await get(u, '/api/analytics/drawdown')
    assert.deepEqual(dd.nav_drawdown, {
      max_drawdown: -100 / 16_700,
      amount: 100,
      peak_date: '2024-12-20',
      peak_nav: 16700,
      trough_date: '2024-12-31',
      trough_nav: 16600,
      recovery_date: '2025-01-10',
    })
    assert.ok(Math.abs(dd.nav_drawdown.max_drawdown - -0.005988023952) < 1e-12)
    // The realized-P&L drawdown is unchanged: cumulative 1,200, 900, 2,300, 2,249.99 → 300 from
    // 1,200 = 25 %, back above on 01-06.
    assert.deepEqual(
      [dd.max_drawdown, dd.max_drawdown_pct, dd.peak_date, dd.trough_date, dd.recovery_date],
      [300, 25, '2024-12-16', '2024-12-27', '2025-01-06'],
    )
    // Only 2025's points: 16,600, 20,500, 20,449.99 → −50.01 / 20,500 from 01-10, not recovered.
    const y2025 = await get(u, '/api/analytics/drawdown?year=2025')
    assert.deepEqual(y2025.nav_drawdown, {
      max_drawdown: -50.01 / 20_500,
      amount: 50.01,
      peak_date: '2025-01-10',
      peak_nav: 20500,
      trough_date: TODAY,
      trough_nav: 20449.99,
      recovery_date: null,
    })
    assert.ok(Math.abs(y2025.nav_drawdown.max_drawdown - -0.002439512195) < 1e-12)
  })
})

describe('the demo portfolio reconciles', () => {
  it('nav = market_value + implied_cash = Σ investor values, and moves only by its parts', async () => {
    assert.equal(await seedDemo(t.c), 'created')
    const login = await t.anon.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: `username=${DEMO_EMAIL}&password=${DEMO_PASSWORD}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    assert.equal(login.statusCode, 200, login.body)
    const auth = { authorization: `Bearer ${json(login.body).access_token as string}` }
    const demo = (path: string) => get(t.anon, path, auth)

    const aum = await demo('/api/analytics/aum')
    const points = aum.history as Body[]
    assert.ok(points.length > 150, 'weekly points over three years')
    const daily = (await demo('/api/analytics/pnl?period=daily')).items as Body[]
    let boundaries = 0
    for (const [i, p] of points.entries()) {
      assert.equal(cents(p.nav), cents(p.market_value) + cents(p.implied_cash), p.date)
      if (i === 0) continue
      const prev = points[i - 1]!
      // Realized P&L sold after the previous point, up to this one (from the per-day P&L).
      const realized = daily
        .filter((d) => d.period > prev.date && d.period <= p.date)
        .reduce((s, d) => s + cents(d.pnl), 0)
      const parts =
        cents(p.net_capital) - cents(prev.net_capital) + cents(p.unrealized) - cents(prev.unrealized)
      assert.equal(cents(p.nav) - cents(prev.nav), parts + realized, `nav change to ${p.date}`)
      if (p.date.slice(0, 4) !== prev.date.slice(0, 4)) {
        boundaries++
        // total_aum drops the previous year's realized P&L: its change falls short of nav's by that.
        const lastYear = daily
          .filter((d) => d.period.startsWith(prev.date.slice(0, 4)))
          .reduce((s, d) => s + cents(d.pnl), 0)
        assert.notEqual(lastYear, 0)
        assert.equal(
          cents(p.total_aum) - cents(prev.total_aum),
          cents(p.nav) - cents(prev.nav) - lastYear,
          `total_aum step at ${p.date}`,
        )
      }
    }
    assert.equal(boundaries, 3, '2022 → 2023 → 2024 → 2025')

    const alloc = await demo('/api/analytics/investor-allocation')
    assert.equal(alloc.items.length, 3)
    assert.equal(alloc.nav, aum.current.nav)
    assert.equal(
      (alloc.items as Body[]).reduce((s, i) => s + cents(i.value), 0),
      cents(aum.current.market_value) + cents(aum.current.implied_cash),
    )

    const nav = (await demo('/api/analytics/drawdown')).nav_drawdown as Body
    const reference = empyricalMaxDrawdown(points.map((p) => p.nav as number))
    assert.ok(reference < 0)
    assert.ok(Math.abs(nav.max_drawdown - reference) < 1e-12, `${nav.max_drawdown} vs ${reference}`)
    assert.equal(cents(nav.amount), cents(nav.peak_nav) - cents(nav.trough_nav))
    const peak = points.find((p) => p.date === nav.peak_date)!
    const trough = points.find((p) => p.date === nav.trough_date)!
    assert.deepEqual([peak.nav, trough.nav], [nav.peak_nav, nav.trough_nav])
  })
})
