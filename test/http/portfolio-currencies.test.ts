/**
 * Portfolio figures across currencies: a USD and a EUR account with known euro fixings (a fixed
 * FX provider), every figure converted by hand in the comments — first into USD, then, after the
 * tenant switches its base currency, into EUR; and an account in a currency without rates, which
 * is left out and reported, never counted at 1. The app clock is 2025-03-10 16:00 in New York.
 *
 * Fixings (USD per 1 EUR): 03-03 1.05, 03-05 1.08, 03-07 1.10, 03-10 1.12; a day without one takes
 * the last before it (03-04 → 1.05, 03-06 → 1.08, 03-08 and 03-09 → 1.10).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { recordActivities } from '../../src/modules/portfolio/activities/record.service.ts'
import { json, type Body } from '../helpers/assertions.ts'
import { fixedFx } from '../helpers/fx.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const fx = fixedFx([
  { date: '2025-03-03', rates: { USD: '1.05' } },
  { date: '2025-03-05', rates: { USD: '1.08' } },
  { date: '2025-03-07', rates: { USD: '1.1' } },
  { date: '2025-03-10', rates: { USD: '1.12' } },
])
const t = useTestApp({ clock: fixedClock('2025-03-10T20:00:00Z'), providers: { fx } })

async function get(u: Client, path: string): Promise<Body> {
  const res = await u.get(path)
  assert.equal(res.statusCode, 200, `${path}: ${res.body}`)
  return json(res.body)
}

async function post(u: Client, path: string, body: unknown): Promise<Body> {
  const res = await u.post(path, body)
  assert.equal(res.statusCode, 201, `${path}: ${res.body}`)
  return json(res.body)
}

async function account(u: Client, name: string, currency: string): Promise<number> {
  return (await post(u, '/api/accounts', { name, broker_type: 'manual', currency })).id as number
}

/** A deposit into the account, in its currency: the owner's capital flow. */
async function deposit(u: Client, accountId: number, date: string, amount: string, currency: string) {
  await t.c.scopes.withTenant(u.tenantId, (s) =>
    recordActivities(
      s,
      accountId,
      [
        {
          type: 'DEPOSIT',
          activity_date: date,
          symbol: null,
          quantity: null,
          price: null,
          amount,
          fee: '0',
          currency,
          source: 'manual',
          source_id: `dep-${accountId}-${date}`,
          note: null,
        },
      ],
      u.userId,
    ),
  )
}

/** 10 VTI held on `date`, priced in the database (in the account's currency). */
async function holding(u: Client, accountId: number, date: string, price: number, unrealized: number) {
  await post(u, '/api/brokers/manual/positions', {
    account_id: accountId,
    symbol: 'VTI',
    quantity: 10,
    cost_basis: 10 * price - unrealized,
    as_of: date,
  })
  await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .updateTable('portfolio_snapshot')
      .set({ price: String(price), market_value: String(price * 10), unrealized_pl: String(unrealized) })
      .where('account_id', '=', accountId)
      .where('snapshot_date', '=', date)
      .execute(),
  )
}

/** A closed trade sold on `date` with exactly `gain` of the account's currency. */
async function sale(u: Client, accountId: number, date: string, gain: number) {
  await post(u, '/api/brokers/manual/transactions', {
    account_id: accountId,
    symbol: 'AAPL',
    quantity: 1,
    date_acquired: '2025-01-02',
    date_sold: date,
    proceeds: 1000 + gain,
    cost_basis: 1000,
  })
}

/*
 * USD account: 10,000 deposited 03-03; 10 VTI at 850 on 03-04 (unrealized 500); a sale +50 on 03-07.
 * EUR account: 5,000 EUR deposited 03-03; 10 VTI at 450 EUR on 03-05 (unrealized 200 EUR); a sale
 * +100 EUR on 03-06.
 */
async function twoCurrencies(): Promise<Client> {
  const u = await t.newTenant()
  const usd = await account(u, 'US broker', 'USD')
  const eur = await account(u, 'EU broker', 'EUR')
  await deposit(u, usd, '2025-03-03', '10000', 'USD')
  await deposit(u, eur, '2025-03-03', '5000', 'EUR')
  await holding(u, usd, '2025-03-04', 850, 500)
  await holding(u, eur, '2025-03-05', 450, 200)
  await sale(u, eur, '2025-03-06', 100)
  await sale(u, usd, '2025-03-07', 50)
  return u
}

const point = (p: Body) => [
  p.date,
  p.net_capital,
  p.unrealized,
  p.market_value,
  p.realized_ytd,
  p.nav,
  p.implied_cash,
]

describe('a USD and a EUR account', () => {
  it('in USD: flows and realized P&L at their date’s rate, levels at each point’s date', async () => {
    const u = await twoCurrencies()
    // capital: 10,000 + 5,000 × 1.05 (03-03) = 15,250 on every point.
    // 03-04: unrealized 500, market value 8,500 (the EUR account holds nothing yet); nav 15,750.
    // 03-05: unrealized 500 + 200 × 1.08 = 716; market value 8,500 + 4,500 × 1.08 = 13,360; nav
    //        15,250 + 716 = 15,966; implied cash 15,966 − 13,360 = 2,606.
    // 03-10: unrealized 500 + 200 × 1.12 = 724; market value 8,500 + 4,500 × 1.12 = 13,540; realized
    //        100 × 1.08 (03-06) + 50 = 158; nav 15,250 + 724 + 158 = 16,132; cash 16,132 − 13,540 = 2,592.
    const aum = await get(u, '/api/analytics/aum')
    assert.equal(aum.currency, 'USD')
    assert.equal(aum.degraded, undefined)
    assert.deepEqual(aum.history.map(point), [
      ['2025-03-04', 15250, 500, 8500, 0, 15750, 7250],
      ['2025-03-05', 15250, 716, 13360, 0, 15966, 2606],
      ['2025-03-10', 15250, 724, 13540, 158, 16132, 2592],
    ])
    assert.equal(aum.current.total_aum, 16132)

    const pnl = await get(u, '/api/analytics/pnl?period=daily')
    assert.deepEqual(
      [pnl.currency, pnl.items, pnl.total],
      [
        'USD',
        [
          { period: '2025-03-06', pnl: 108, trades: 1 },
          { period: '2025-03-07', pnl: 50, trades: 1 },
        ],
        158,
      ],
    )
    const cum = await get(u, '/api/analytics/cumulative-pnl')
    assert.deepEqual(
      cum.items.map((i: Body) => i.cumulative),
      [108, 158],
    )
    // One investor (the owner): 15,250 units at 1.00, worth the nav.
    const alloc = await get(u, '/api/analytics/investor-allocation')
    assert.deepEqual(
      [alloc.currency, alloc.nav, alloc.total_units, alloc.items[0].value],
      ['USD', 16132, 15250, 16132],
    )
    const yoy = await get(u, '/api/analytics/yoy')
    assert.deepEqual(
      [yoy.currency, yoy.items[0].realized_pnl, yoy.items[0].year_end_aum],
      ['USD', 158, 16132],
    )
    const dd = await get(u, '/api/analytics/drawdown')
    assert.deepEqual([dd.currency, dd.nav_drawdown.max_drawdown], ['USD', 0])
  })

  it('in EUR after the tenant switches: the same rows at the inverse rates', async () => {
    const u = await twoCurrencies()
    const put = await u.put('/api/tenant/base-currency', { base_currency: 'EUR' })
    assert.equal(put.statusCode, 200, put.body)
    // USD → EUR = 1 ÷ (USD per EUR), to 10 places: 1/1.05 = 0.9523809524, 1/1.08 = 0.9259259259,
    // 1/1.1 = 0.9090909091, 1/1.12 = 0.8928571429. Each flow and level is rounded to cents.
    // capital: 10,000 × 0.9523809524 = 9,523.809524 → 9,523.81, + 5,000 = 14,523.81.
    // 03-04: unrealized 500 × 0.9523809524 = 476.19; market value 8,500 × 0.9523809524 = 8,095.24;
    //        nav 14,523.81 + 476.19 = 15,000.00; cash 15,000 − 8,095.24 = 6,904.76.
    // 03-05: unrealized 500 × 0.9259259259 + 200 = 662.962962… → 662.96; market value
    //        8,500 × 0.9259259259 + 4,500 = 12,370.370370… → 12,370.37; nav 15,186.77; cash 2,816.40.
    // 03-10: unrealized 500 × 0.8928571429 + 200 = 646.428571… → 646.43; market value
    //        8,500 × 0.8928571429 + 4,500 = 12,089.285714… → 12,089.29; realized 100 (EUR, 03-06) +
    //        50 × 0.9090909091 (03-07) = 45.45 → 145.45; nav 14,523.81 + 646.43 + 145.45 = 15,315.69;
    //        cash 15,315.69 − 12,089.29 = 3,226.40.
    const aum = await get(u, '/api/analytics/aum')
    assert.equal(aum.currency, 'EUR')
    assert.deepEqual(aum.history.map(point), [
      ['2025-03-04', 14523.81, 476.19, 8095.24, 0, 15000, 6904.76],
      ['2025-03-05', 14523.81, 662.96, 12370.37, 0, 15186.77, 2816.4],
      ['2025-03-10', 14523.81, 646.43, 12089.29, 145.45, 15315.69, 3226.4],
    ])
    const pnl = await get(u, '/api/analytics/pnl?period=monthly')
    assert.deepEqual(
      [pnl.currency, pnl.items, pnl.total],
      ['EUR', [{ period: '2025-03', pnl: 145.45, trades: 2 }], 145.45],
    )
    const alloc = await get(u, '/api/analytics/investor-allocation')
    assert.deepEqual([alloc.currency, alloc.nav], ['EUR', 15315.69])
  })

  it('an account in a currency without rates is left out and reported, never counted at 1', async () => {
    const u = await t.newTenant()
    const usd = await account(u, 'US broker', 'USD')
    const gbp = await account(u, 'UK broker', 'GBP')
    await deposit(u, usd, '2025-03-03', '10000', 'USD')
    await deposit(u, gbp, '2025-03-04', '1000', 'GBP')
    await sale(u, gbp, '2025-03-06', 20)
    const aum = await get(u, '/api/analytics/aum')
    assert.deepEqual([aum.current.net_capital, aum.current.realized_ytd], [10000, 0])
    assert.equal(aum.degraded, true)
    assert.deepEqual(aum.missing_rates, [
      { currency: 'GBP', first_date: '2025-03-04', last_date: '2025-03-06', days: 2 },
    ])
    const pnl = await get(u, '/api/analytics/pnl')
    assert.deepEqual([pnl.total, pnl.degraded, pnl.missing_rates[0].currency], [0, true, 'GBP'])
  })
})
