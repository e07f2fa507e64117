/** POST /api/market/refresh: today's snapshots priced from market data, and degradation. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { SimulatedMarketData, type Quote } from '../../src/providers/market-data/index.ts'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'

// A market the test controls: fixed prices, or a failure.
const prices: Record<string, number> = { AAPL: 190.25, MSFT: 410.1 }
let failing = false
// The simulated market, with quotes the test controls: fixed prices, or a failure.
class TestMarket extends SimulatedMarketData {
  override async quotes(symbols: string[]): Promise<Quote[]> {
    if (failing) throw new UpstreamServerError('down', { provider: 'test', status: 503 })
    return symbols
      .filter((s) => s in prices)
      .map((symbol): Quote => ({
        symbol,
        last: prices[symbol]!,
        bid: prices[symbol]!,
        ask: prices[symbol]!,
        volume: 1,
        previous_close: prices[symbol]!,
        change: 0,
        change_pct: 0,
        delayed: false,
        as_of: '2026-11-20T15:00:00Z',
      }))
  }
}
const market = new TestMarket({ clock: fixedClock('2026-11-20T15:00:00Z') })

let t: TestApp
before(async () => {
  t = await buildTestApp({ clock: fixedClock('2026-11-20T15:00:00Z'), providers: { market } })
})
after(() => t.close())

async function holdings(u: Client) {
  const account = json((await u.post('/api/accounts', { name: 'Main', broker_type: 'manual' })).body)
    .id as number
  await u.post('/api/brokers/manual/positions', {
    account_id: account,
    symbol: 'AAPL',
    quantity: 10,
    cost_basis: 1500,
    as_of: '2026-11-02',
  })
  await u.post('/api/brokers/manual/positions', {
    account_id: account,
    symbol: 'MSFT',
    quantity: 3,
    cost_basis: 1000,
    as_of: '2026-11-02',
  })
  await u.post('/api/brokers/manual/positions', {
    account_id: account,
    symbol: 'ZZZZ',
    quantity: 1,
    cost_basis: 5,
    as_of: '2026-11-02',
    allow_unlisted: true, // a private holding: no market price
  })
  return account
}

const snapshot = (u: Client, date: string) =>
  t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .selectFrom('portfolio_snapshot')
      .select(['symbol', 'quantity', 'price', 'market_value', 'unrealized_pl'])
      .where('snapshot_date', '=', date)
      .orderBy('symbol')
      .execute(),
  )

describe('market refresh', () => {
  it("prices every held symbol and writes today's snapshot (New York date)", async () => {
    const u = await t.newTenant()
    await holdings(u)
    const res = await u.post('/api/market/refresh')
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.equal(body.as_of, '2026-11-20')
    assert.equal(body.updated, 2)
    assert.deepEqual(body.prices, [
      { symbol: 'AAPL', price: 190.25 },
      { symbol: 'MSFT', price: 410.1 },
    ])
    assert.deepEqual(body.missing, ['ZZZZ'])
    assert.equal(body.degraded, false)
    // 10 × 190.25 = 1902.50, − 1500 = 402.50; 3 × 410.10 = 1230.30, − 1000 = 230.30
    assert.deepEqual(await snapshot(u, '2026-11-20'), [
      {
        symbol: 'AAPL',
        quantity: '10.00000000',
        price: '190.250000',
        market_value: '1902.5000',
        unrealized_pl: '402.5000',
      },
      {
        symbol: 'MSFT',
        quantity: '3.00000000',
        price: '410.100000',
        market_value: '1230.3000',
        unrealized_pl: '230.3000',
      },
    ])
    // AUM's unrealized is the latest snapshot's: 402.50 + 230.30 = 632.80
    assert.equal(json((await u.get('/api/analytics/aum')).body).current.unrealized, 632.8)
  })

  it('refreshes only the symbols asked for; unknown ones are reported missing', async () => {
    const u = await t.newTenant()
    await holdings(u)
    const body = json((await u.post('/api/market/refresh?symbols=msft,NVDA')).body)
    assert.equal(body.updated, 1)
    assert.deepEqual(body.prices, [{ symbol: 'MSFT', price: 410.1 }])
    assert.deepEqual(body.missing, ['NVDA'])
    assert.deepEqual(
      (await snapshot(u, '2026-11-20')).map((r) => r.symbol),
      ['MSFT'],
    )
  })

  it('a market-data failure answers degraded and writes nothing', async () => {
    const u = await t.newTenant()
    await holdings(u)
    failing = true
    try {
      const res = await u.post('/api/market/refresh')
      assert.equal(res.statusCode, 200)
      assert.equal(json(res.body).degraded, true)
      assert.match(json(res.body).reason, /unavailable/)
      assert.deepEqual(await snapshot(u, '2026-11-20'), [])
    } finally {
      failing = false
    }
  })

  it('only the caller’s holdings; an empty portfolio updates nothing; bad symbols → 422', async () => {
    const a = await t.newTenant()
    const b = await t.newTenant()
    await holdings(a)
    assert.equal(json((await b.post('/api/market/refresh')).body).updated, 0)
    assert.deepEqual(await snapshot(a, '2026-11-20'), [])
    const bad = await a.post('/api/market/refresh?symbols=AAPL,,X')
    assert.equal(bad.statusCode, 422)
    assert.equal((await t.anon.post('/api/market/refresh')).statusCode, 401)
  })
})
