/**
 * A manual account's holdings and realized trades derived from its activities: snapshot rows per
 * day the holding changes, lots matched FIFO or at average cost, recomputed after every edit and
 * delete; a sale without shares refused; positions and activities never share a symbol.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'

const t = useTestApp({ clock: fixedClock('2026-11-24T17:00:00Z') })
// A private holding: no market data, so rows are priced at the day's trade price.
const SYM = 'PRIVCO'

async function add(u: Client, body: Record<string, unknown>): Promise<Body> {
  const res = await u.post('/api/activities', { symbol: SYM, allow_unlisted: true, ...body })
  assert.equal(res.statusCode, 201, res.body)
  return json(res.body)
}

async function snapshots(u: Client, accountId: number) {
  const rows = await t.c.scopes.withTenant(u.tenantId, (s) =>
    s.db
      .selectFrom('portfolio_snapshot')
      .select(['snapshot_date', 'quantity', 'cost_basis', 'price', 'market_value'])
      .where('account_id', '=', accountId)
      .orderBy('snapshot_date')
      .execute(),
  )
  return rows.map((r) => [
    r.snapshot_date,
    Number(r.quantity),
    Number(r.cost_basis),
    Number(r.price),
    Number(r.market_value),
  ])
}

async function trades(u: Client, accountId: number) {
  const res = await u.get(`/api/brokers/manual/transactions?account_id=${accountId}`)
  assert.equal(res.statusCode, 200, res.body)
  return (json(res.body).items as Body[])
    .map((x) => [x.quantity, x.date_acquired, x.date_sold, x.proceeds, x.cost_basis, x.fees, x.gain_loss])
    .reverse()
}

async function buysAndSale(u: Client, acct: number) {
  await add(u, { account_id: acct, type: 'BUY', date: '2026-01-02', quantity: 10, price: 100, fee: 1 })
  await add(u, { account_id: acct, type: 'BUY', date: '2026-01-05', quantity: 10, price: 120 })
  return add(u, { account_id: acct, type: 'SELL', date: '2026-02-02', quantity: 15, price: 130, fee: 2 })
}

describe('holdings derived from activities', () => {
  it('FIFO: a row per day the holding changes, and the closed lots as realized trades', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    await buysAndSale(u, acct)
    assert.deepEqual(await snapshots(u, acct), [
      ['2026-01-02', 10, 1001, 100, 1000],
      ['2026-01-05', 20, 2201, 120, 2400],
      ['2026-02-02', 5, 600, 130, 650],
    ])
    // Sale 1,950 for 15: 1,300 for the first lot's 10 (cost 1,001), 650 for 5 of the second (600).
    assert.deepEqual(await trades(u, acct), [
      [10, '2026-01-02', '2026-02-02', 1300, 1001, 1.33, 297.67],
      [5, '2026-01-05', '2026-02-02', 650, 600, 0.67, 49.33],
    ])
  })

  it('average cost when the account says so, and everything follows an edit and a delete', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    assert.equal((await u.patch(`/api/accounts/${acct}`, { cost_method: 'average' })).statusCode, 200)
    const sale = await buysAndSale(u, acct)
    // Pooled: 2,201 / 20 = 110.05 a share.
    assert.deepEqual(await trades(u, acct), [
      [10, '2026-01-02', '2026-02-02', 1300, 1100.5, 1.33, 198.17],
      [5, '2026-01-05', '2026-02-02', 650, 550.25, 0.67, 99.08],
    ])
    const edited = await u.patch(`/api/activities/${sale.activity_id as number}`, { quantity: 5 })
    assert.equal(edited.statusCode, 200, edited.body)
    assert.equal(json(edited.body).amount, 650)
    // The fee (2) stays with the smaller sale: 650 − 550.25 − 2.
    assert.deepEqual(await trades(u, acct), [[5, '2026-01-02', '2026-02-02', 650, 550.25, 2, 97.75]])
    assert.deepEqual((await snapshots(u, acct)).at(-1), ['2026-02-02', 15, 1650.75, 130, 1950])
    assert.equal((await u.delete(`/api/activities/${sale.activity_id as number}`)).statusCode, 204)
    assert.deepEqual(await trades(u, acct), [])
    assert.deepEqual(
      (await snapshots(u, acct)).map((r) => r[0]),
      ['2026-01-02', '2026-01-05'],
    )
  })

  it('a split multiplies the shares; a sale of more than is held is refused and writes nothing', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    await add(u, { account_id: acct, type: 'BUY', date: '2026-03-02', quantity: 10, price: 100 })
    await add(u, { account_id: acct, type: 'SPLIT', date: '2026-03-10', quantity: 4 })
    assert.deepEqual((await snapshots(u, acct)).at(-1), ['2026-03-10', 40, 1000, 25, 1000])
    const over = await u.post('/api/activities', {
      account_id: acct,
      type: 'SELL',
      date: '2026-03-11',
      symbol: SYM,
      quantity: 41,
      price: 30,
      allow_unlisted: true,
    })
    assertProblem(over, 422, 'activities.oversold')
    assert.equal(json((await u.get(`/api/activities?account_id=${acct}`)).body).items.length, 2)
    await add(u, { account_id: acct, type: 'SELL', date: '2026-03-11', quantity: 20, price: 30 })
    assert.deepEqual(await trades(u, acct), [[20, '2026-03-02', '2026-03-11', 600, 500, 0, 100]])
  })

  it('a symbol is kept either as positions or by activities, not both (409 each way)', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    await add(u, { account_id: acct, type: 'BUY', date: '2026-03-02', quantity: 1, price: 10 })
    const pos = await u.post('/api/brokers/manual/positions', {
      account_id: acct,
      symbol: SYM,
      quantity: 1,
      cost_basis: 10,
      allow_unlisted: true,
    })
    assertProblem(pos, 409, 'positions.kept_by_activities')
    const other = await createManualAccount(u, 'Other')
    const held = await u.post('/api/brokers/manual/positions', {
      account_id: other,
      symbol: 'AAPL',
      quantity: 1,
      cost_basis: 10,
    })
    assert.equal(held.statusCode, 201, held.body)
    const buy = await u.post('/api/activities', {
      account_id: other,
      type: 'BUY',
      date: '2026-03-02',
      symbol: 'AAPL',
      quantity: 1,
      price: 10,
    })
    assertProblem(buy, 409, 'activities.symbol_held_as_position')
    // A dividend of the same symbol does not move shares: allowed.
    const div = await u.post('/api/activities', {
      account_id: other,
      type: 'DIVIDEND',
      date: '2026-03-02',
      symbol: 'AAPL',
      amount: 1,
    })
    assert.equal(div.statusCode, 201, div.body)
  })

  it('derived trades are not edited through the manual transactions routes', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    await buysAndSale(u, acct)
    const [first] = json((await u.get(`/api/brokers/manual/transactions?account_id=${acct}`)).body)
      .items as Body[]
    const res = await u.patch(`/api/brokers/manual/transactions/${first!.transaction_id as number}`, {
      fees: 0,
    })
    assertProblem(res, 409, 'transactions.activity_derived')
    assertProblem(
      await u.delete(`/api/brokers/manual/transactions/${first!.transaction_id as number}`),
      409,
      'transactions.activity_derived',
    )
  })

  it('the market refresh prices a holding kept by activities, as it prices typed-in positions', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const buy = await u.post('/api/activities', {
      account_id: acct,
      type: 'BUY',
      date: '2026-11-03',
      symbol: 'MSFT',
      quantity: 4,
      price: 400,
    })
    assert.equal(buy.statusCode, 201, buy.body)
    const res = await u.post('/api/market/refresh', {})
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.equal(body.updated, 1)
    const price = (body.prices as Body[]).find((p) => p.symbol === 'MSFT')!.price as number
    // Today's row: 4 shares at today's price, cost 1,600 kept.
    const today = await t.c.scopes.withTenant(u.tenantId, (s) =>
      s.db
        .selectFrom('portfolio_snapshot')
        .select(['quantity', 'cost_basis', 'price'])
        .where('account_id', '=', acct)
        .where('snapshot_date', '=', '2026-11-24')
        .executeTakeFirst(),
    )
    assert.deepEqual(
      [Number(today?.quantity), Number(today?.cost_basis), Number(today?.price)],
      [4, 1600, price],
    )
  })
})
