/**
 * GET /api/analytics/allocation: holdings plus cash in the base currency, grouped five ways, with
 * weights apportioned to add to exactly 100. Every figure is hand-worked below.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { activity, clock, providers, record } from './portfolio-valuation-fixtures.ts'

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
 * Main: AAPL 10 × 190.25 = 1902.50 USD; SAP 20 × 210.40 = 4208 EUR × 1.08 = 4544.64; cash 600 − 46.14
 * = 553.86 USD. Main = 7001.00.
 * Second: SPY (an ETF, no sector or country) 2 × 500 = 1000 USD; SHOP 3 × 100 = 300 CAD, and 1 CAD =
 * 1.08 / 1.5 = 0.72 USD → 216.00; cash 50 CAD → 36.00. Second = 1252.00. Total 8253.00.
 */
async function portfolio(u: Client) {
  const main = await createManualAccount(u, 'Main')
  await position(u, main, 'AAPL', 10, 1500)
  await position(u, main, 'SAP', 20, 3900)
  await record(t, u.tenantId, u.userId, main, [
    activity({ type: 'DEPOSIT', amount: '600', activity_date: '2026-11-01' }),
    activity({ type: 'FEE', amount: '46.14', activity_date: '2026-11-03' }),
  ])
  const second = await createManualAccount(u, 'Second')
  await position(u, second, 'SPY', 2, 900)
  await position(u, second, 'SHOP', 3, 240)
  await record(t, u.tenantId, u.userId, second, [
    activity({ type: 'DEPOSIT', amount: '50', currency: 'CAD', activity_date: '2026-11-01' }),
  ])
  return { main, second }
}

const items = async (u: Client, by: string) => {
  const res = await u.get(`/api/analytics/allocation?by=${by}`)
  assert.equal(res.statusCode, 200, res.body)
  const body = json(res.body)
  assert.equal(body.total_value, 8253)
  assert.equal(body.base_currency, 'USD')
  return body.items.map(
    (i: { key: string; label: string; value: number; weight: number; holdings: number }) => [
      i.label,
      i.value,
      i.weight,
      i.holdings,
    ],
  )
}

describe('GET /api/analytics/allocation', () => {
  it('groups by account, asset class, sector, country and currency; weights add to exactly 100', async () => {
    const u = await t.newTenant()
    await portfolio(u)
    // 7001 / 8253 = 84.82975…, 1252 / 8253 = 15.17024…: floors 84.8297 + 15.1702, the spare
    // 0.0001 to the larger remainder (0.5887 > 0.4112).
    assert.deepEqual(await items(u, 'account'), [
      ['Main', 7001, 84.8298, 2],
      ['Second', 1252, 15.1702, 2],
    ])
    // stock 1902.50 + 4544.64 + 216 = 6663.14 (80.73597…), etf 1000 (12.11680…), cash 589.86 (7.14721…).
    assert.deepEqual(await items(u, 'asset_class'), [
      ['stock', 6663.14, 80.736, 3],
      ['etf', 1000, 12.1168, 1],
      ['cash', 589.86, 7.1472, 0],
    ])
    assert.deepEqual(await items(u, 'sector'), [
      ['Technology', 6663.14, 80.736, 3],
      ['Funds', 1000, 12.1168, 1],
      ['Cash', 589.86, 7.1472, 0],
    ])
    // DE 55.06652…, US 23.05222…, Funds 12.11680…, Cash 7.14721…, CA 2.61723…: the spare unit goes
    // to CA (remainder 0.3009, the largest).
    assert.deepEqual(await items(u, 'country'), [
      ['DE', 4544.64, 55.0665, 1],
      ['US', 1902.5, 23.0522, 1],
      ['Funds', 1000, 12.1168, 1],
      ['Cash', 589.86, 7.1472, 0],
      ['CA', 216, 2.6173, 1],
    ])
    // EUR 4544.64; USD 1902.50 + 1000 + 553.86 = 3456.36 (41.88004…); CAD 216 + 36 = 252 (3.05343…).
    assert.deepEqual(await items(u, 'currency'), [
      ['EUR', 4544.64, 55.0665, 1],
      ['USD', 3456.36, 41.8801, 2],
      ['CAD', 252, 3.0534, 1],
    ])
  })

  it('scopes to accounts, refuses another tenant’s account and an unknown dimension', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const { second } = await portfolio(u)
    const one = json((await u.get(`/api/analytics/allocation?by=account&account_id=${second}`)).body)
    assert.deepEqual([one.total_value, one.items.length], [1252, 1])
    assert.equal((await other.get(`/api/analytics/allocation?account_id=${second}`)).statusCode, 404)
    assert.equal((await other.get(`/api/analytics/allocation?tenant_id=${u.tenantId}`)).statusCode, 403)
    assert.equal((await u.get('/api/analytics/allocation?by=planet')).statusCode, 422)
    const empty = json((await other.get('/api/analytics/allocation')).body)
    assert.deepEqual([empty.total_value, empty.items], [0, []])
  })
})
