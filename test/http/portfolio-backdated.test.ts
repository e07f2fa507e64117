/**
 * A back-dated manual holding is priced when it is written, at the close of its date from market
 * data: the AUM's unrealized P&L and market value move at once, without a market refresh. Today's
 * holdings, and symbols the market has no close for, keep their book price (no unrealized P&L).
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { nyDate } from '../../src/kernel/calendar/nyse.ts'
import { fixedClock } from '../../src/platform/clock.ts'
import { SimulatedMarketData } from '../../src/providers/market-data/index.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json, type Body } from '../helpers/assertions.ts'

const clock = fixedClock('2026-11-24T17:00:00Z') // Tuesday 12:00 in New York
const market = new SimulatedMarketData({ clock })
let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
})
after(async () => {
  await t?.close()
})

/** The simulated market's daily close of `symbol` on the New York date `date`, read apart from the app. */
async function closeOf(symbol: string, date: string): Promise<number> {
  const bars = await market.bars(symbol, {
    interval: '1d',
    start: new Date(`${date}T00:00:00Z`),
    end: new Date(`${date}T23:59:59Z`),
  })
  const bar = bars.find((b) => nyDate(new Date(b.time)) === date)
  assert.ok(bar, `no ${symbol} bar on ${date}`)
  return bar.close
}

async function position(u: Client, body: Body) {
  const res = await u.post('/api/brokers/manual/positions', body)
  assert.equal(res.statusCode, 201, res.body)
  return json(res.body)
}

async function aum(u: Client): Promise<Body> {
  const res = await u.get('/api/analytics/aum')
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body).current
}

/** quantity × (close − cost / quantity) = quantity × close − cost, in cents (prices have at most 6 decimals). */
const unrealizedCents = (quantity: number, close: number, cost: number) =>
  Math.round((Math.round(quantity * close * 1e6) - cost * 1e6) / 1e4)

describe('a back-dated manual position', () => {
  it('is priced at its date’s close at once: AUM unrealized = qty × (close − cost/qty)', async () => {
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    const close = await closeOf('AAPL', '2026-11-10')
    await position(u, {
      account_id: account,
      symbol: 'AAPL',
      quantity: 10,
      cost_basis: 1000,
      as_of: '2026-11-10',
    })
    const current = await aum(u)
    const expected = unrealizedCents(10, close, 1000)
    assert.notEqual(expected, 0)
    assert.equal(Math.round(current.unrealized * 100), expected)
    assert.equal(Math.round(current.market_value * 100), Math.round(10 * close * 100))
    assert.equal(current.as_of, '2026-11-24')
  })

  it('a weekend date takes the Friday close; a PATCH of the date re-prices it', async () => {
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    const friday = await closeOf('MSFT', '2026-11-13')
    const p = await position(u, {
      account_id: account,
      symbol: 'MSFT',
      quantity: 4,
      cost_basis: 1500,
      as_of: '2026-11-15', // Sunday
    })
    assert.equal(Math.round((await aum(u)).unrealized * 100), unrealizedCents(4, friday, 1500))
    const wednesday = await closeOf('MSFT', '2026-11-18')
    const res = await u.patch(`/api/brokers/manual/positions/${p.position_id}`, { as_of: '2026-11-18' })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(Math.round((await aum(u)).unrealized * 100), unrealizedCents(4, wednesday, 1500))
  })

  it('today’s holding and a symbol without a close keep the book price (no unrealized P&L)', async () => {
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    await position(u, { account_id: account, symbol: 'AAPL', quantity: 10, cost_basis: 1000 })
    await position(u, {
      account_id: account,
      symbol: 'ZZPRIV',
      quantity: 5,
      cost_basis: 700,
      as_of: '2026-11-10',
      allow_unlisted: true,
    })
    const current = await aum(u)
    assert.deepEqual([current.unrealized, current.market_value], [0, 1700])
  })
})
