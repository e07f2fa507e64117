/**
 * Backtest runs answer before their per-trade log is stored (the < 200 ms target): the run
 * row is written in the request with the first records of its log, the whole log right after the
 * answer. `log_status` says where that stands: `pending` (being written), `stored`, or `failed` (the
 * write failed). A `pending` row older than LOG_PENDING_MS reads as failed (log-writer.ts): the
 * process that held the log is gone. Rows written before this stored their log in the insert.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `alter table backtest_run add column log_status text not null default 'stored'
       check (log_status in ('pending', 'stored', 'failed'))`,
  ])
}
