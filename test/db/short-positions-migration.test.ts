/**
 * Migration 0008 repairs short and flat snapshot rows written with the old rule
 * (unrealized = value − cost_basis for every holding, a short's book price cost / quantity),
 * and 0007's triggers carry the repair into unrealized_daily.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sql } from 'kysely'
import { upgradedDatabase } from '../helpers/upgrade.ts'

describe('migration 0008_short_positions', () => {
  it('rewrites old short and flat rows; long rows and the rollup follow', async () => {
    const handle = await upgradedDatabase('0007_analytics_rollups', async (trx) => {
      // As the old code wrote them: SPY short −5 for 2,500 at book (price −500, worth +2,500),
      // then priced at 746.13 (unrealized −6,230.65); AAPL long; MSFT flat with a cost.
      await sql`insert into portfolio_snapshot (tenant_id, account_id, snapshot_date, symbol, quantity, price, market_value, cost_basis, unrealized_pl)
                select a.tenant_id, a.id, d::date, s, q, p, mv, c, u from broker_account a, (values
                  ('2026-11-02', 'SPY', -5, -500, 2500, 2500, 0),
                  ('2026-11-20', 'SPY', -5, 746.13, -3730.65, 2500, -6230.65),
                  ('2026-11-02', 'AAPL', 10, 150, 1500, 1500, 0),
                  ('2026-11-20', 'AAPL', 10, 190.25, 1902.5, 1500, 402.5),
                  ('2026-11-02', 'MSFT', 0, 0, 300, 300, 0)) v(d, s, q, p, mv, c, u)`.execute(trx)
    })
    try {
      await handle.db.transaction().execute(async (trx) => {
        await sql`select set_config('app.system', 'on', true)`.execute(trx)
        const rows = await sql<{ k: string }>`
          select snapshot_date || ' ' || symbol || ' ' || price || ' ' || market_value || ' ' || unrealized_pl as k
            from portfolio_snapshot order by snapshot_date, symbol`.execute(trx)
        assert.deepEqual(
          rows.rows.map((r) => r.k),
          [
            '2026-11-02 AAPL 150.000000 1500.0000 0.0000',
            '2026-11-02 MSFT 0.000000 0.0000 0.0000',
            '2026-11-02 SPY 500.000000 -2500.0000 0.0000',
            '2026-11-20 AAPL 190.250000 1902.5000 402.5000',
            '2026-11-20 SPY 746.130000 -3730.6500 -1230.6500',
          ],
        )
        // Carried-forward unrealized on 2026-11-20: 402.50 − 1,230.65 = −828.15.
        const total = await sql<{
          u: string
        }>`select sum(delta)::numeric(20, 2) as u from unrealized_daily`.execute(trx)
        assert.equal(total.rows[0]!.u, '-828.15')
      })
    } finally {
      await handle.close()
    }
  })
})
