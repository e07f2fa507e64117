/**
 * Migration 0030 drops the stored intraday sessions computed without warm-up bars (any null RSI),
 * so they are computed again, seeded, on their next read; seeded sessions stay as they are.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sql } from 'kysely'
import { upgradedDatabase } from '../helpers/upgrade.ts'

describe('migration 0030_intraday_reseed', () => {
  it('drops whole unseeded sessions and keeps seeded ones', async () => {
    const handle = await upgradedDatabase('0029_broker_sandbox_state', async (trx) => {
      // AAPL 5m on 11-24 as stored before seeding: its first bar has no RSI. The rest are seeded.
      await sql`insert into intraday_bar (symbol, interval, time, session_date, open, high, low, close, volume, vwap, rsi, updated_at)
                select s, i, t::timestamptz, t::date, 100, 101, 99, 100, 1000, 100, r, now()
                  from (values ('AAPL', '5m', '2026-11-24 14:30Z', null), ('AAPL', '5m', '2026-11-24 14:35Z', 55.5),
                               ('AAPL', '1m', '2026-11-24 14:30Z', 48.25), ('AAPL', '1m', '2026-11-24 14:31Z', 49),
                               ('MSFT', '5m', '2026-11-24 14:30Z', 61), ('MSFT', '5m', '2026-11-24 14:35Z', 60),
                               ('AAPL', '5m', '2026-11-25 14:30Z', 52), ('AAPL', '5m', '2026-11-25 14:35Z', 53)
                       ) v(s, i, t, r)`.execute(trx)
    })
    try {
      const rows = await sql<{ k: string }>`
        select symbol || ' ' || interval || ' ' || session_date || ' ' || count(*) as k
          from intraday_bar group by symbol, interval, session_date order by 1`.execute(handle.db)
      assert.deepEqual(
        rows.rows.map((r) => r.k),
        ['AAPL 1m 2026-11-24 2', 'AAPL 5m 2026-11-25 2', 'MSFT 5m 2026-11-24 2'],
      )
    } finally {
      await handle.close()
    }
  })
})
