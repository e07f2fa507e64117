/**
 * GET /api/holdings and GET /api/analytics/allocation: current holdings priced at today's quote,
 * day change from the latest two closes, cash from the activities, weights of the total in the base
 * currency, every number hand-worked below.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import {
  activity,
  clock,
  fxState,
  providers,
  record,
  setBase,
  state,
} from './portfolio-valuation-fixtures.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers })
})
after(() => t.close())

const position = async (
  u: Client,
  account_id: number,
  symbol: string,
  quantity: number,
  cost_basis: number,
) => {
  const res = await u.post('/api/brokers/manual/positions', {
    account_id,
    symbol,
    quantity,
    cost_basis,
    as_of: '2026-11-02',
  })
  assert.equal(res.statusCode, 201, res.body)
}

/**
 * Main: 10 AAPL (cost 1500) and 20 SAP (cost 3900 EUR); cash: deposit 600 − fee 46.14 = 553.86 USD.
 * AAPL 10 × 190.25 = 1902.50 USD; SAP 20 × 210.40 = 4208.00 EUR × 1.08 = 4544.64 USD.
 * Total 1902.50 + 4544.64 + 553.86 = 7001.00 USD.
 */
async function portfolio(u: Client) {
  const main = await createManualAccount(u, 'Main')
  await position(u, main, 'AAPL', 10, 1500)
  await position(u, main, 'SAP', 20, 3900)
  await record(t, u.tenantId, u.userId, main, [
    activity({ type: 'DEPOSIT', amount: '600', activity_date: '2026-11-01' }),
    activity({ type: 'FEE', amount: '46.14', activity_date: '2026-11-03' }),
  ])
  return main
}

describe('GET /api/holdings', () => {
  it('prices, day change, unrealized P&L and weights of the total with cash, in the base currency', async () => {
    const u = await t.newTenant()
    const main = await portfolio(u)
    const res = await u.get('/api/holdings')
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.equal(body.base_currency, 'USD')
    assert.deepEqual(
      [body.holdings_value, body.cash_value, body.total_value, body.degraded],
      [6447.14, 553.86, 7001, false],
    )
    // Largest base value first: SAP 4544.64, then AAPL 1902.50.
    assert.deepEqual(body.items, [
      {
        account_id: main,
        account_name: 'Main',
        symbol: 'SAP',
        name: 'SAP SE',
        quantity: 20,
        price: 210.4,
        price_source: 'quote',
        currency: 'EUR',
        market_value: 4208,
        // 20 × (210.40 − 212.20) = −36; −1.8 / 212.2 = −0.848 %.
        day_change: -36,
        day_change_pct: -0.85,
        cost_basis: 3900,
        // 4208 − 3900 = 308 = 7.897 % of 3900.
        unrealized_pl: 308,
        unrealized_pl_pct: 7.9,
        // 4544.64 / 7001 = 64.91415 %.
        weight: 64.9141,
        market_value_base: 4544.64,
        // Held since 2 November at 1.08 as today: 308 × 1.08 = 332.64, all of it price.
        held_since: '2026-11-02',
        unrealized_pl_base: 332.64,
        price_effect: 332.64,
        currency_effect: 0,
        base_currency: 'USD',
      },
      {
        account_id: main,
        account_name: 'Main',
        symbol: 'AAPL',
        name: 'Apple Inc.',
        quantity: 10,
        price: 190.25,
        price_source: 'quote',
        currency: 'USD',
        market_value: 1902.5,
        // 10 × (190.25 − 187.50) = 27.50; 2.75 / 187.5 = 1.467 %.
        day_change: 27.5,
        day_change_pct: 1.47,
        cost_basis: 1500,
        unrealized_pl: 402.5,
        unrealized_pl_pct: 26.83,
        // 1902.50 / 7001 = 27.17469 %; with cash 553.86 / 7001 = 7.91115 %: 64.9141 + 27.1747 + 7.9112 = 100.
        weight: 27.1747,
        market_value_base: 1902.5,
        held_since: '2026-11-02',
        unrealized_pl_base: 402.5,
        price_effect: 402.5,
        currency_effect: 0,
        base_currency: 'USD',
      },
    ])
    assert.deepEqual([body.page, body.page_size, body.total, body.next_cursor], [1, 25, 2, null])
  })

  it('sorts and pages: by symbol ascending, one per page, the cursor leads on', async () => {
    const u = await t.newTenant()
    await portfolio(u)
    const first = json((await u.get('/api/holdings?sort=symbol&order=asc&limit=1')).body)
    assert.deepEqual(
      first.items.map((i: { symbol: string }) => i.symbol),
      ['AAPL'],
    )
    assert.equal(first.total_value, 7001, 'totals cover every page')
    const second = json(
      (await u.get(`/api/holdings?sort=symbol&order=asc&limit=1&cursor=${first.next_cursor}`)).body,
    )
    assert.deepEqual(
      second.items.map((i: { symbol: string }) => i.symbol),
      ['SAP'],
    )
    assert.equal(second.next_cursor, null)
  })

  it('splits a foreign holding’s P&L into price and currency effects from the day it was first held', async (tc) => {
    // EUR cost 1.05 USD on 15 October, 1.08 today. SAP: 20 × 210.40 = 4208 EUR = 4544.64 USD; cost
    // 3900 EUR at 1.05 = 4095.00 USD → P&L 449.64 USD = price 308 EUR × 1.05 = 323.40 + currency
    // 4208 × (1.08 − 1.05) = 126.24. AAPL is in USD: all price, no currency effect.
    fxState.usdOn['2026-10-15'] = '1.05'
    tc.after(() => delete fxState.usdOn['2026-10-15'])
    const u = await t.newTenant()
    const main = await createManualAccount(u, 'Main')
    for (const [symbol, quantity, cost_basis] of [
      ['SAP', 20, 3900],
      ['AAPL', 10, 1500],
    ] as const) {
      const res = await u.post('/api/brokers/manual/positions', {
        account_id: main,
        symbol,
        quantity,
        cost_basis,
        as_of: '2026-10-15',
      })
      assert.equal(res.statusCode, 201, res.body)
    }
    const body = json((await u.get('/api/holdings')).body)
    const pick = (symbol: string) => {
      const i = body.items.find((x: { symbol: string }) => x.symbol === symbol)
      return [i.held_since, i.unrealized_pl, i.unrealized_pl_base, i.price_effect, i.currency_effect]
    }
    assert.deepEqual(pick('SAP'), ['2026-10-15', 308, 449.64, 323.4, 126.24])
    assert.deepEqual(pick('AAPL'), ['2026-10-15', 402.5, 402.5, 402.5, 0])
  })

  it('converts into a EUR base: a USD holding at 1 / 1.08, a missing rate is degraded, never 1', async () => {
    const u = await t.newTenant()
    const main = await portfolio(u)
    await setBase(t, u.tenantId, 'EUR')
    await record(t, u.tenantId, u.userId, main, [
      activity({ type: 'DEPOSIT', amount: '100', currency: 'GBP', activity_date: '2026-11-04' }),
    ])
    const body = json((await u.get('/api/holdings')).body)
    // AAPL 1902.50 USD ÷ 1.08 = 1761.574… → 1761.57 EUR; SAP 4208.00 EUR; USD cash 553.86 ÷ 1.08 = 512.83.
    const aapl = body.items.find((i: { symbol: string }) => i.symbol === 'AAPL')
    assert.equal(aapl.market_value_base, 1761.57)
    assert.equal(body.base_currency, 'EUR')
    assert.deepEqual([body.holdings_value, body.cash_value], [5969.57, 512.83])
    // GBP has no rate: listed, left out of the totals, not counted at 1.
    assert.equal(body.degraded, true)
    assert.deepEqual(body.missing_rates, ['GBP'])
  })

  it('falls back to the snapshot price when quotes fail, and says so', async () => {
    const u = await t.newTenant()
    await portfolio(u)
    state.failing = true
    try {
      const body = json((await u.get('/api/holdings?sort=symbol&order=asc')).body)
      // The manual position's snapshot is at its book price: 1500 / 10 = 150; no closes: no day change.
      assert.deepEqual(
        [
          body.items[0].price,
          body.items[0].price_source,
          body.items[0].day_change,
          body.items[0].unrealized_pl,
        ],
        [150, 'snapshot', null, 0],
      )
      assert.deepEqual([body.degraded, body.stale_prices], [true, ['AAPL', 'SAP']])
    } finally {
      state.failing = false
    }
  })

  it('keeps tenants apart and leaves archived accounts out', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const main = await portfolio(u)
    const old = await createManualAccount(u, 'Old')
    await position(u, old, 'KO', 5, 250)
    await t.c.scopes.withTenant(u.tenantId, (s) =>
      s.db
        .updateTable('broker_account')
        .set({ archived_at: new Date('2026-11-10T15:00:00Z'), status: 'closed' })
        .where('id', '=', old)
        .execute(),
    )
    const mine = json((await u.get('/api/holdings')).body)
    assert.deepEqual(mine.items.map((i: { symbol: string }) => i.symbol).sort(), ['AAPL', 'SAP'])
    assert.equal(json((await other.get('/api/holdings')).body).items.length, 0)
    assert.equal((await other.get(`/api/holdings?account_id=${main}`)).statusCode, 404)
    assert.equal((await other.get(`/api/holdings?tenant_id=${u.tenantId}`)).statusCode, 403)
  })
})
