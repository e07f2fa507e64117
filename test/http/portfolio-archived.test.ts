/**
 * Archived accounts in the portfolio's own figures: an account closed (or its broker disconnected)
 * counts on days strictly before the New York date it was archived on, and not from that day on.
 * The analytics keep it in the history points before that date and leave it out of every point
 * from it (today's figures included); the market refresh no longer prices it; reopening it makes it
 * count again. Every figure below is worked out by hand in the comments.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json, type Body } from '../helpers/assertions.ts'

const NOW = '2026-11-24T17:00:00Z' // 12:00 in New York: today is 2026-11-24
const clock = fixedClock(NOW)
let t: TestApp
before(async () => {
  t = await buildTestApp({ clock })
})
after(async () => {
  await t?.close()
})

async function analytics(u: Client, route: string, query = ''): Promise<Body> {
  const res = await u.get(`/api/analytics/${route}${query}`)
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body)
}

/** A holding of 10 unlisted shares on `asOf` at book price, then its market value set in the DB. */
async function holding(
  u: Client,
  account: number,
  symbol: string,
  asOf: string,
  cost: number,
  value: number,
) {
  const res = await u.post('/api/brokers/manual/positions', {
    account_id: account,
    symbol,
    quantity: 10,
    cost_basis: cost,
    as_of: asOf,
    allow_unlisted: true,
  })
  assert.equal(res.statusCode, 201, res.body)
  await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .updateTable('portfolio_snapshot')
      .set({ price: String(value / 10), market_value: String(value), unrealized_pl: String(value - cost) })
      .where('account_id', '=', account)
      .where('symbol', '=', symbol)
      .where('snapshot_date', '=', asOf)
      .execute(),
  )
}

/** A closed trade of `account` sold on `sold` with a gain of `gain` dollars. */
async function sale(u: Client, account: number, sold: string, gain: number) {
  const res = await u.post('/api/brokers/manual/transactions', {
    account_id: account,
    symbol: 'AAPL',
    quantity: 1,
    date_acquired: '2026-01-02',
    date_sold: sold,
    proceeds: 1000 + gain,
    cost_basis: 1000,
  })
  assert.equal(res.statusCode, 201, res.body)
}

async function flow(u: Client, investor: number, account: number, date: string, amount: number) {
  const res = await u.post('/api/capital-flows', { investor_id: investor, account_id: account, date, amount })
  assert.equal(res.statusCode, 201, res.body)
}

async function owner(u: Client): Promise<number> {
  const items = json((await u.get('/api/investors')).body).items as Body[]
  return items.find((i) => i.is_owner)!.investor_id as number
}

/** PATCH the account's status with the clock at `at`; the clock goes back to NOW. */
async function setStatus(u: Client, account: number, status: 'closed' | 'active', at = NOW) {
  clock.set(at)
  try {
    const res = await u.patch(`/api/accounts/${account}`, { status })
    assert.equal(res.statusCode, 200, res.body)
    return json(res.body)
  } finally {
    clock.set(NOW)
  }
}

/**
 * Keep (K) and Gone (G), G closed on 2026-11-10 (15:00 New York):
 *   flows     K +10,000 and G +5,000 on 11-02; G +1,000 on 11-12 (after its archive date)
 *   holdings  K ZZK cost 9,000 worth 9,500 (unrealized 500); G ZZG cost 4,000 worth 4,300 (300), on 11-03
 *   sales     G +200 on 11-05, K +100 on 11-06, G +50 on 11-12 (after its archive date)
 */
async function portfolio(): Promise<{ u: Client; keep: number; gone: number; investor: number }> {
  const u = await t.newTenant()
  const keep = await createManualAccount(u, 'Keep')
  const gone = await createManualAccount(u, 'Gone')
  const investor = await owner(u)
  await flow(u, investor, keep, '2026-11-02', 10_000)
  await flow(u, investor, gone, '2026-11-02', 5_000)
  await flow(u, investor, gone, '2026-11-12', 1_000)
  await holding(u, keep, 'ZZK', '2026-11-03', 9_000, 9_500)
  await holding(u, gone, 'ZZG', '2026-11-03', 4_000, 4_300)
  await sale(u, gone, '2026-11-05', 200)
  await sale(u, keep, '2026-11-06', 100)
  await sale(u, gone, '2026-11-12', 50)
  const closed = await setStatus(u, gone, 'closed', '2026-11-10T20:00:00Z')
  assert.equal(closed.archived_at, '2026-11-10T20:00:00.000Z')
  return { u, keep, gone, investor }
}

const brief = (p: Body) => [p.date, p.net_capital, p.unrealized, p.realized_ytd, p.total_aum, p.market_value]

describe('archived accounts in the analytics', () => {
  it('AUM: in the points before the archive date, out of the archive date’s point and today’s', async () => {
    const { u, gone } = await portfolio()
    const aum = await analytics(u, 'aum')
    assert.deepEqual(aum.history.map(brief), [
      // both accounts: 15,000 + 800 + 0 = 15,800; market value 9,500 + 4,300
      ['2026-11-03', 15000, 800, 0, 15800, 13800],
      // G gone: K's 10,000 + 500 + its 100 realized on 11-06
      ['2026-11-10', 10000, 500, 100, 10600, 9500],
      ['2026-11-24', 10000, 500, 100, 10600, 9500],
    ])
    assert.deepEqual(
      [aum.current.as_of, aum.current.total_aum, aum.current.nav, aum.current.implied_cash],
      ['2026-11-24', 10600, 10600, 1100],
    )
    // One account asked for: the archived one has no current figure at all.
    const alone = await analytics(u, 'aum', `?account_id=${gone}`)
    assert.deepEqual(alone.history.map(brief), [
      ['2026-11-03', 5000, 300, 0, 5300, 4300],
      ['2026-11-10', 0, 0, 0, 0, 0],
      ['2026-11-24', 0, 0, 0, 0, 0],
    ])
  })

  it('realized P&L: a sale counts when it was made before the archive date; later ones never', async () => {
    const { u } = await portfolio()
    const pnl = await analytics(u, 'pnl')
    assert.deepEqual(
      pnl.items.map((i: Body) => [i.period, i.pnl]),
      [
        ['2026-11-05', 200],
        ['2026-11-06', 100],
      ],
    )
    assert.equal(pnl.total, 300)
    assert.equal((await analytics(u, 'cumulative-pnl')).total, 300)
    assert.deepEqual(await analytics(u, 'date-range'), {
      min_date: '2026-11-05',
      max_date: '2026-11-06',
      trade_count: 2,
    })
    const yoy = (await analytics(u, 'yoy')).items.find((i: Body) => i.year === 2026)
    assert.deepEqual([yoy.realized_pnl, yoy.year_end_aum], [300, 10600])
  })

  it('NAV drawdown falls at the archive date (the account’s value leaves); units: as if it never was', async () => {
    const { u, investor } = await portfolio()
    const dd = await analytics(u, 'drawdown')
    assert.deepEqual(
      [dd.nav_drawdown.peak_date, dd.nav_drawdown.trough_date, dd.nav_drawdown.amount],
      ['2026-11-03', '2026-11-10', 5200],
    )
    const alloc = await analytics(u, 'investor-allocation')
    // Only K's flow bought units now: 10,000 at 1.00; NAV 10,600 → 1.06 a unit.
    assert.deepEqual([alloc.nav, alloc.nav_per_unit, alloc.total_units], [10600, 1.06, 10000])
    assert.deepEqual(
      alloc.items.map((i: Body) => [i.investor_id, i.units, i.value, i.net_contributed, i.gain]),
      [[investor, 10000, 10600, 10000, 600]],
    )
  })

  it('reopening un-archives: the account counts again on every day', async () => {
    const { u, gone } = await portfolio()
    const reopened = await setStatus(u, gone, 'active')
    assert.equal(reopened.archived_at, null)
    const aum = await analytics(u, 'aum')
    // 16,000 of capital, 800 unrealized, 350 realized this year.
    assert.deepEqual(brief(aum.history.at(-1)), ['2026-11-24', 16000, 800, 350, 17150, 13800])
    assert.equal((await analytics(u, 'pnl')).total, 350)
  })
})

describe('archived accounts in the market refresh', () => {
  it('an archived account is not re-priced', async () => {
    const u = await t.newTenant()
    const keep = await createManualAccount(u, 'Keep')
    const gone = await createManualAccount(u, 'Gone')
    for (const [account, symbol] of [
      [keep, 'MSFT'],
      [gone, 'AAPL'],
    ] as const) {
      const res = await u.post('/api/brokers/manual/positions', {
        account_id: account,
        symbol,
        quantity: 1,
        cost_basis: 100,
      })
      assert.equal(res.statusCode, 201, res.body)
    }
    await setStatus(u, gone, 'closed')
    const res = await u.post('/api/market/refresh')
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.deepEqual([body.updated, body.prices.map((p: Body) => p.symbol)], [1, ['MSFT']])
    const rows = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('portfolio_snapshot')
        .select(['symbol', 'price'])
        .where('account_id', '=', gone)
        .execute(),
    )
    assert.deepEqual(
      rows.map((r) => [r.symbol, Number(r.price)]),
      [['AAPL', 100]],
    )
  })
})
