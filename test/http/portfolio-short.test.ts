/**
 * Long, short and flat holdings against hand-worked figures. A short's cost_basis is
 * the proceeds received: unrealized = cost_basis − |quantity| × price; flat holdings count 0.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import {
  SimulatedMarketData,
  type Bar,
  type BarsQuery,
  type Quote,
} from '../../src/providers/market-data/index.ts'
import { json } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'

const prices: Record<string, number> = { SPY: 746.13, AAPL: 190.25, MSFT: 410.1 }
/** Quotes from `prices`; no daily closes, so back-dated holdings are written at their book price. */
class TestMarket extends SimulatedMarketData {
  override async bars(symbol: string, query: BarsQuery): Promise<Bar[]> {
    return query.interval === '1d' ? [] : super.bars(symbol, query)
  }

  override async quotes(symbols: string[]): Promise<Quote[]> {
    return symbols
      .filter((s) => s in prices)
      .map((symbol): Quote => {
        const p = prices[symbol]!
        return {
          symbol,
          last: p,
          bid: p,
          ask: p,
          volume: 1,
          previous_close: p,
          change: 0,
          change_pct: 0,
          delayed: false,
          as_of: '2026-11-20T15:00:00Z',
        }
      })
  }
}
const clock = fixedClock('2026-11-20T15:00:00Z')

let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers: { market: new TestMarket({ clock }) } })
})
after(() => t.close())

async function hold(u: Client, account: number, symbol: string, quantity: number, cost_basis: number) {
  const res = await u.post('/api/brokers/manual/positions', {
    account_id: account,
    symbol,
    quantity,
    cost_basis,
    as_of: '2026-11-02',
  })
  assert.equal(res.statusCode, 201, res.body)
}

const snapshots = (u: Client) =>
  t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .selectFrom('portfolio_snapshot')
      .select(['snapshot_date', 'symbol', 'price', 'market_value', 'unrealized_pl'])
      .orderBy('snapshot_date')
      .orderBy('symbol')
      .execute(),
  )

const aum = async (u: Client) => json((await u.get('/api/analytics/aum')).body)

describe('short, long and flat holdings', () => {
  it('a short sold for 2,500 at 746.13 is −1,230.65 unrealized; long and flat as worked by hand', async () => {
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    await hold(u, account, 'SPY', -5, 2500) // short: proceeds received 2,500
    await hold(u, account, 'AAPL', 10, 1500) // long: paid 1,500
    await hold(u, account, 'MSFT', 0, 300) // flat: nothing held, nothing unrealized

    // At book price nothing is unrealized; the short is worth −2,500 (a liability), the flat 0.
    assert.deepEqual(await snapshots(u), [
      {
        snapshot_date: '2026-11-02',
        symbol: 'AAPL',
        price: '150.000000',
        market_value: '1500.0000',
        unrealized_pl: '0.0000',
      },
      {
        snapshot_date: '2026-11-02',
        symbol: 'MSFT',
        price: '0.000000',
        market_value: '0.0000',
        unrealized_pl: '0.0000',
      },
      {
        snapshot_date: '2026-11-02',
        symbol: 'SPY',
        price: '500.000000',
        market_value: '-2500.0000',
        unrealized_pl: '0.0000',
      },
    ])
    assert.equal((await aum(u)).current.unrealized, 0)

    assert.equal((await u.post('/api/market/refresh')).statusCode, 200)
    // SPY: −5 × 746.13 = −3,730.65; 2,500 − 3,730.65 = −1,230.65.
    // AAPL: 10 × 190.25 = 1,902.50; − 1,500 = 402.50. MSFT flat: not priced, stays 0.
    const today = (await snapshots(u)).filter((r) => r.snapshot_date === '2026-11-20')
    assert.deepEqual(today, [
      {
        snapshot_date: '2026-11-20',
        symbol: 'AAPL',
        price: '190.250000',
        market_value: '1902.5000',
        unrealized_pl: '402.5000',
      },
      {
        snapshot_date: '2026-11-20',
        symbol: 'SPY',
        price: '746.130000',
        market_value: '-3730.6500',
        unrealized_pl: '-1230.6500',
      },
    ])
    // AUM: unrealized −1,230.65 + 402.50 + 0 = −828.15; no capital, no realized trades. Market value
    // −3,730.65 + 1,902.50 = −1,828.15; the cash implied is the short's 2,500 less the 1,500 paid.
    const a = await aum(u)
    assert.deepEqual(
      { ...a.current, as_of: undefined },
      {
        net_capital: 0,
        unrealized: -828.15,
        realized_ytd: 0,
        total_aum: -828.15,
        nav: -828.15,
        income: 0,
        market_value: -1828.15,
        implied_cash: 1000,
        as_of: undefined,
      },
    )
    assert.deepEqual(
      a.history.map((p: { date: string; unrealized: number }) => [p.date, p.unrealized]),
      [
        ['2026-11-02', 0],
        ['2026-11-20', -828.15],
      ],
    )
  })

  it('editing a priced short revalues it at the day’s price with the short rule', async () => {
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    await hold(u, account, 'SPY', -5, 2500)
    assert.equal((await u.post('/api/market/refresh')).statusCode, 200)
    // Cover 2 of the 5 shares today: −3 short for 1,500 received; −3 × 746.13 = −2,238.39.
    const res = await u.post('/api/brokers/manual/positions', {
      account_id: account,
      symbol: 'SPY',
      quantity: -3,
      cost_basis: 1500,
      as_of: '2026-11-20',
    })
    assert.equal(res.statusCode, 201, res.body)
    const today = (await snapshots(u)).filter((r) => r.snapshot_date === '2026-11-20')
    assert.deepEqual(today, [
      {
        snapshot_date: '2026-11-20',
        symbol: 'SPY',
        price: '746.130000',
        market_value: '-2238.3900',
        unrealized_pl: '-738.3900',
      },
    ])
    assert.equal((await aum(u)).current.unrealized, -738.39)
  })
})
