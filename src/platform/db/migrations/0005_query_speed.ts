/**
 * Query speed for large tenants (measured in bench/README.md, "Portfolio analytics"):
 * - RLS policies read their settings through a scalar subquery, so PostgreSQL evaluates them once
 *   per statement instead of once per row (same predicate, same isolation);
 * - index-only paths for the analytics scans (trades by sale date with gain_loss; snapshots in
 *   holding order for the carried-forward unrealized P&L).
 */
import type { Kysely } from 'kysely'
import { run } from './helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `do $$
     declare t record; pred text;
     begin
       for t in select tablename from pg_policies where schemaname = 'public' and policyname = 'tenant_isolation' loop
         pred := format('(%I = (select nullif(current_setting(''app.tenant_id'', true), '''')::bigint)
                          or (select current_setting(''app.system'', true)) = ''on'')',
                        case when t.tablename = 'tenant' then 'id' else 'tenant_id' end);
         execute format('alter policy tenant_isolation on %I using %s with check %s', t.tablename, pred, pred);
       end loop;
     end $$`,
    `create index realized_trade_pnl_idx on realized_trade (tenant_id, sold_on) include (gain_loss, account_id) where deleted_at is null`,
    `drop index realized_trade_sold_idx`,
    `create index portfolio_snapshot_holding_idx on portfolio_snapshot (tenant_id, account_id, symbol, snapshot_date) include (unrealized_pl)`,
  ])
}
