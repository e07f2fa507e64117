/**
 * Realized trades derived from a manual account's activity ledger (its BUY, SELL, SPLIT and
 * securities transfers matched into lots): `realized_trade.source` gains 'activity'. Such a trade
 * carries the id it derives from in `external_id` (`act<sale activity id>:<n>`), so recomputing
 * them after every change to the ledger finds what it wrote.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `alter table realized_trade drop constraint realized_trade_source_check`,
    `alter table realized_trade add constraint realized_trade_source_check
       check (source in ('manual', 'import', 'broker', 'activity'))`,
  ])
}
