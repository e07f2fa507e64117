/**
 * Drops the stored intraday sessions whose RSI was computed without warm-up bars, so each is
 * computed again, seeded, when it is next read. Seeded RSI has a value from a session's first bar
 * (the warm-up sessions give it more than 14 closes), so a session with any null RSI was stored
 * before seeding. The table is market data derived from the provider, and only the latest session
 * is ever read back: nothing a user stored is touched.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `delete from intraday_bar b
      using (select distinct symbol, interval, session_date from intraday_bar where rsi is null) s
      where b.symbol = s.symbol and b.interval = s.interval and b.session_date = s.session_date`,
  ])
}
