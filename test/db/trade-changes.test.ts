/**
 * `realizedSince` on the real engine (migration 0025): the trades written after a read's mark, and
 * nothing else — inserts, edits, soft deletes and undeletes, not another tenant's writes; a hard
 * delete, or a mark from ahead of this cluster's transaction ids, makes them not `complete`. On PostgreSQL also a writer that began before the mark and commits
 * after it (commit order ≠ start order), which a counter read at commit time would miss.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sql } from 'kysely'
import { fixedClock } from '../../src/platform/clock.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { addTrade, manualAccount } from '../http/backtest-fixtures.ts'

const onPostgres = process.env['DATABASE_URL']?.startsWith('postgres') ?? false
const t = useTestApp({ clock: fixedClock('2026-11-24T15:00:00Z') })
const JUNE = { from: '2025-06-01', to: '2025-06-30' }

const sale = (day: number, proceeds = 110) => ({
  symbol: 'ZZLG',
  quantity: 1,
  date_acquired: '2025-06-01',
  date_sold: `2025-06-${String(day).padStart(2, '0')}`,
  proceeds,
  cost_basis: 100,
})

async function portfolio(u: Client, days: number[]) {
  const account = await manualAccount(u)
  const ids: number[] = []
  for (const d of days) ids.push(await addTrade(u, account, sale(d)))
  return { account, ids }
}

const holdings = () => t.c.portfolio.holdings
const changed = (r: { changes: { id: number; live: boolean }[] }) =>
  r.changes.map((c) => [c.id, c.live] as const).sort((a, b) => a[0] - b[0])

describe('realized trades written since a mark', () => {
  it('are exactly the rows inserted, edited, deleted or undeleted since, of this tenant only', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const { account, ids } = await portfolio(u, [2, 3, 4])
    const first = await holdings().realizedBetween(u.tenantId, JUNE)
    assert.deepEqual(
      first.trades.map((x) => x.id),
      ids,
    )
    assert.deepEqual(changed(await holdings().realizedSince(u.tenantId, { since: first.mark })), [])

    const added = await addTrade(u, account, sale(9, 130))
    assert.equal(
      (await u.patch(`/api/brokers/manual/transactions/${ids[0]}`, { proceeds: 150 })).statusCode,
      200,
    )
    assert.equal((await u.delete(`/api/brokers/manual/transactions/${ids[1]}`)).statusCode, 204)
    await portfolio(other, [5])
    const since = await holdings().realizedSince(u.tenantId, { since: first.mark })
    assert.deepEqual(changed(since), [
      [ids[0], true],
      [ids[1], false],
      [added, true],
    ])
    const edited = since.changes.find((c) => c.id === ids[0])!
    assert.equal(edited.trade!.proceeds, 150)
    assert.equal(edited.account_id, account)
    assert.equal(since.mark.purges, first.mark.purges)
    assert.equal(since.complete, true)
    assert.deepEqual(changed(await holdings().realizedSince(u.tenantId, { since: since.mark })), [])

    // Undeleted (as a broker sync's update does), then hard-deleted: the count moves.
    await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      sql`update realized_trade set deleted_at = null where id = ${ids[1]}`.execute(db),
    )
    const undeleted = await holdings().realizedSince(u.tenantId, { since: since.mark })
    assert.deepEqual(changed(undeleted), [[ids[1], true]])
    await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      sql`delete from realized_trade where id = ${ids[2]}`.execute(db),
    )
    const purged = await holdings().realizedSince(u.tenantId, { since: undeleted.mark })
    assert.equal(purged.mark.purges, undeleted.mark.purges + 1)
    assert.equal(purged.complete, false, 'a hard delete: read whole')
    assert.deepEqual(changed(purged), [], 'a hard delete leaves no row to report')
  })

  it("are not complete against a mark of transaction ids ahead of this cluster's (a logical restore)", async () => {
    const u = await t.newTenant()
    await portfolio(u, [2])
    const { mark } = await holdings().realizedBetween(u.tenantId, JUNE)
    const ahead = { ...mark, snapshot: '900000000000:900000000000:' }
    assert.equal((await holdings().realizedSince(u.tenantId, { since: mark })).complete, true)
    assert.equal((await holdings().realizedSince(u.tenantId, { since: ahead })).complete, false)
  })

  it('checks the account as realizedBetween does', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const { account } = await portfolio(other, [2])
    const { mark } = await holdings().realizedBetween(u.tenantId, JUNE)
    await assert.rejects(holdings().realizedSince(u.tenantId, { accountId: account, since: mark }), {
      code: 'accounts.not_found',
    })
  })

  it(
    'include a write by a transaction older than the mark that committed after it',
    { skip: !onPostgres && 'PostgreSQL only (PGlite runs one transaction at a time)' },
    async () => {
      const u = await t.newTenant()
      const { account, ids } = await portfolio(u, [2, 3])
      let commit = () => {}
      const held = new Promise<void>((r) => (commit = r))
      let started = () => {}
      const hasXid = new Promise<void>((r) => (started = r))
      // T1 takes its transaction id first (raw SQL: not a leading read, so inside T1), then waits.
      const slow = t.c.scopes.withTenant(u.tenantId, async ({ db }) => {
        await sql`select pg_current_xact_id()`.execute(db)
        started()
        await held
        await sql`update realized_trade set proceeds = 170 where id = ${ids[0]}`.execute(db)
      })
      await hasXid
      // T2, younger, adds a trade and commits; the mark is read after it, while T1 is open.
      const fast = await addTrade(u, account, sale(5))
      const { mark, trades } = await holdings().realizedBetween(u.tenantId, JUNE)
      assert.ok(trades.some((x) => x.id === fast))
      commit()
      await slow
      const since = await holdings().realizedSince(u.tenantId, { since: mark })
      assert.deepEqual(
        changed(since),
        [[ids[0], true]],
        'T2 was seen at the mark; T1, older, committed later',
      )
      assert.equal(since.changes[0]!.trade!.proceeds, 170)
    },
  )
})
