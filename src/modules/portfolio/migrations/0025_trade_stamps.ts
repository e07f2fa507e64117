/**
 * What changed in `realized_trade` since a reader's snapshot, so that a cache of a tenant's trades
 * (the backtests' replay input, src/modules/trading-intel/backtest/trade-cache.service.ts) is refreshed from the rows
 * written since instead of read whole again (100,000 trades cost 210–330 ms to read).
 *
 * - `stamp`: the 64-bit id of the transaction that last wrote the row — the column default on
 *   insert, a row trigger on update (soft deletes and undeletes are updates). A reader that kept the
 *   snapshot of its last read (`pg_current_snapshot()`, taken in the same statement) asks for the
 *   rows whose stamp that snapshot does not see: a range scan from the snapshot's xmin on
 *   `(tenant_id, stamp)`, then `pg_visible_in_snapshot`. No counter and no lock: transactions that
 *   commit in another order than they began are still seen (a commit order counter would need a lock
 *   held from the first write to the commit).
 * - `portfolio_version.trade_purges`: moved by every statement that hard-deletes trades (a broker
 *   recomputation dropping what it no longer yields). A vanished row leaves no stamp, so a reader
 *   that sees the count move reads whole again.
 *
 * - A logical restore into another cluster (pg_dump, pg_restore) carries the stamps and the backtests'
 *   marks over, but not the transaction counter: a mark ahead of the counter is refused
 *   (`realizedSince` answers not `complete`, so the reader reads whole), and the restored rows, whose
 *   stamps are then ahead too, would be reported as changed on every read until restamped — run
 *   `update realized_trade set stamp = pg_current_xact_id()` once after such a restore. A physical
 *   copy (a PGlite data directory, a base backup, pg_upgrade) keeps the counter and needs nothing.
 *
 * Inserts set no trigger: the default does it, and every insert names its columns (none names
 * `stamp`), so a bulk import pays no row trigger.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `alter table realized_trade add column stamp xid8 not null default pg_current_xact_id()`,
    `create index realized_trade_stamp_idx on realized_trade (tenant_id, stamp)`,
    `create function realized_trade_stamp() returns trigger language plpgsql as $$
     begin
       new.stamp := pg_current_xact_id();
       return new;
     end $$`,
    `create trigger realized_trade_stamp before update on realized_trade
       for each row execute function realized_trade_stamp()`,
    `alter table portfolio_version add column trade_purges bigint not null default 0`,
    // Named after realized_trade_version_del, so it fires after it (name order): the version row
    // exists and is already locked by this transaction.
    `create function realized_trade_purge() returns trigger language plpgsql as $$
     begin
       update portfolio_version v set trade_purges = v.trade_purges + 1
        where v.tenant_id in (select distinct tenant_id from old_rows);
       return null;
     end $$`,
    `create trigger realized_trade_version_purge after delete on realized_trade
       referencing old table as old_rows for each statement execute function realized_trade_purge()`,
  ])
}
