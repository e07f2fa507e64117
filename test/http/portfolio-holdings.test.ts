/** portfolio.holdings.latest: what other modules (trading intelligence) read as "what the tenant holds". */
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { NoClosesMarket } from '../helpers/portfolio.ts'
import { systemClock } from '../../src/platform/clock.ts'

let t: TestApp
before(async () => {
  // No daily closes: back-dated holdings stay at their book price (market value = cost).
  t = await buildTestApp({ providers: { market: new NoClosesMarket({ clock: systemClock }) } })
})
after(() => t.close())

const account = async (u: Client, name: string) =>
  json((await u.post('/api/accounts', { name, broker_type: 'manual' })).body).id as number

async function position(u: Client, account_id: number, symbol: string, quantity: number, cost_basis: number) {
  const res = await u.post('/api/brokers/manual/positions', {
    account_id,
    symbol,
    quantity,
    cost_basis,
    as_of: '2026-11-02',
  })
  assert.equal(res.statusCode, 201, res.body)
}

it('sums each account’s latest holdings per symbol, largest market value first, flat ones left out', async () => {
  const u = await t.newTenant()
  const a = await account(u, 'One')
  const b = await account(u, 'Two')
  await position(u, a, 'MSFT', 3, 1000) // new rows are priced at book: market value = cost
  await position(u, a, 'AAPL', 10, 1500)
  await position(u, b, 'AAPL', 5, 800)
  await position(u, b, 'NVDA', 0, 0) // flat
  const all = await t.c.portfolio.holdings.latest(u.tenantId)
  assert.deepEqual(all, [
    { symbol: 'AAPL', quantity: 15, market_value: 2300 },
    { symbol: 'MSFT', quantity: 3, market_value: 1000 },
  ])
  assert.deepEqual(await t.c.portfolio.holdings.latest(u.tenantId, { accountId: b }), [
    { symbol: 'AAPL', quantity: 5, market_value: 800 },
  ])
  assert.deepEqual(
    (await t.c.portfolio.holdings.latest(u.tenantId, { limit: 1 })).map((h) => h.symbol),
    ['AAPL'],
  )
})

it('is empty for a tenant with no holdings, and refuses another tenant’s account as not found', async () => {
  const owner = await t.newTenant()
  const other = await t.newTenant()
  const a = await account(owner, 'Mine')
  await position(owner, a, 'AAPL', 1, 100)
  assert.deepEqual(await t.c.portfolio.holdings.latest(other.tenantId), [])
  await assert.rejects(t.c.portfolio.holdings.latest(other.tenantId, { accountId: a }), {
    code: 'accounts.not_found',
  })
})

it('lists the tenants that hold something, for scheduled jobs', async () => {
  const holder = await t.newTenant()
  const empty = await t.newTenant()
  await position(holder, await account(holder, 'H'), 'AAPL', 2, 300)
  await account(empty, 'E')
  const tenants = await t.c.portfolio.holdings.tenantsWithHoldings('test: holders')
  assert.ok(tenants.includes(holder.tenantId))
  assert.ok(!tenants.includes(empty.tenantId))
})

it('holdings recorded on different days in one account all count (the latest row of each symbol)', async () => {
  const u = await t.newTenant()
  const a = await account(u, 'Dated')
  const put = async (symbol: string, quantity: number, cost_basis: number, as_of: string) => {
    const res = await u.post('/api/brokers/manual/positions', {
      account_id: a,
      symbol,
      quantity,
      cost_basis,
      as_of,
    })
    assert.equal(res.statusCode, 201, res.body)
  }
  await put('MSFT', 3, 1000, '2026-11-10')
  await put('AAPL', 10, 1500, '2026-11-02') // recorded after, dated before
  await put('NVDA', 2, 900, '2026-11-20')
  assert.deepEqual(await t.c.portfolio.holdings.latest(u.tenantId), [
    { symbol: 'AAPL', quantity: 10, market_value: 1500 },
    { symbol: 'MSFT', quantity: 3, market_value: 1000 },
    { symbol: 'NVDA', quantity: 2, market_value: 900 },
  ])
})
