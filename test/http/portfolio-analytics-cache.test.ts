/**
 * The analytics answer cache. Answers are keyed by the tenant's portfolio version, which triggers
 * move on every write to a table the analytics read, so a write through any path — the API, an
 * import, or SQL that no service wrote — is visible on the next read. The clock is fixed at
 * 2025-06-30 12:00 in New York.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'kysely'
import { fixedClock } from '../../src/platform/clock.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { json, type Body } from '../helpers/assertions.ts'

const clock = fixedClock('2025-06-30T16:00:00Z')
let t: TestApp
before(async () => {
  t = await buildTestApp({ clock })
})
after(async () => {
  await t?.close()
})

async function read(u: Client, route: string): Promise<Body> {
  const res = await u.get(`/api/analytics/${route}`)
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body)
}

async function sell(u: Client, accountId: number, dateSold: string, gain: number): Promise<number> {
  const res = await u.post('/api/brokers/manual/transactions', {
    account_id: accountId,
    symbol: 'AAPL',
    quantity: 1,
    date_acquired: '2024-01-02',
    date_sold: dateSold,
    proceeds: 1000 + gain,
    cost_basis: 1000,
  })
  assert.equal(res.statusCode, 201, res.body)
  return json(res.body).transaction_id as number
}

const version = (tenantId: number) =>
  t.c.scopes.withTenant(tenantId, async ({ db }) =>
    Number(
      (await sql<{ v: string }>`select coalesce(max(version), 0) as v from portfolio_version`.execute(db))
        .rows[0]!.v,
    ),
  )

describe('analytics answer cache', () => {
  it('every write through the API is seen by the next read', async () => {
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    assert.deepEqual(await read(u, 'date-range'), { min_date: null, max_date: null, trade_count: 0 })
    const id = await sell(u, account, '2025-03-04', 120)
    assert.equal((await read(u, 'date-range')).trade_count, 1)
    assert.equal((await read(u, 'cumulative-pnl')).total, 120)
    await sell(u, account, '2025-05-06', -20)
    assert.equal((await read(u, 'cumulative-pnl')).total, 100)
    assert.equal((await u.delete(`/api/brokers/manual/transactions/${id}`)).statusCode, 204)
    assert.equal((await read(u, 'cumulative-pnl')).total, -20)
    assert.deepEqual(await read(u, 'date-range'), {
      min_date: '2025-05-06',
      max_date: '2025-05-06',
      trade_count: 1,
    })
  })

  it('a write no service made (plain SQL) is seen too: the version moves in the database', async () => {
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    assert.equal((await read(u, 'aum')).current.unrealized, 0)
    const v0 = await version(u.tenantId)
    await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .insertInto('portfolio_snapshot')
        .values({
          tenant_id: u.tenantId,
          account_id: account,
          snapshot_date: '2025-06-27',
          symbol: 'MSFT',
          quantity: 10,
          price: 50,
          market_value: 500,
          cost_basis: 400,
          unrealized_pl: 100,
        })
        .execute(),
    )
    assert.equal(await version(u.tenantId), v0 + 1, 'one statement, one version')
    assert.equal((await read(u, 'aum')).current.unrealized, 100)
  })

  it('repeated reads are answered from the cache: with the version forced back, the old answer returns', async () => {
    // Proves the cache is used (and that correctness rests on the version alone).
    const u = await t.newTenant()
    const account = await createManualAccount(u)
    await sell(u, account, '2025-02-03', 50)
    const v = await version(u.tenantId)
    assert.equal((await read(u, 'cumulative-pnl')).total, 50)
    await sell(u, account, '2025-02-04', 25)
    assert.equal((await read(u, 'cumulative-pnl')).total, 75)
    await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db.updateTable('portfolio_version').set({ version: v }).where('tenant_id', '=', u.tenantId).execute(),
    )
    assert.equal((await read(u, 'cumulative-pnl')).total, 50, 'served from the entry of version v')
  })

  it('answers depend on the day: a new New York date computes again', async () => {
    clock.set('2025-07-01T03:55:00Z') // 23:55 in New York on 2025-06-30
    try {
      const u = await t.newTenant()
      const account = await createManualAccount(u)
      await sell(u, account, '2025-06-30', 10)
      const q = 'cumulative-pnl?period_days=1'
      assert.equal((await read(u, q)).total, 10)
      assert.equal((await read(u, 'aum')).current.as_of, '2025-06-30')
      clock.advance(10 * 60_000) // 00:05 on 2025-07-01: same version, new day
      assert.equal((await read(u, q)).total, 0, 'yesterday’s sale is outside a one-day window')
      assert.equal((await read(u, 'aum')).current.as_of, '2025-07-01')
    } finally {
      clock.set('2025-06-30T16:00:00Z')
    }
  })

  it('tenants and account selections never share an entry', async () => {
    const a = await t.newTenant()
    const b = await t.newTenant()
    const [a1, a2] = [await createManualAccount(a), await createManualAccount(a)]
    await createManualAccount(b)
    await sell(a, a1, '2025-01-10', 7)
    await sell(a, a2, '2025-01-11', 3)
    assert.equal((await read(a, 'cumulative-pnl')).total, 10)
    assert.equal((await read(b, 'cumulative-pnl')).total, 0)
    assert.equal((await read(a, `cumulative-pnl?account_id=${a1}`)).total, 7)
    assert.equal((await read(a, `cumulative-pnl?account_ids=${a2}`)).total, 3)
    assert.equal((await read(a, `cumulative-pnl?account_ids=${a2},${a1}`)).total, 10)
  })
})
