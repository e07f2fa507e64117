/**
 * GET /api/analytics/income: dividends, interest and tax withheld from the ledger, each at its own
 * day's rate into the base currency, per period; the trailing twelve months and their yields; the
 * coming ex-dividend and pay dates of the held symbols. Every figure is hand-worked below.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import {
  activity,
  announced,
  clock,
  fxState,
  providers,
  record,
  state,
} from './portfolio-valuation-fixtures.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers })
  // On 2026-05-15 one EUR is 1.10 USD (1.08 on every other day).
  fxState.usdOn['2026-05-15'] = '1.10'
  announced.push(
    { symbol: 'KO', ex_date: '2026-11-27', pay_date: '2026-12-11', amount: 0.51, currency: 'USD' },
    // Ex-date past, paid within the window: still coming.
    { symbol: 'SAP', ex_date: '2026-10-01', pay_date: '2026-11-25', amount: 2.2, currency: 'EUR' },
    // Past entirely, beyond the 90 days (today + 90 = 2027-02-18), or not held: not listed.
    { symbol: 'SAP', ex_date: '2026-08-01', pay_date: '2026-08-15', amount: 2.2, currency: 'EUR' },
    { symbol: 'KO', ex_date: '2027-03-02', pay_date: '2027-03-16', amount: 0.51, currency: 'USD' },
    { symbol: 'AAPL', ex_date: '2026-11-23', pay_date: '2026-11-30', amount: 0.26, currency: 'USD' },
  )
})
after(() => t.close())

/**
 * Main holds 100 KO (cost 5000 USD, at 60 = 6000) and 20 SAP (cost 3900 EUR, at 210.40 = 4208 EUR;
 * at today's 1.08: cost 4212 USD, value 4544.64 USD). Income:
 *   2025-03-14 KO dividend 48.50 (fee 0.25), tax 7.28
 *   2025-12-12 KO dividend 48.50, tax 7.28
 *   2026-05-15 SAP dividend 44 EUR × 1.10 = 48.40 USD, tax 11 EUR × 1.10 = 12.10 USD
 *   2026-06-30 interest 12.34
 *   2026-07-01 a GBP dividend: no GBP rate, left out (degraded)
 */
async function portfolio(u: Client) {
  const main = await createManualAccount(u, 'Main')
  for (const [symbol, quantity, cost_basis] of [
    ['KO', 100, 5000],
    ['SAP', 20, 3900],
  ] as const) {
    const res = await u.post('/api/brokers/manual/positions', {
      account_id: main,
      symbol,
      quantity,
      cost_basis,
      as_of: '2026-11-02',
    })
    assert.equal(res.statusCode, 201, res.body)
  }
  const ko = { symbol: 'KO' }
  await record(t, u.tenantId, u.userId, main, [
    activity({ type: 'DIVIDEND', ...ko, amount: '48.5', fee: '0.25', activity_date: '2025-03-14' }),
    activity({ type: 'TAX', ...ko, amount: '7.28', activity_date: '2025-03-14' }),
    activity({ type: 'DIVIDEND', ...ko, amount: '48.5', activity_date: '2025-12-12' }),
    activity({ type: 'TAX', ...ko, amount: '7.28', activity_date: '2025-12-12' }),
    activity({ type: 'DIVIDEND', symbol: 'SAP', amount: '44', currency: 'EUR', activity_date: '2026-05-15' }),
    activity({ type: 'TAX', symbol: 'SAP', amount: '11', currency: 'EUR', activity_date: '2026-05-15' }),
    activity({ type: 'INTEREST', amount: '12.34', activity_date: '2026-06-30' }),
    activity({ type: 'DIVIDEND', symbol: 'KO', amount: '10', currency: 'GBP', activity_date: '2026-07-01' }),
  ])
  return main
}

const sums = (o: Record<string, number>) => [o.dividends, o.interest, o.gross, o.tax, o.fees, o.net]

describe('GET /api/analytics/income', () => {
  it('sums a year by month at each day’s rate, with the trailing year, its yields and what is coming', async () => {
    const u = await t.newTenant()
    await portfolio(u)
    const res = await u.get('/api/analytics/income?year=2026&by=month')
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.deepEqual([body.base_currency, body.degraded, body.missing_rates], ['USD', true, ['GBP']])
    assert.equal(body.items.length, 12)
    // May: 48.40 − 12.10 = 36.30; June: interest 12.34.
    assert.deepEqual(sums(body.items[4]), [48.4, 0, 48.4, 12.1, 0, 36.3])
    assert.deepEqual(sums(body.items[5]), [0, 12.34, 12.34, 0, 0, 12.34])
    assert.deepEqual(sums(body.items[6]), [0, 0, 0, 0, 0, 0], 'the GBP dividend is not counted at 1')
    // 2026: 48.40 + 12.34 = 60.74 gross, − 12.10 = 48.64 net.
    assert.deepEqual(sums(body.totals), [48.4, 12.34, 60.74, 12.1, 0, 48.64])

    // TTM 2025-11-21 … 2026-11-20: KO 48.50 (tax 7.28), SAP 48.40 (tax 12.10), interest 12.34;
    // gross 109.24, tax 19.38, net 89.86. Cost 5000 + 4212 = 9212; value 6000 + 4544.64 = 10544.64.
    // Yield on cost 109.24 / 9212 = 1.1858 % → 1.19; on value 109.24 / 10544.64 = 1.0360 % → 1.04.
    const ttm = body.ttm
    assert.deepEqual([ttm.from, ttm.to], ['2025-11-21', '2026-11-20'])
    assert.deepEqual(sums(ttm), [96.9, 12.34, 109.24, 19.38, 0, 89.86])
    assert.deepEqual(
      [ttm.cost_basis, ttm.market_value, ttm.yield_on_cost, ttm.yield_on_value],
      [9212, 10544.64, 1.19, 1.04],
    )
    assert.deepEqual(
      ttm.by_symbol.map((s: Record<string, number | null>) => [s.symbol, s.gross, s.tax, s.net]),
      [
        ['KO', 48.5, 7.28, 41.22],
        ['SAP', 48.4, 12.1, 36.3],
        [null, 12.34, 0, 12.34],
      ],
    )
    // SAP: 20 × 2.20 = 44 EUR × 1.08 = 47.52 USD; KO: 100 × 0.51 = 51.
    assert.deepEqual(body.upcoming, [
      {
        symbol: 'SAP',
        ex_date: '2026-10-01',
        pay_date: '2026-11-25',
        amount_per_share: 2.2,
        currency: 'EUR',
        shares: 20,
        expected_amount: 44,
        expected_amount_base: 47.52,
      },
      {
        symbol: 'KO',
        ex_date: '2026-11-27',
        pay_date: '2026-12-11',
        amount_per_share: 0.51,
        currency: 'USD',
        shares: 100,
        expected_amount: 51,
        expected_amount_base: 51,
      },
    ])
  })

  it('by year without a year: each year with income', async () => {
    const u = await t.newTenant()
    await portfolio(u)
    const body = json((await u.get('/api/analytics/income?by=year')).body)
    // 2025: 97.00 dividends, tax 14.56, fees 0.25, net 82.19.
    assert.deepEqual(
      body.items.map((i: Record<string, number>) => [i.period, ...sums(i)]),
      [
        ['2025', 97, 0, 97, 14.56, 0.25, 82.19],
        ['2026', 48.4, 12.34, 60.74, 12.1, 0, 48.64],
      ],
    )
    assert.deepEqual(sums(body.totals), [145.4, 12.34, 157.74, 26.66, 0.25, 130.83])
  })

  it('says when the dividend calendar is unavailable, and counts an archived account up to its archive date', async () => {
    const u = await t.newTenant()
    const main = await portfolio(u)
    // Archived on 2026-06-01 (New York): the 2026-05-15 SAP dividend counts, the 2026-06-30 interest
    // does not, and its holdings leave the yields and the coming dividends.
    await t.c.scopes.withTenant(u.tenantId, (s) =>
      s.db
        .updateTable('broker_account')
        .set({ archived_at: new Date('2026-06-01T16:00:00Z'), status: 'closed' })
        .where('id', '=', main)
        .execute(),
    )
    const body = json((await u.get('/api/analytics/income?year=2026&by=year')).body)
    assert.deepEqual(sums(body.items[0]), [48.4, 0, 48.4, 12.1, 0, 36.3])
    assert.deepEqual([body.ttm.cost_basis, body.ttm.yield_on_cost, body.upcoming], [0, null, []])
    state.dividendsDown = true
    try {
      const live = await portfolio(u)
      const down = json((await u.get(`/api/analytics/income?account_id=${live}`)).body)
      assert.deepEqual([down.degraded, down.upcoming_unavailable, down.upcoming], [true, true, []])
    } finally {
      state.dividendsDown = false
    }
  })

  it('keeps tenants apart and validates its query', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const main = await portfolio(u)
    assert.equal((await other.get(`/api/analytics/income?account_id=${main}`)).statusCode, 404)
    assert.equal((await other.get(`/api/analytics/income?tenant_id=${u.tenantId}`)).statusCode, 403)
    const empty = json((await other.get('/api/analytics/income?by=year')).body)
    assert.deepEqual(
      [empty.items, empty.totals.gross, empty.ttm.yield_on_cost, empty.upcoming],
      [[], 0, null, []],
    )
    assert.equal((await u.get('/api/analytics/income?by=week')).statusCode, 422)
    assert.equal((await u.get('/api/analytics/income?year=99')).statusCode, 422)
  })
})
