/**
 * The per-day rollups (migration 0007) against the base tables they summarize. After every batch
 * of writes — multi-row inserts, upserts, date and account moves, soft and hard deletes — the
 * rollups must equal what a direct aggregation of realized_trade and portfolio_snapshot gives.
 * The reference queries below are the ones the analytics ran before the rollups existed (and, for
 * the market value of migration 0027, the same construction on market_value).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sql } from 'kysely'
import { upgradedDatabase } from '../helpers/upgrade.ts'
import type { TenantScope } from '../../src/platform/db/index.ts'
import { mulberry32 } from '../../src/platform/random.ts'
import { useTestApp } from '../helpers/test-app.ts'

const t = useTestApp()

const REALIZED_REFERENCE = sql<{ k: string }>`
  select account_id || ' ' || sold_on || ' ' || sum(gain_loss)::numeric(30, 4) || ' ' || count(*) as k
    from realized_trade where deleted_at is null and sold_on is not null
   group by account_id, sold_on order by account_id, sold_on`
const REALIZED_ROLLUP = sql<{ k: string }>`
  select account_id || ' ' || sold_on || ' ' || pnl::numeric(30, 4) || ' ' || trades as k
    from realized_daily order by account_id, sold_on`
const UNREALIZED_REFERENCE = sql<{ k: string }>`
  select account_id || ' ' || snapshot_date || ' ' || sum(delta)::numeric(30, 4) || ' ' || count(*)
         || ' ' || sum(value_delta)::numeric(30, 4) as k
    from (select account_id, snapshot_date,
                 unrealized_pl - coalesce(lag(unrealized_pl) over (partition by account_id, symbol order by snapshot_date), 0) as delta,
                 market_value - coalesce(lag(market_value) over (partition by account_id, symbol order by snapshot_date), 0) as value_delta
            from portfolio_snapshot) d
   group by account_id, snapshot_date order by account_id, snapshot_date`
const UNREALIZED_ROLLUP = sql<{ k: string }>`
  select account_id || ' ' || snapshot_date || ' ' || delta::numeric(30, 4) || ' ' || holdings
         || ' ' || market_value_delta::numeric(30, 4) as k
    from unrealized_daily order by account_id, snapshot_date`

async function assertInStep(s: TenantScope, step: string) {
  const keys = async (q: typeof REALIZED_ROLLUP) => (await q.execute(s.db)).rows.map((r) => r.k)
  assert.deepEqual(await keys(REALIZED_ROLLUP), await keys(REALIZED_REFERENCE), `realized after ${step}`)
  assert.deepEqual(
    await keys(UNREALIZED_ROLLUP),
    await keys(UNREALIZED_REFERENCE),
    `unrealized after ${step}`,
  )
}

async function twoAccounts(s: TenantScope): Promise<[number, number]> {
  const rows = await s.db
    .insertInto('broker_account')
    .values(
      [0, 1].map((i) => ({
        tenant_id: s.tenantId,
        name: `A${i}`,
        broker_type: 'manual',
        account_type: null,
        external_id: null,
        archived_at: null,
      })),
    )
    .returning('id')
    .execute()
  return [rows[0]!.id, rows[1]!.id]
}

describe('analytics rollups stay equal to the base tables', () => {
  it('through a random sequence of trade writes', async () => {
    const u = await t.newTenant()
    const rnd = mulberry32(7)
    await t.c.scopes.withTenant(u.tenantId, async (s) => {
      const accounts = await twoAccounts(s)
      const day = () => `2025-0${1 + Math.floor(rnd() * 3)}-1${Math.floor(rnd() * 10)}`
      const trade = () => {
        const bad = rnd() < 0.1
        return {
          tenant_id: s.tenantId,
          account_id: accounts[Math.floor(rnd() * 2)]!,
          symbol: 'AAPL',
          quantity: 1,
          date_acquired: 'VARIOUS',
          date_sold: bad ? 'N/A' : day(),
          sold_on: bad ? null : day(),
          proceeds: 100,
          cost_basis: 90,
          gain_loss: (Math.round(rnd() * 2_000_000) - 1_000_000) / 10_000,
          term: 'short' as const,
        }
      }
      const ids = async () =>
        (await s.db.selectFrom('realized_trade').select('id').orderBy('id').execute()).map((r) => r.id)
      for (let round = 0; round < 6; round++) {
        await s.db
          .insertInto('realized_trade')
          .values(Array.from({ length: 40 }, trade))
          .execute()
        await assertInStep(s, `insert ${round}`)
        const all = await ids()
        const pick = () => all[Math.floor(rnd() * all.length)]!
        await s.db
          .updateTable('realized_trade')
          .set({ deleted_at: new Date() })
          .where('id', 'in', [pick(), pick(), pick()])
          .execute()
        await assertInStep(s, `soft delete ${round}`)
        await s.db
          .updateTable('realized_trade')
          .set({ gain_loss: 12.3456, sold_on: day() })
          .where('id', '=', pick())
          .execute()
        await s.db
          .updateTable('realized_trade')
          .set({ account_id: accounts[round % 2]! })
          .where('id', 'in', [pick(), pick()])
          .execute()
        await s.db
          .updateTable('realized_trade')
          .set({ deleted_at: null })
          .where('deleted_at', 'is not', null)
          .where('id', '=', pick())
          .execute()
        await assertInStep(s, `updates ${round}`)
        await s.db.deleteFrom('realized_trade').where('id', 'in', [pick(), pick()]).execute()
        await assertInStep(s, `hard delete ${round}`)
      }
      await s.db.deleteFrom('realized_trade').execute()
      await assertInStep(s, 'deleting everything')
      assert.equal((await REALIZED_ROLLUP.execute(s.db)).rows.length, 0, 'no empty day rows are left behind')
    })
  })

  it('through a random sequence of snapshot writes, including upserts and date moves', async () => {
    const u = await t.newTenant()
    const rnd = mulberry32(11)
    await t.c.scopes.withTenant(u.tenantId, async (s) => {
      const accounts = await twoAccounts(s)
      const symbols = ['AAPL', 'MSFT', 'SPY']
      const day = () => `2025-03-${String(1 + Math.floor(rnd() * 20)).padStart(2, '0')}`
      const row = () => ({
        tenant_id: s.tenantId,
        account_id: accounts[Math.floor(rnd() * 2)]!,
        symbol: symbols[Math.floor(rnd() * 3)]!,
        snapshot_date: day(),
        quantity: 10,
        price: 100,
        market_value: Math.round(rnd() * 20_000_000) / 10_000,
        cost_basis: 900,
        unrealized_pl: (Math.round(rnd() * 4_000_000) - 2_000_000) / 10_000,
      })
      for (let round = 0; round < 8; round++) {
        // One multi-row upsert: several rows of a holding arrive together and some replace stored
        // ones (a statement may not name the same key twice, so the batch is de-duplicated).
        const batch = new Map(
          Array.from({ length: 15 }, row).map((r) => [`${r.account_id} ${r.symbol} ${r.snapshot_date}`, r]),
        )
        await s.db
          .insertInto('portfolio_snapshot')
          .values([...batch.values()])
          .onConflict((oc) =>
            oc.columns(['tenant_id', 'account_id', 'snapshot_date', 'symbol']).doUpdateSet({
              unrealized_pl: sql`excluded.unrealized_pl`,
              market_value: sql`excluded.market_value`,
            }),
          )
          .execute()
        await assertInStep(s, `upsert ${round}`)
        const target = row()
        await s.db
          .updateTable('portfolio_snapshot')
          .set({ unrealized_pl: sql`unrealized_pl * -2`, market_value: sql`market_value * 3` })
          .where('account_id', '=', target.account_id)
          .where('symbol', '=', target.symbol)
          .execute()
        await assertInStep(s, `update of a whole holding ${round}`)
        const one = await s.db
          .selectFrom('portfolio_snapshot')
          .select(['account_id', 'symbol', 'snapshot_date'])
          .orderBy('snapshot_date')
          .executeTakeFirst()
        if (one) {
          const taken = await s.db
            .selectFrom('portfolio_snapshot')
            .select(sql<string>`snapshot_date::text`.as('d'))
            .where('account_id', '=', one.account_id)
            .where('symbol', '=', one.symbol)
            .execute()
          const moved = Array.from({ length: 20 }, day).find((d) => !taken.some((r) => r.d === d))
          if (moved) {
            await s.db
              .updateTable('portfolio_snapshot')
              .set({ snapshot_date: moved, unrealized_pl: 1.5, market_value: 7.25 })
              .where('account_id', '=', one.account_id)
              .where('symbol', '=', one.symbol)
              .where('snapshot_date', '=', one.snapshot_date)
              .execute()
            await assertInStep(s, `date move ${round}`)
          }
        }
        await s.db.deleteFrom('portfolio_snapshot').where('snapshot_date', '=', day()).execute()
        await assertInStep(s, `delete of a day ${round}`)
      }
    })
  })

  it('concurrent writers to the same holdings leave the rollup exact', async () => {
    const u = await t.newTenant()
    const [a] = await t.c.scopes.withTenant(u.tenantId, twoAccounts)
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.c.scopes.withTenant(u.tenantId, (s) =>
          s.db
            .insertInto('portfolio_snapshot')
            .values(
              ['AAPL', 'MSFT'].map((symbol, j) => ({
                tenant_id: s.tenantId,
                account_id: a,
                symbol,
                snapshot_date: `2025-04-${String(10 + i).padStart(2, '0')}`,
                quantity: 1,
                price: 1,
                market_value: (i + 1) * 100 + j,
                cost_basis: 1,
                unrealized_pl: (i + 1) * 10 + j,
              })),
            )
            .execute(),
        ),
      ),
    )
    await t.c.scopes.withTenant(u.tenantId, (s) => assertInStep(s, 'concurrent inserts'))
  })

  it('another tenant’s rollup rows are invisible', async () => {
    const a = await t.newTenant()
    const b = await t.newTenant()
    await t.c.scopes.withTenant(a.tenantId, async (s) => {
      const [acc] = await twoAccounts(s)
      await s.db
        .insertInto('realized_trade')
        .values({
          tenant_id: s.tenantId,
          account_id: acc,
          symbol: 'X',
          quantity: 1,
          date_acquired: 'VARIOUS',
          date_sold: '2025-01-02',
          sold_on: '2025-01-02',
          proceeds: 2,
          cost_basis: 1,
          gain_loss: 1,
          term: 'short',
        })
        .execute()
    })
    const seen = await t.c.scopes.withTenant(
      b.tenantId,
      async (s) => (await REALIZED_ROLLUP.execute(s.db)).rows,
    )
    assert.deepEqual(seen, [])
  })
})

describe('migration 0007 backfills the rollups from existing rows', () => {
  it('an upgraded database answers the same as the base tables', async () => {
    const handle = await upgradedDatabase('0006_free_feed', async (trx) => {
      await sql`insert into realized_trade (tenant_id, account_id, symbol, quantity, date_acquired, date_sold, sold_on, proceeds, cost_basis, gain_loss, term)
                select a.tenant_id, a.id, 'X', 1, 'VARIOUS', d::date::text, case when g % 5 = 0 then null else d::date end, 1, 1, g * 1.25 - 30, 'short'
                  from broker_account a, generate_series(1, 40) g, lateral (select date '2025-01-01' + (g % 9) as d) x`.execute(
        trx,
      )
      await sql`insert into portfolio_snapshot (tenant_id, account_id, snapshot_date, symbol, quantity, price, market_value, cost_basis, unrealized_pl)
                select a.tenant_id, a.id, date '2025-02-01' + g, s, 1, 1, 1, 1, g * 3.5 - length(s) * 7
                  from broker_account a, generate_series(0, 9) g, unnest(array['A', 'BB', 'CCC']) s
                 where g % length(s) = 0`.execute(trx)
    })
    try {
      await handle.db.transaction().execute(async (trx) => {
        await sql`select set_config('app.system', 'on', true)`.execute(trx)
        const rows = async (q: typeof REALIZED_ROLLUP) => (await q.execute(trx)).rows.map((r) => r.k)
        assert.equal((await rows(REALIZED_ROLLUP)).length, 9, 'one row per sale day (nine days)')
        assert.deepEqual(await rows(REALIZED_ROLLUP), await rows(REALIZED_REFERENCE))
        assert.deepEqual(await rows(UNREALIZED_ROLLUP), await rows(UNREALIZED_REFERENCE))
      })
    } finally {
      await handle.close()
    }
  })
})

describe('migration 0027 backfills the market value rollup from existing rows', () => {
  it('an upgraded database answers the same as the base tables', async () => {
    const handle = await upgradedDatabase('0026_backtest_trade_pack', async (trx) => {
      await sql`insert into portfolio_snapshot (tenant_id, account_id, snapshot_date, symbol, quantity, price, market_value, cost_basis, unrealized_pl)
                select a.tenant_id, a.id, date '2025-02-01' + g, s, 1, 1, g * 10.25 + length(s), 1, g * 3.5 - length(s) * 7
                  from broker_account a, generate_series(0, 9) g, unnest(array['A', 'BB', 'CCC']) s
                 where g % length(s) = 0`.execute(trx)
    })
    try {
      await handle.db.transaction().execute(async (trx) => {
        await sql`select set_config('app.system', 'on', true)`.execute(trx)
        const rows = async (q: typeof UNREALIZED_ROLLUP) => (await q.execute(trx)).rows.map((r) => r.k)
        // Dates with a row: g = 0..9 (A), even g (BB), g % 3 = 0 (CCC) → ten dates.
        assert.equal((await rows(UNREALIZED_ROLLUP)).length, 10)
        assert.deepEqual(await rows(UNREALIZED_ROLLUP), await rows(UNREALIZED_REFERENCE))
        // The trigger keeps it from now on: BB, last worth 8 × 10.25 + 2 = 84 (g = 8), is 100 on 02-20.
        await sql`insert into portfolio_snapshot (tenant_id, account_id, snapshot_date, symbol, quantity, price, market_value, cost_basis, unrealized_pl)
                  select tenant_id, id, date '2025-02-20', 'BB', 1, 1, 100, 1, 0 from broker_account`.execute(
          trx,
        )
        assert.deepEqual(await rows(UNREALIZED_ROLLUP), await rows(UNREALIZED_REFERENCE))
      })
    } finally {
      await handle.close()
    }
  })
})
