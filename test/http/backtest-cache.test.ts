/**
 * The realized trades of replays, cached per tenant and account and brought up to date from the rows
 * written since (trade-cache.ts): repeat runs read them from memory, any portfolio write between two
 * runs changes the answer without a whole read, a narrower range is cut from a wider read, and
 * nothing crosses tenants or accounts.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import type { App } from '../../src/platform/http/app-type.ts'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { tradeCacheCounts } from '../helpers/metrics.ts'
import { serviceKeys, useTestApp, type Client } from '../helpers/test-app.ts'
import { addTrade, backtest, manualAccount, manyTrades } from './backtest-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
// Configured keys: a restarted process accepts the sessions of the first.
const t = useTestApp({ clock, env: serviceKeys() })
const JUNE = { from: '2025-06-02', to: '2025-06-30' }

async function run(u: Client, body: Record<string, unknown> = {}): Promise<Body> {
  const res = await backtest(u, { ...JUNE, ...body })
  assert.equal(res.statusCode, 200, res.body)
  return json(res)
}

/** The trade cache's hits, misses, refreshes and whole reads during `work`, from `app`'s /metrics. */
async function counted<T>(
  work: () => Promise<T>,
  app: App = t.app,
): Promise<{ value: T; hits: number; misses: number; refreshed: number; whole: number }> {
  const before = await tradeCacheCounts(app)
  const value = await work()
  const after = await tradeCacheCounts(app)
  return {
    value,
    hits: after.hits - before.hits,
    misses: after.misses - before.misses,
    refreshed: after.refreshed - before.refreshed,
    whole: after.whole - before.whole,
  }
}

/** A trade sold 2025-06-10 with a gain of 10. */
const GAIN_10 = {
  symbol: 'ZZLG',
  quantity: 1,
  date_acquired: '2025-06-02',
  date_sold: '2025-06-10',
  proceeds: 110,
  cost_basis: 100,
}

const pnlOf = (b: Body) => b.summary.trades.gross_profit as number

describe('backtest trade cache', () => {
  it('a repeat run with other params reads the trades from memory and answers as a fresh read would', async () => {
    const u = await t.newTenant()
    await manyTrades(u, 5)
    const cold = await counted(() => run(u, { params: { sizing: 'fixed_amount', amount: 200 } }))
    assert.deepEqual([cold.hits, cold.misses], [0, 1])
    const warm = await counted(() => run(u, { params: { sizing: 'fixed_amount', amount: 200 } }))
    assert.deepEqual([warm.hits, warm.misses], [1, 0])
    const { id: _a, created_at: _b, ...coldBody } = cold.value
    const { id: _c, created_at: _d, ...warmBody } = warm.value
    assert.deepEqual(warmBody, coldBody)
    const other = await counted(() => run(u, { params: { min_holding_days: 3 } }))
    assert.deepEqual([other.hits, other.misses], [1, 0])
    assert.equal(other.value.trades_total, 2, 'held 3 and 4 days')
  })

  it('a portfolio write between two runs changes the answer (add, edit, delete) from the changed rows alone', async () => {
    const u = await t.newTenant()
    const account = await manualAccount(u)
    const [first] = await manyTrades(u, 3, account)
    assert.equal(pnlOf(await run(u)), 3) // gains 0, 1, 2
    const added = await counted(async () => {
      await addTrade(u, account, GAIN_10)
      return run(u)
    })
    assert.deepEqual([added.hits, added.refreshed, added.misses], [1, 1, 0])
    assert.equal(added.value.trades_total, 4)
    assert.equal(pnlOf(added.value), 13)
    const edited = await counted(async () => {
      const edit = await u.patch(`/api/brokers/manual/transactions/${first}`, { proceeds: 150 })
      assert.equal(edit.statusCode, 200, edit.body)
      return run(u)
    })
    assert.equal(pnlOf(edited.value), 63)
    const deleted = await counted(async () => {
      assert.equal((await u.delete(`/api/brokers/manual/transactions/${first}`)).statusCode, 204)
      return run(u)
    })
    assert.equal(deleted.value.trades_total, 3)
    assert.equal(pnlOf(deleted.value), 13)
    assert.deepEqual(
      [edited, deleted].map((c) => [c.refreshed, c.misses]),
      [
        [1, 0],
        [1, 0],
      ],
    )
    // A write elsewhere in the portfolio (an account renamed) moves no trade: nothing to apply.
    const renamed = await counted(async () => {
      assert.equal((await u.patch(`/api/accounts/${account}`, { name: 'Renamed' })).statusCode, 200)
      return run(u)
    })
    assert.deepEqual([renamed.hits, renamed.refreshed, renamed.misses], [1, 0, 0])
    assert.equal(pnlOf(renamed.value), 13)
  })

  it('a narrower range is cut from the wider read; a wider one reads again', async () => {
    const u = await t.newTenant()
    await manyTrades(u, 28) // sold 2025-06-02 … 06-29, one a day
    await run(u)
    const narrow = await counted(() => run(u, { from: '2025-06-02', to: '2025-06-10' }))
    assert.deepEqual([narrow.hits, narrow.misses], [1, 0])
    assert.equal(narrow.value.selection.trades_read, 9, 'sold 06-02 … 06-10, both ends included')
    const wide = await counted(() => run(u, { from: '2025-05-01', to: '2025-07-31' }))
    assert.deepEqual([wide.hits, wide.misses], [0, 1])
    assert.equal(wide.value.selection.trades_read, 28)
  })

  it('never crosses tenants, even at the same portfolio version, nor accounts', async () => {
    const a = await t.newTenant()
    const b = await t.newTenant()
    // The same writes in the same order: both tenants' versions are equal; only the gains differ.
    const accountA = await manualAccount(a)
    const accountB = await manualAccount(b)
    const trade = { symbol: 'ZZLG', quantity: 1, date_acquired: '2025-06-02', date_sold: '2025-06-09' }
    await addTrade(a, accountA, { ...trade, proceeds: 101, cost_basis: 100 })
    await addTrade(b, accountB, { ...trade, proceeds: 107, cost_basis: 100 })
    assert.equal(
      await t.c.portfolio.holdings.version(a.tenantId),
      await t.c.portfolio.holdings.version(b.tenantId),
    )
    assert.equal(pnlOf(await run(a)), 1)
    const forB = await counted(() => run(b))
    assert.deepEqual([forB.hits, forB.misses], [0, 1])
    assert.equal(pnlOf(forB.value), 7)
    // A's account, cached for A, is still a 404 for B.
    assert.equal(pnlOf(await run(a, { account_id: accountA })), 1)
    assertProblem(await backtest(b, { ...JUNE, account_id: accountA }), 404, 'accounts.not_found')
    // One account against all of them.
    const second = await manualAccount(a, 'Second')
    await addTrade(a, second, { ...trade, proceeds: 103, cost_basis: 100 })
    assert.equal(pnlOf(await run(a, { account_id: accountA })), 1)
    assert.equal(pnlOf(await run(a, { account_id: second })), 3)
    assert.equal(pnlOf(await run(a)), 4)
  })

  it("a process's first run reads the packed trades and the changes since, never another tenant's", async () => {
    const a = await t.newTenant()
    const b = await t.newTenant()
    const account = await manualAccount(a)
    await manyTrades(a, 4, account)
    await manyTrades(b, 2)
    const first = await counted(() => run(a))
    assert.deepEqual([first.misses, first.whole], [1, 1])
    await t.c.backtest.packs.idle()
    await addTrade(a, account, GAIN_10)
    const restarted = await t.restart() // nothing in memory
    const unpacked = await counted(() => run(restarted.as(a)), restarted.app)
    assert.deepEqual([unpacked.misses, unpacked.whole, unpacked.refreshed], [1, 0, 1])
    assert.equal(unpacked.value.trades_total, 5)
    assert.equal(pnlOf(unpacked.value), pnlOf(first.value) + 10)
    // B has no packed value of its own (its key holds its tenant id): B reads whole.
    await restarted.c.backtest.packs.idle()
    const forB = await counted(() => run(restarted.as(b)), restarted.app)
    assert.deepEqual([forB.misses, forB.whole], [1, 1])
    assert.equal(forB.value.trades_total, 2)
  })

  it("an import packs the tenant's trades in a job, so its first run after reads neither every row nor the import", async () => {
    const u = await t.newTenant()
    const account = await manualAccount(u)
    const rows = Array.from(
      { length: 40 },
      (_, i) => `ZZLG,1,2025-06-02,2025-06-${String(3 + (i % 25)).padStart(2, '0')},${101 + i},100`,
    )
    const csv = ['Symbol,Qty,Date Acquired,Date Sold,Sale Proceeds,Cost Basis', ...rows].join('\n')
    const res = await u.inject({
      method: 'POST',
      url: `/api/brokers/manual/import?account_id=${account}&kind=transactions&allow_unlisted=true`,
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    })
    assert.equal(res.statusCode, 200, res.body)
    await t.c.jobs.drain()
    const packed = await t.c.backtest.packs.read(u.tenantId, '*')
    assert.equal(packed?.trades.length, 40)
    const next = await t.restart() // the next process to run it
    const first = await counted(() => run(next.as(u)), next.app)
    assert.deepEqual([first.misses, first.whole, first.refreshed], [1, 0, 0])
    assert.equal(first.value.trades_total, 40)
    assert.equal(pnlOf(first.value), (40 * 41) / 2) // gains 1 … 40
  })
})
