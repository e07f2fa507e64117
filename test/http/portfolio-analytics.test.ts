/**
 * Portfolio analytics through HTTP: date range, P&L per period, cumulative P&L, drawdown, AUM,
 * year over year and investor allocation by unit accounting, plus tenant and account isolation.
 * Data goes in through the API (accounts, manual transactions and positions, investors, capital
 * flows); only market prices of snapshots are set in the database. Every expected figure below is
 * worked out by hand in the comments. The app clock is fixed at 2025-06-30 12:00 in New York, so
 * "today" is 2025-06-30.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { createManualAccount, NoClosesMarket } from '../helpers/portfolio.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'

const TODAY = '2025-06-30'
let t: TestApp
before(async () => {
  // 16:00 UTC is 12:00 EDT: the New York date is 2025-06-30.
  // No daily closes: a back-dated holding is written at book price, and the tests set its market price.
  const clock = fixedClock('2025-06-30T16:00:00Z')
  t = await buildTestApp({ clock, providers: { market: new NoClosesMarket({ clock }) } })
})
after(async () => {
  await t?.close()
})

const ROUTES = ['aum', 'cumulative-pnl', 'date-range', 'drawdown', 'investor-allocation', 'pnl', 'yoy']

/** GET an analytics route, expecting 200. */
/** An analytics answer; the amounts of these all-USD tenants are in USD, never degraded (then dropped). */
async function analytics(u: Client, route: string, query = ''): Promise<Body> {
  const res = await u.get(`/api/analytics/${route}${query}`)
  assert.equal(res.statusCode, 200, res.body)
  const body = json(res.body)
  if (route !== 'date-range') {
    assert.equal(body.currency, 'USD', `${route}: currency`)
    assert.equal(body.degraded, undefined, `${route}: not degraded`)
    delete body.currency
  }
  return body
}

/**
 * A realized trade sold on `dateSold` whose gain is `gain` dollars: cost 10,000.00 and proceeds
 * 10,000.00 + gain (built from whole cents, so the server computes exactly `gain`).
 */
async function sale(u: Client, accountId: number, dateSold: string, gain: number): Promise<Body> {
  const cents = Math.round(gain * 100)
  const res = await u.post('/api/brokers/manual/transactions', {
    account_id: accountId,
    symbol: 'AAPL',
    quantity: 1,
    date_acquired: '2019-01-02',
    date_sold: dateSold,
    proceeds: (1_000_000 + cents) / 100,
    cost_basis: 10_000,
  })
  assert.equal(res.statusCode, 201, res.body)
  const body = json(res.body)
  assert.equal(body.gain_loss, gain)
  return body
}

/** A manual holding on `asOf` (its snapshot is written at book price), then its market value set in the DB. */
async function snapshot(
  u: Client,
  accountId: number,
  asOf: string,
  market: { costBasis: number; price: number; marketValue: number; unrealized: number },
  symbol = 'VTI',
): Promise<void> {
  const res = await u.post('/api/brokers/manual/positions', {
    account_id: accountId,
    symbol,
    quantity: 10,
    cost_basis: market.costBasis,
    as_of: asOf,
  })
  assert.equal(res.statusCode, 201, res.body)
  const updated = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .updateTable('portfolio_snapshot')
      .set({
        price: String(market.price),
        market_value: String(market.marketValue),
        unrealized_pl: String(market.unrealized),
      })
      .where('tenant_id', '=', u.tenantId)
      .where('account_id', '=', accountId)
      .where('snapshot_date', '=', asOf)
      .where('symbol', '=', symbol)
      .executeTakeFirst(),
  )
  assert.equal(Number(updated.numUpdatedRows), 1)
}

async function ownerInvestor(u: Client): Promise<number> {
  const res = await u.get('/api/investors')
  assert.equal(res.statusCode, 200, res.body)
  const owners = (json(res.body).items as Body[]).filter((i) => i.is_owner)
  assert.equal(owners.length, 1)
  return owners[0]!.investor_id as number
}

async function addInvestor(u: Client, name: string): Promise<number> {
  const res = await u.post('/api/investors', { name })
  assert.equal(res.statusCode, 201, res.body)
  return json(res.body).investor_id as number
}

async function addFlow(u: Client, investorId: number, date: string, amount: number): Promise<void> {
  const res = await u.post('/api/capital-flows', { investor_id: investorId, date, amount })
  assert.equal(res.statusCode, 201, res.body)
}

const cents = (x: number) => Math.round(x * 100)

describe('date-range', () => {
  it('min and max of valid sale dates; unparseable and deleted trades are left out', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    await sale(u, acct, '2024-03-15', 10)
    await sale(u, acct, '2023-11-02', 20)
    await sale(u, acct, '2025-01-20', 30)
    // Stored as given but not dated: excluded from the range and the count.
    const na = await sale(u, acct, 'N/A', 40)
    assert.equal(na.date_sold_valid, false)
    const month13 = await sale(u, acct, '2024-13-01', 50)
    assert.equal(month13.date_sold_valid, false)
    // A deleted trade earlier than all the others does not count either.
    const gone = await sale(u, acct, '2020-01-01', 60)
    const del = await u.delete(`/api/brokers/manual/transactions/${gone.transaction_id}`)
    assert.equal(del.statusCode, 204, del.body)

    // Valid: 2023-11-02, 2024-03-15, 2025-01-20 → min 2023-11-02, max 2025-01-20, 3 trades.
    assert.deepEqual(await analytics(u, 'date-range'), {
      min_date: '2023-11-02',
      max_date: '2025-01-20',
      trade_count: 3,
    })
  })

  it('an empty portfolio → nulls and 0', async () => {
    const u = await t.newTenant()
    assert.deepEqual(await analytics(u, 'date-range'), { min_date: null, max_date: null, trade_count: 0 })
    // Only an undated trade: still nothing dated.
    await sale(u, await createManualAccount(u), 'Various', 5)
    assert.deepEqual(await analytics(u, 'date-range'), { min_date: null, max_date: null, trade_count: 0 })
  })

  it('an admin reads another tenant with tenant_id; a non-admin naming another tenant → 403', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    await sale(u, acct, '2024-02-29', 1)
    await sale(u, acct, '2024-07-04', 2)
    const admin = await t.newTenant({ role: 'admin' })
    const theirs = { min_date: '2024-02-29', max_date: '2024-07-04', trade_count: 2 }

    assert.deepEqual(await analytics(admin, 'date-range', `?tenant_id=${u.tenantId}`), theirs)
    // Without tenant_id the admin reads their own (empty) tenant.
    assert.deepEqual(await analytics(admin, 'date-range'), {
      min_date: null,
      max_date: null,
      trade_count: 0,
    })
    // An admin may also name the account of the tenant read.
    assert.deepEqual(
      await analytics(admin, 'date-range', `?tenant_id=${u.tenantId}&account_id=${acct}`),
      theirs,
    )

    const other = await t.newTenant()
    assertProblem(
      await other.get(`/api/analytics/date-range?tenant_id=${u.tenantId}`),
      403,
      'auth.tenant_forbidden',
    )
    // Naming one's own tenant is fine.
    assert.deepEqual(await analytics(u, 'date-range', `?tenant_id=${u.tenantId}`), theirs)
  })
})

describe('pnl', () => {
  /*
   * Sales (gain):
   *   2023-07-04 Tue  5.55   2023-W27  2023-07  2023-Q3
   *   2024-12-30 Mon  0.10   2025-W01 (ISO: the week of Thu 2025-01-02)  2024-12  2024-Q4  2024
   *   2025-01-02 Thu  0.20   2025-W01  2025-01  2025-Q1
   *   2025-01-02 Thu  0.05   (same day)
   *   2025-01-06 Mon  1.00   2025-W02
   *   2025-03-31 Mon −0.35   2025-W14  2025-03  2025-Q1
   *   2025-05-31 Sat  3.00   2025-W22 (Mon 05-26 … Sun 06-01)  2025-05  2025-Q2
   *   2025-06-01 Sun  2.50   2025-W22  2025-06  2025-Q2
   *   2025-06-30 Mon  0.01   2025-W27  2025-06  2025-Q2
   *   'N/A' 100 and '2024-13-01' 100: not dated, left out.
   * Total 5.55 + 0.10 + 0.25 + 1.00 − 0.35 + 3.00 + 2.50 + 0.01 = 12.06 over 9 trades.
   */
  const seed = async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    for (const [date, gain] of [
      ['2023-07-04', 5.55],
      ['2024-12-30', 0.1],
      ['2025-01-02', 0.2],
      ['2025-01-02', 0.05],
      ['2025-01-06', 1],
      ['2025-03-31', -0.35],
      ['2025-05-31', 3],
      ['2025-06-01', 2.5],
      ['2025-06-30', 0.01],
      ['N/A', 100],
      ['2024-13-01', 100],
    ] as const)
      await sale(u, acct, date, gain)
    return u
  }
  const rows = (b: Body) => (b.items as Body[]).map((i) => [i.period, i.pnl, i.trades])

  it('daily (the default), weekly (ISO), monthly, quarterly and yearly buckets with exact cent sums', async () => {
    const u = await seed()

    const daily = await analytics(u, 'pnl')
    assert.equal(daily.period, 'daily')
    assert.deepEqual(rows(daily), [
      ['2023-07-04', 5.55, 1],
      ['2024-12-30', 0.1, 1],
      ['2025-01-02', 0.25, 2], // 0.20 + 0.05
      ['2025-01-06', 1, 1],
      ['2025-03-31', -0.35, 1],
      ['2025-05-31', 3, 1],
      ['2025-06-01', 2.5, 1],
      ['2025-06-30', 0.01, 1],
    ])
    assert.equal(daily.total, 12.06)
    assert.deepEqual(await analytics(u, 'pnl', '?period=daily'), daily)

    const weekly = await analytics(u, 'pnl', '?period=weekly')
    assert.equal(weekly.period, 'weekly')
    assert.deepEqual(rows(weekly), [
      ['2023-W27', 5.55, 1],
      // 0.10 + 0.20 + 0.05 = 0.35 exactly (binary floats would give 0.35000000000000003).
      ['2025-W01', 0.35, 3],
      ['2025-W02', 1, 1],
      ['2025-W14', -0.35, 1],
      ['2025-W22', 5.5, 2], // 3.00 + 2.50
      ['2025-W27', 0.01, 1],
    ])
    assert.equal(weekly.total, 12.06)

    const monthly = await analytics(u, 'pnl', '?period=monthly')
    assert.deepEqual(rows(monthly), [
      ['2023-07', 5.55, 1],
      ['2024-12', 0.1, 1],
      ['2025-01', 1.25, 3], // 0.20 + 0.05 + 1.00
      ['2025-03', -0.35, 1],
      ['2025-05', 3, 1],
      ['2025-06', 2.51, 2], // 2.50 + 0.01
    ])
    assert.equal(monthly.total, 12.06)

    const quarterly = await analytics(u, 'pnl', '?period=quarterly')
    assert.deepEqual(rows(quarterly), [
      ['2023-Q3', 5.55, 1],
      ['2024-Q4', 0.1, 1],
      ['2025-Q1', 0.9, 4], // 1.25 − 0.35
      ['2025-Q2', 5.51, 3], // 3.00 + 2.50 + 0.01
    ])
    assert.equal(quarterly.total, 12.06)

    const yearly = await analytics(u, 'pnl', '?period=yearly')
    assert.equal(yearly.period, 'yearly')
    assert.deepEqual(rows(yearly), [
      ['2023', 5.55, 1],
      ['2024', 0.1, 1],
      ['2025', 6.41, 7], // 0.90 + 5.51
    ])
    assert.equal(yearly.total, 12.06)
  })

  it('year filters on the sale date; period_days keeps the last N days, today included', async () => {
    const u = await seed()

    const y2025 = await analytics(u, 'pnl', '?period=monthly&year=2025')
    assert.deepEqual(rows(y2025), [
      ['2025-01', 1.25, 3],
      ['2025-03', -0.35, 1],
      ['2025-05', 3, 1],
      ['2025-06', 2.51, 2],
    ])
    assert.equal(y2025.total, 6.41)
    // The 2024-12-30 sale is in 2024 by date even though its ISO week is 2025-W01.
    const y2024 = await analytics(u, 'pnl', '?period=weekly&year=2024')
    assert.deepEqual(rows(y2024), [['2025-W01', 0.1, 1]])
    assert.equal(y2024.total, 0.1)
    const none = await analytics(u, 'pnl', '?year=2022')
    assert.deepEqual(none.items, [])
    assert.equal(none.total, 0)

    // Today 2025-06-30; 30 days = 2025-06-01 … 2025-06-30: 2.50 + 0.01 (05-31 is just outside).
    const last30 = await analytics(u, 'pnl', '?period_days=30')
    assert.deepEqual(rows(last30), [
      ['2025-06-01', 2.5, 1],
      ['2025-06-30', 0.01, 1],
    ])
    assert.equal(last30.total, 2.51)
    // 31 days start on 2025-05-31: + 3.00 = 5.51.
    const last31 = await analytics(u, 'pnl', '?period_days=31')
    assert.equal(last31.total, 5.51)
    assert.deepEqual(
      (last31.items as Body[]).map((i) => i.period),
      ['2025-05-31', '2025-06-01', '2025-06-30'],
    )
    // 1 day is today only.
    assert.deepEqual(rows(await analytics(u, 'pnl', '?period_days=1')), [['2025-06-30', 0.01, 1]])
    // 31 days bucketed monthly: 2025-05 3.00, 2025-06 2.51.
    assert.deepEqual(rows(await analytics(u, 'pnl', '?period=monthly&period_days=31')), [
      ['2025-05', 3, 1],
      ['2025-06', 2.51, 2],
    ])
    // Both filters: 2024 and the last 30 days do not overlap.
    const both = await analytics(u, 'pnl', '?year=2024&period_days=30')
    assert.deepEqual(both.items, [])
    assert.equal(both.total, 0)
  })

  it('an unknown period or a bad window → 422 naming the query field', async () => {
    const u = await t.newTenant()
    assertFieldError(await u.get('/api/analytics/pnl?period=hourly'), ['query', 'period'])
    assertFieldError(await u.get('/api/analytics/pnl?period_days=0'), ['query', 'period_days'])
    assertFieldError(await u.get('/api/analytics/pnl?year=1899'), ['query', 'year'])
    assertFieldError(await u.get('/api/analytics/drawdown?period_days=abc'), ['query', 'period_days'])
    assertFieldError(await u.get('/api/analytics/aum?account_ids=1,,2'), ['query', 'account_ids'])
  })
})

/** A nav series never below its running peak (a single point): no relative drawdown. */
const NAV_FLAT = {
  max_drawdown: 0,
  amount: 0,
  peak_date: null,
  peak_nav: null,
  trough_date: null,
  trough_nav: null,
  recovery_date: null,
}

describe('cumulative-pnl and drawdown', () => {
  /*
   * Gains by sale date: 01-05 +1,000 (as +1,200 and −200 the same day), 02-05 −300, 03-05 −400,
   * 04-05 +900, 05-05 −200 (all 2025), plus 'N/A' +5,000 and '2024-13-01' −9,999 (left out).
   *   cumulative   1,000   700   300   1,200   1,000
   *   running peak 1,000 1,000 1,000   1,200   1,200
   *   drawdown         0   300   700       0     200
   * Max drawdown 700 from the peak 1,000 (01-05) to 300 (03-05) = 70 %; the curve is back at
   * ≥ 1,000 on 04-05 (1,200).
   */
  const seed = async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    await sale(u, acct, '2025-01-05', 1200)
    await sale(u, acct, '2025-01-05', -200)
    await sale(u, acct, '2025-02-05', -300)
    await sale(u, acct, '2025-03-05', -400)
    await sale(u, acct, '2025-04-05', 900)
    await sale(u, acct, '2025-05-05', -200)
    await sale(u, acct, 'N/A', 5000)
    await sale(u, acct, '2024-13-01', -9999)
    return u
  }

  it('the worked curve: same-day trades merged, undated trades left out', async () => {
    const u = await seed()
    assert.deepEqual(await analytics(u, 'cumulative-pnl'), {
      items: [
        { date: '2025-01-05', pnl: 1000, cumulative: 1000 },
        { date: '2025-02-05', pnl: -300, cumulative: 700 },
        { date: '2025-03-05', pnl: -400, cumulative: 300 },
        { date: '2025-04-05', pnl: 900, cumulative: 1200 },
        { date: '2025-05-05', pnl: -200, cumulative: 1000 },
      ],
      total: 1000,
    })
    assert.deepEqual(await analytics(u, 'drawdown'), {
      max_drawdown: 700,
      max_drawdown_pct: 70,
      peak_date: '2025-01-05',
      trough_date: '2025-03-05',
      recovery_date: '2025-04-05',
      series: [
        { date: '2025-01-05', cumulative: 1000, drawdown: 0 },
        { date: '2025-02-05', cumulative: 700, drawdown: 300 },
        { date: '2025-03-05', cumulative: 300, drawdown: 700 },
        { date: '2025-04-05', cumulative: 1200, drawdown: 0 },
        { date: '2025-05-05', cumulative: 1000, drawdown: 200 },
      ], // No snapshot: the nav series is today's point alone (1,000 of realized P&L), never below a peak.
      nav_drawdown: NAV_FLAT,
    })
  })

  it('period_days and year cut the curve, which then restarts at 0', async () => {
    const u = await seed()
    // 118 days back from 2025-06-30, today included, start on 2025-03-05 (June 30 − 117 days).
    // Curve −400, 500, 300: a loss from the start, so the peak is the starting 0 (no date, no %);
    // max 400 at 03-05, back at ≥ 0 on 04-05.
    assert.deepEqual(await analytics(u, 'cumulative-pnl', '?period_days=118'), {
      items: [
        { date: '2025-03-05', pnl: -400, cumulative: -400 },
        { date: '2025-04-05', pnl: 900, cumulative: 500 },
        { date: '2025-05-05', pnl: -200, cumulative: 300 },
      ],
      total: 300,
    })
    const d118 = await analytics(u, 'drawdown', '?period_days=118')
    assert.equal(d118.max_drawdown, 400)
    assert.equal(d118.max_drawdown_pct, null)
    assert.equal(d118.peak_date, null)
    assert.equal(d118.trough_date, '2025-03-05')
    assert.equal(d118.recovery_date, '2025-04-05')

    // 117 days start on 03-06: curve 900, 700 → max 200 from 900 (04-05) = 22.22 %, no recovery.
    assert.equal((await analytics(u, 'cumulative-pnl', '?period_days=117')).total, 700)
    const d117 = await analytics(u, 'drawdown', '?period_days=117')
    assert.deepEqual(
      [d117.max_drawdown, d117.max_drawdown_pct, d117.peak_date, d117.trough_date, d117.recovery_date],
      [200, 22.22, '2025-04-05', '2025-05-05', null],
    )

    // Nothing was sold in 2024 (the '2024-13-01' trade is not a date).
    assert.deepEqual(await analytics(u, 'cumulative-pnl', '?year=2024'), { items: [], total: 0 })
    assert.deepEqual(await analytics(u, 'drawdown', '?year=2024'), {
      max_drawdown: 0,
      max_drawdown_pct: null,
      peak_date: null,
      trough_date: null,
      recovery_date: null,
      series: [],
      // No AUM point in 2024 either.
      nav_drawdown: { ...NAV_FLAT, max_drawdown: null },
    })
    assert.equal((await analytics(u, 'cumulative-pnl', '?year=2025')).total, 1000)
  })

  it('losing from the start: the peak is the starting 0 → peak_date null and no percentage', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    await sale(u, acct, '2025-01-10', -100)
    await sale(u, acct, '2025-01-20', 30)
    await sale(u, acct, '2025-02-01', -50)
    await sale(u, acct, '2025-02-10', 150)
    // Cumulative −100, −70, −120, 30; below the starting 0 by 100, 70, 120, 0.
    // Max 120 at 02-01; back at ≥ 0 on 02-10.
    assert.deepEqual(await analytics(u, 'drawdown'), {
      max_drawdown: 120,
      max_drawdown_pct: null,
      peak_date: null,
      trough_date: '2025-02-01',
      recovery_date: '2025-02-10',
      series: [
        { date: '2025-01-10', cumulative: -100, drawdown: 100 },
        { date: '2025-01-20', cumulative: -70, drawdown: 70 },
        { date: '2025-02-01', cumulative: -120, drawdown: 120 },
        { date: '2025-02-10', cumulative: 30, drawdown: 0 },
      ],
      nav_drawdown: NAV_FLAT,
    })
  })

  it('a return to the old high moves the peak to that later day; reaching the peak again is a recovery', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    await sale(u, acct, '2025-01-10', 500)
    await sale(u, acct, '2025-01-20', -200)
    await sale(u, acct, '2025-02-01', 200)
    await sale(u, acct, '2025-02-10', -400)
    await sale(u, acct, '2025-02-20', 400)
    // Cumulative 500, 300, 500, 100, 500. The high of 500 is reached again on 02-01, so the fall
    // to 100 is measured from 02-01: drawdown 0, 200, 0, 400, 0. Max 400 = 80 % of 500, trough
    // 02-10; 02-20 is back at exactly 500: the recovery.
    assert.deepEqual(await analytics(u, 'drawdown'), {
      max_drawdown: 400,
      max_drawdown_pct: 80,
      peak_date: '2025-02-01',
      trough_date: '2025-02-10',
      recovery_date: '2025-02-20',
      series: [
        { date: '2025-01-10', cumulative: 500, drawdown: 0 },
        { date: '2025-01-20', cumulative: 300, drawdown: 200 },
        { date: '2025-02-01', cumulative: 500, drawdown: 0 },
        { date: '2025-02-10', cumulative: 100, drawdown: 400 },
        { date: '2025-02-20', cumulative: 500, drawdown: 0 },
      ],
      nav_drawdown: NAV_FLAT,
    })
  })

  it('an empty portfolio → empty series, zero total and no drawdown', async () => {
    const u = await t.newTenant()
    assert.deepEqual(await analytics(u, 'cumulative-pnl'), { items: [], total: 0 })
    assert.deepEqual(await analytics(u, 'drawdown'), {
      max_drawdown: 0,
      max_drawdown_pct: null,
      peak_date: null,
      trough_date: null,
      recovery_date: null,
      series: [],
      // Today's nav is 0: no positive peak, no ratio.
      nav_drawdown: { ...NAV_FLAT, max_drawdown: null },
    })
  })

  it('account_id and account_ids select accounts (their union when both are given)', async () => {
    const u = await t.newTenant()
    const a1 = await createManualAccount(u, 'One')
    const a2 = await createManualAccount(u, 'Two')
    await sale(u, a1, '2025-01-05', 1000)
    await sale(u, a1, '2025-03-05', -400)
    await sale(u, a2, '2024-12-01', 50)
    await sale(u, a2, '2025-02-05', -300)
    await sale(u, a2, '2025-03-05', 100)
    const curve = (b: Body) => (b.items as Body[]).map((i) => [i.date, i.cumulative])
    const dd = (b: Body) => [b.max_drawdown, b.max_drawdown_pct, b.peak_date, b.trough_date, b.recovery_date]

    // All: 12-01 50, 01-05 1,050, 02-05 750, 03-05 450 (−400 + 100 merged).
    const all = [
      ['2024-12-01', 50],
      ['2025-01-05', 1050],
      ['2025-02-05', 750],
      ['2025-03-05', 450],
    ]
    assert.deepEqual(curve(await analytics(u, 'cumulative-pnl')), all)
    assert.deepEqual(curve(await analytics(u, 'cumulative-pnl', `?account_ids=${a1},${a2}`)), all)
    assert.deepEqual(curve(await analytics(u, 'cumulative-pnl', `?account_id=${a1}&account_ids=${a2}`)), all)
    // Max 600 from 1,050 (01-05) to 450 (03-05): 600 / 1,050 = 57.142… % → 57.14.
    assert.deepEqual(dd(await analytics(u, 'drawdown')), [600, 57.14, '2025-01-05', '2025-03-05', null])

    // One: 1,000 then 600 → max 400 from 1,000 = 40 %.
    const one = await analytics(u, 'cumulative-pnl', `?account_id=${a1}`)
    assert.deepEqual(curve(one), [
      ['2025-01-05', 1000],
      ['2025-03-05', 600],
    ])
    assert.equal(one.total, 600)
    assert.deepEqual(dd(await analytics(u, 'drawdown', `?account_id=${a1}`)), [
      400,
      40,
      '2025-01-05',
      '2025-03-05',
      null,
    ])

    // Two: 50, −250, −150 → max 300 from the peak 50 (2024-12-01) = 600 %.
    const two = await analytics(u, 'cumulative-pnl', `?account_ids=${a2}`)
    assert.deepEqual(curve(two), [
      ['2024-12-01', 50],
      ['2025-02-05', -250],
      ['2025-03-05', -150],
    ])
    assert.deepEqual(dd(await analytics(u, 'drawdown', `?account_ids=${a2}`)), [
      300,
      600,
      '2024-12-01',
      '2025-02-05',
      null,
    ])
    // Two in 2025 only: −300, −200 → a loss from the start: max 300, no peak date, no %.
    assert.deepEqual(dd(await analytics(u, 'drawdown', `?account_id=${a2}&year=2025`)), [
      300,
      null,
      null,
      '2025-02-05',
      null,
    ])

    // The other routes take the same filter.
    assert.deepEqual(await analytics(u, 'date-range', `?account_ids=${a2}`), {
      min_date: '2024-12-01',
      max_date: '2025-03-05',
      trade_count: 3,
    })
    const pnl = await analytics(u, 'pnl', `?period=yearly&account_id=${a1}`)
    assert.deepEqual(pnl.items, [{ period: '2025', pnl: 600, trades: 2 }])
  })
})

describe('aum', () => {
  it('current = net capital + unrealized + realized year to date, to the cent; one point per snapshot date and today', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const owner = await ownerInvestor(u)
    await addFlow(u, owner, '2025-01-02', 10_000)
    await addFlow(u, owner, '2025-03-01', -2_500)
    await sale(u, acct, '2024-08-01', 700)
    await sale(u, acct, '2025-02-01', 300)
    await sale(u, acct, '2025-05-01', -50)
    // Undated: not in any realized figure.
    await sale(u, acct, 'N/A', 10_000)
    await sale(u, acct, '2024-13-01', 10_000)

    // A holding posted on 2025-02-15 is snapshotted at book price: no unrealized P&L yet.
    const res = await u.post('/api/brokers/manual/positions', {
      account_id: acct,
      symbol: 'VTI',
      quantity: 10,
      cost_basis: 1000,
      as_of: '2025-02-15',
    })
    assert.equal(res.statusCode, 201, res.body)
    const atBook = await analytics(u, 'aum')
    // Today: capital 10,000 − 2,500 = 7,500; unrealized 0; 2025 realized 300 − 50 = 250 → 7,750.
    // nav counts all realized P&L, 700 + 300 − 50 = 950 → 8,450; the holding is worth its cost at
    // book price (1,000), so the implied cash is 8,450 − 1,000 = 7,450.
    assert.deepEqual(atBook.current, {
      net_capital: 7500,
      unrealized: 0,
      realized_ytd: 250,
      total_aum: 7750,
      nav: 8450,
      income: 0,
      market_value: 1000,
      implied_cash: 7450,
      as_of: TODAY,
    })

    // Market prices: VTI 112.555 → 1,125.55 against a cost of 1,000 = +125.55 on 2025-02-15, and
    // an older VTI snapshot on 2024-12-31 at a loss of 40.10 (cost 800, worth 759.90).
    await snapshot(u, acct, '2025-02-15', {
      costBasis: 1000,
      price: 112.555,
      marketValue: 1125.55,
      unrealized: 125.55,
    })
    await snapshot(u, acct, '2024-12-31', {
      costBasis: 800,
      price: 75.99,
      marketValue: 759.9,
      unrealized: -40.1,
    })

    const aum = await analytics(u, 'aum')
    // 7,500 + 125.55 + 250 = 7,875.55. nav: 7,500 + 125.55 + 950 = 8,575.55; worth 1,125.55 in
    // VTI, so 8,575.55 − 1,125.55 = 7,450 is implied cash.
    assert.deepEqual(aum.current, {
      net_capital: 7500,
      unrealized: 125.55,
      realized_ytd: 250,
      total_aum: 7875.55,
      nav: 8575.55,
      income: 0,
      market_value: 1125.55,
      implied_cash: 7450,
      as_of: TODAY,
    })
    const point = (date: string, capital: number, unrealized: number, ytd: number, total: number) => ({
      date,
      net_capital: capital,
      unrealized,
      realized_ytd: ytd,
      total_aum: total,
    })
    assert.deepEqual(aum.history, [
      // No capital yet; −40.10 unrealized; 2024 realized 700 → 659.90. nav the same (all realized
      // is 700 too); VTI worth 759.90 → implied cash 659.90 − 759.90 = −100 (the 800 paid for it,
      // with no capital flow recorded, less the 700 realized).
      {
        ...point('2024-12-31', 0, -40.1, 700, 659.9),
        nav: 659.9,
        income: 0,
        market_value: 759.9,
        implied_cash: -100,
      },
      // The +10,000 of 01-02; the year-to-date figure restarts in 2025: 300 → 10,425.55, down from the
      // 2024 figure by its 700 — but nav = 10,000 + 125.55 + 700 + 300 = 11,125.55 moved by exactly
      // +10,000 capital, +165.65 unrealized and +300 realized; worth 1,125.55 → cash 10,000.
      {
        ...point('2025-02-15', 10000, 125.55, 300, 10425.55),
        nav: 11125.55,
        income: 0,
        market_value: 1125.55,
        implied_cash: 10000,
      },
      {
        ...point(TODAY, 7500, 125.55, 250, 7875.55),
        nav: 8575.55,
        income: 0,
        market_value: 1125.55,
        implied_cash: 7450,
      },
    ])
    for (const p of aum.history as Body[]) {
      assert.equal(cents(p.total_aum), cents(p.net_capital) + cents(p.unrealized) + cents(p.realized_ytd))
      assert.equal(cents(p.nav), cents(p.market_value) + cents(p.implied_cash))
    }
  })

  it('a snapshot dated today is a single point; realized year to date is 0 before any sale of the year', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const owner = await ownerInvestor(u)
    await addFlow(u, owner, '2024-05-01', 0.1)
    await addFlow(u, owner, TODAY, 0.2)
    await sale(u, acct, '2024-08-01', 99)
    await snapshot(u, acct, TODAY, { costBasis: 100, price: 10.001, marketValue: 100.01, unrealized: 0.01 })
    // Capital 0.10 + 0.20 (the flow of today counts today) = 0.30; unrealized 0.01;
    // nothing sold in 2025 → 0.31. nav adds the 99 of 2024: 99.31; worth 100.01 → cash −0.70.
    const aum = await analytics(u, 'aum')
    const today = { net_capital: 0.3, unrealized: 0.01, realized_ytd: 0, total_aum: 0.31 }
    const reconciled = { nav: 99.31, income: 0, market_value: 100.01, implied_cash: -0.7 }
    assert.deepEqual(aum.history, [{ date: TODAY, ...today, ...reconciled }])
    assert.deepEqual(aum.current, { ...today, ...reconciled, as_of: TODAY })
  })

  it('unrealized P&L of two accounts snapshotted on different days adds up', async () => {
    const u = await t.newTenant()
    const a1 = await createManualAccount(u, 'One')
    const a2 = await createManualAccount(u, 'Two')
    // One holding per account, each still held today (GET positions lists both as latest).
    await snapshot(
      u,
      a1,
      '2025-01-10',
      { costBasis: 1000, price: 110, marketValue: 1100, unrealized: 100 },
      'AAPL',
    )
    await snapshot(
      u,
      a2,
      '2025-02-10',
      { costBasis: 1000, price: 105, marketValue: 1050, unrealized: 50 },
      'MSFT',
    )
    const positions = await u.get('/api/brokers/manual/positions')
    assert.equal((json(positions.body).items as Body[]).length, 2)
    // Each account alone: 100 and 50.
    assert.equal((await analytics(u, 'aum', `?account_id=${a1}`)).current.unrealized, 100)
    assert.equal((await analytics(u, 'aum', `?account_id=${a2}`)).current.unrealized, 50)
    // Both: 100 + 50 = 150 today (and on 2025-02-10, when both were already held).
    const both = await analytics(u, 'aum')
    assert.equal(both.current.unrealized, 150)
    assert.equal(both.current.total_aum, 150)
    assert.deepEqual(
      (both.history as Body[]).map((p) => [p.date, p.unrealized]),
      [
        ['2025-01-10', 100],
        ['2025-02-10', 150],
        [TODAY, 150],
      ],
    )
  })

  it('an empty tenant → zeros as of today', async () => {
    const u = await t.newTenant()
    const zero = { net_capital: 0, unrealized: 0, realized_ytd: 0, total_aum: 0 }
    const none = { nav: 0, income: 0, market_value: 0, implied_cash: 0 }
    assert.deepEqual(await analytics(u, 'aum'), {
      current: { ...zero, ...none, as_of: TODAY },
      history: [{ date: TODAY, ...zero, ...none }],
    })
  })
})

describe('yoy', () => {
  it('realized P&L per year against the calendar year before; year-end AUM from the last point of a year', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const owner = await ownerInvestor(u)
    await sale(u, acct, '2019-05-01', 400)
    await sale(u, acct, '2021-03-01', 1000)
    await sale(u, acct, '2022-03-01', 1500)
    await sale(u, acct, '2023-02-01', 200)
    await sale(u, acct, '2023-09-01', -200)
    await sale(u, acct, '2024-04-01', -300)
    await sale(u, acct, '2025-04-01', 150)
    await sale(u, acct, 'N/A', 999)
    await addFlow(u, owner, '2024-01-02', 10_000)
    await snapshot(u, acct, '2024-06-30', { costBasis: 1000, price: 110, marketValue: 1100, unrealized: 100 })
    await snapshot(u, acct, '2024-12-31', { costBasis: 1000, price: 150, marketValue: 1500, unrealized: 500 })

    /*
     * Year-end AUM (capital + unrealized + realized year to date) at the last point of the year:
     *   2024-12-31: 10,000 + 500 − 300 = 10,200   (the 2024-06-30 point is not the last of 2024)
     *   today 2025-06-30: 10,000 + 500 (the last snapshot) + 150 = 10,650
     * Growth = (this − prior) / |prior| × 100, 2 decimals:
     *   2019 400     no 2018 → null
     *   2021 1,000   no 2020 → null
     *   2022 1,500   (1,500 − 1,000) / 1,000 = 50
     *   2023 0       (+200 − 200) → (0 − 1,500) / 1,500 = −100
     *   2024 −300    prior 0 → null;               AUM: 2023 has none → null
     *   2025 150     (150 + 300) / 300 = 150;       AUM: (10,650 − 10,200) / 10,200 = 4.4117… → 4.41
     */
    assert.deepEqual(await analytics(u, 'yoy'), {
      items: [
        { year: 2019, realized_pnl: 400, year_end_aum: null, pnl_growth_pct: null, aum_growth_pct: null },
        { year: 2021, realized_pnl: 1000, year_end_aum: null, pnl_growth_pct: null, aum_growth_pct: null },
        { year: 2022, realized_pnl: 1500, year_end_aum: null, pnl_growth_pct: 50, aum_growth_pct: null },
        { year: 2023, realized_pnl: 0, year_end_aum: null, pnl_growth_pct: -100, aum_growth_pct: null },
        { year: 2024, realized_pnl: -300, year_end_aum: 10200, pnl_growth_pct: null, aum_growth_pct: null },
        { year: 2025, realized_pnl: 150, year_end_aum: 10650, pnl_growth_pct: 150, aum_growth_pct: 4.41 },
      ],
    })
  })

  it('an empty tenant has only the current year, at zero', async () => {
    const u = await t.newTenant()
    assert.deepEqual(await analytics(u, 'yoy'), {
      items: [{ year: 2025, realized_pnl: 0, year_end_aum: 0, pnl_growth_pct: null, aum_growth_pct: null }],
    })
  })
})

describe('investor-allocation', () => {
  it('the investment club by unit accounting, not by net contributions', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u, 'Club')
    const a = await ownerInvestor(u)
    const b = await addInvestor(u, 'Bea')
    const c = await addInvestor(u, 'Cal')
    const ownerName = (json((await u.get('/api/investors')).body).items as Body[])[0]!.name as string

    /*
     * NAV for units = capital + unrealized + all realized P&L to date, everything dated strictly
     * before the flow's date.
     *   2023-12-01  A +10,000, B +5,000; no units yet → 1.00 per unit: A 10,000, B 5,000 units.
     *   realized +1,000 on 2023-12-15; snapshot 2024-02-29 unrealized +2,000
     *   2024-03-01  NAV 15,000 + 2,000 + 1,000 = 18,000 over 15,000 units = 1.20 per unit;
     *               C +6,000 → 5,000 units. Total 20,000. (The 1,000 was realized in 2023: a
     *               year-to-date figure would miss it.)
     *   realized +2,600 on 2024-05-15; snapshot 2024-05-31 unrealized +3,000
     *   2024-06-01  NAV 21,000 + 3,000 + (1,000 + 2,600) = 27,600 → 1.38 per unit;
     *               A −2,760 → 2,000 units redeemed; A 8,000, total 18,000. The snapshot dated
     *               2024-06-01 itself (unrealized +3,500) is not "before" the flow.
     *   realized +2,160 on 2025-03-10; snapshot 2025-06-27 unrealized +6,000
     *   today       NAV 18,240 + 6,000 + (3,600 + 2,160) = 30,000 → 1.666667 per unit.
     *     A 8,000 units: 44.4444 %, 13,333.333…, net 10,000 − 2,760 = 7,240
     *     B 5,000 units: 27.7778 %,  8,333.333…, net 5,000
     *     C 5,000 units: 27.7778 %,  8,333.333…, net 6,000
     *   In cents adding up to the NAV: 3 × ⅓ cent left over is one cent, to the first of the equal
     *   remainders → A 13,333.34 (gain 6,093.34), B 8,333.33 (gain 3,333.33), C 8,333.33 (2,333.33).
     * (The AUM total today uses realized year to date instead: 18,240 + 6,000 + 2,160 = 26,400.)
     * An undated +5,000 trade counts nowhere.
     */
    await addFlow(u, a, '2023-12-01', 10_000)
    await addFlow(u, b, '2023-12-01', 5_000)
    await sale(u, acct, '2023-12-15', 1_000)
    await snapshot(u, acct, '2024-02-29', {
      costBasis: 15_000,
      price: 1700,
      marketValue: 17_000,
      unrealized: 2_000,
    })
    await addFlow(u, c, '2024-03-01', 6_000)
    await sale(u, acct, '2024-05-15', 2_600)
    await snapshot(u, acct, '2024-05-31', {
      costBasis: 20_000,
      price: 2300,
      marketValue: 23_000,
      unrealized: 3_000,
    })
    await addFlow(u, a, '2024-06-01', -2_760)
    await snapshot(u, acct, '2024-06-01', {
      costBasis: 20_000,
      price: 2350,
      marketValue: 23_500,
      unrealized: 3_500,
    })
    await sale(u, acct, '2025-03-10', 2_160)
    await snapshot(u, acct, '2025-06-27', {
      costBasis: 18_000,
      price: 2400,
      marketValue: 24_000,
      unrealized: 6_000,
    })
    await sale(u, acct, 'N/A', 5_000)

    const alloc = await analytics(u, 'investor-allocation')
    assert.deepEqual(alloc, {
      as_of: TODAY,
      nav: 30000,
      nav_per_unit: 1.666667,
      total_units: 18000,
      items: [
        {
          investor_id: a,
          name: ownerName,
          units: 8000,
          share_pct: 44.4444,
          value: 13333.34,
          net_contributed: 7240,
          gain: 6093.34,
        },
        {
          investor_id: b,
          name: 'Bea',
          units: 5000,
          share_pct: 27.7778,
          value: 8333.33,
          net_contributed: 5000,
          gain: 3333.33,
        },
        {
          investor_id: c,
          name: 'Cal',
          units: 5000,
          share_pct: 27.7778,
          value: 8333.33,
          net_contributed: 6000,
          gain: 2333.33,
        },
      ],
    })
    assert.equal((await analytics(u, 'aum')).current.total_aum, 26400)

    // A naive split by net contributions (7,240 + 5,000 + 6,000 = 18,240) would give
    // A 39.69 %, B 27.41 %, C 32.89 %: C, who bought in at 1.20, would take part of A's and B's gains.
    const items = alloc.items as Body[]
    const naive = [39.69, 27.41, 32.89]
    assert.notDeepEqual(
      items.map((i) => Math.round(i.share_pct * 100) / 100),
      naive,
    )
    assert.ok(items[2]!.share_pct < naive[2]! - 5, 'C holds well under the naive 32.89 %')
    assert.ok(items[0]!.share_pct > naive[0]! + 4, 'A holds well over the naive 39.69 %')
  })

  it('realized P&L dated before a flow prices its units even without a snapshot in between', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const a = await ownerInvestor(u)
    const b = await addInvestor(u, 'Bea')
    /*
     * 2024-01-01 A +1,000 → 1,000 units at 1.00.
     * 2024-02-01 sold at +500 (no snapshot anywhere).
     * 2024-03-01 NAV 1,000 + 500 = 1,500 → 1.50 per unit; B +1,500 → 1,000 units. Total 2,000.
     * Today NAV 2,500 + 500 = 3,000 → 1.50 per unit: A 1,500 (gain 500), B 1,500 (gain 0), 50 % each.
     * Pricing B at 1.00 would give B 1,500 units, 60 %, 1,800, gain 300 — A's gain moved to B.
     */
    await addFlow(u, a, '2024-01-01', 1_000)
    await sale(u, acct, '2024-02-01', 500)
    await addFlow(u, b, '2024-03-01', 1_500)
    const alloc = await analytics(u, 'investor-allocation')
    assert.equal(alloc.nav, 3000)
    assert.equal(alloc.total_units, 2000)
    assert.equal(alloc.nav_per_unit, 1.5)
    assert.deepEqual(
      (alloc.items as Body[]).map((i) => [i.investor_id, i.units, i.share_pct, i.value, i.gain]),
      [
        [a, 1000, 50, 1500, 500],
        [b, 1000, 50, 1500, 0],
      ],
    )
  })

  it('no capital flows → no items and no units', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    await addInvestor(u, 'Bea')
    await sale(u, acct, '2025-01-10', 250)
    // NAV is still reported: 0 capital + 0 unrealized + 250 realized.
    assert.deepEqual(await analytics(u, 'investor-allocation'), {
      as_of: TODAY,
      nav: 250,
      nav_per_unit: null,
      total_units: 0,
      items: [],
    })
  })

  it('a withdrawal larger than the holding → 409 analytics.inconsistent_capital_flows', async () => {
    const u = await t.newTenant()
    const a = await ownerInvestor(u)
    const b = await addInvestor(u, 'Bea')
    // 2024-01-01 A and B +1,000 each at 1.00; 2024-02-01 NAV 2,000 over 2,000 units = 1.00:
    // B's 1,000 units are worth 1,000, so −1,500 is more than B holds.
    await addFlow(u, a, '2024-01-01', 1_000)
    await addFlow(u, b, '2024-01-01', 1_000)
    await addFlow(u, b, '2024-02-01', -1_500)
    assertProblem(
      await u.get('/api/analytics/investor-allocation'),
      409,
      'analytics.inconsistent_capital_flows',
    )
  })
})

describe('access', () => {
  it("another tenant's account → 404 accounts.not_found on every route, alone or among own accounts", async () => {
    const owner = await t.newTenant()
    const other = await t.newTenant()
    const theirs = await createManualAccount(owner)
    await sale(owner, theirs, '2025-01-05', 100)
    const mine = await createManualAccount(other)
    for (const route of ROUTES) {
      assertProblem(
        await other.get(`/api/analytics/${route}?account_id=${theirs}`),
        404,
        'accounts.not_found',
      )
      assertProblem(
        await other.get(`/api/analytics/${route}?account_ids=${mine},${theirs}`),
        404,
        'accounts.not_found',
      )
      assertProblem(
        await other.get(`/api/analytics/${route}?account_id=999999999`),
        404,
        'accounts.not_found',
      )
      // The own account alone is fine.
      await analytics(other, route, `?account_id=${mine}`)
    }
  })

  it('tenant_id of another tenant: 403 auth.tenant_forbidden for a user, 200 for an admin, on every route', async () => {
    const owner = await t.newTenant()
    const other = await t.newTenant()
    const admin = await t.newTenant({ role: 'admin' })
    const acct = await createManualAccount(owner)
    await sale(owner, acct, '2025-01-05', 100)
    for (const route of ROUTES) {
      assertProblem(
        await other.get(`/api/analytics/${route}?tenant_id=${owner.tenantId}`),
        403,
        'auth.tenant_forbidden',
      )
      // Even with one's own account named, another tenant stays forbidden.
      assertProblem(
        await other.get(`/api/analytics/${route}?tenant_id=${owner.tenantId}&account_id=${acct}`),
        403,
        'auth.tenant_forbidden',
      )
      await analytics(admin, route, `?tenant_id=${owner.tenantId}`)
    }
    // What the admin reads is the owner's data: the 100 sold on 2025-01-05.
    assert.equal((await analytics(admin, 'cumulative-pnl', `?tenant_id=${owner.tenantId}`)).total, 100)
    assert.equal((await analytics(admin, 'cumulative-pnl')).total, 0)
  })

  it('no credentials → 401 on every route', async () => {
    for (const route of ROUTES) {
      assertProblem(await t.anon.get(`/api/analytics/${route}`), 401, 'auth.unauthenticated')
    }
  })
})
