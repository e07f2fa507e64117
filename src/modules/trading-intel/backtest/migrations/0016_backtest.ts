/**
 * Saved backtests: every POST /backtest run, per tenant, with its summary, equity curve
 * (jsonb) and per-trade log (fixed-width binary records); listed newest first, optionally by strategy. Tenant table under RLS.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table backtest_run (
       tenant_id       bigint not null references tenant(id),
       id              bigint generated always as identity,
       strategy        text   not null check (strategy in ('replay', 'sma_cross')),
       account_id      bigint,
       date_from       date   not null,
       date_to         date   not null check (date_to > date_from),
       initial_capital double precision not null check (initial_capital > 0),
       trades_total    integer not null check (trades_total >= 0),
       summary         jsonb  not null,
       detail          jsonb  not null,
       equity_curve    jsonb  not null,
       trade_log       bytea  not null,
       log_symbols     jsonb  not null,
       created_at      timestamptz not null,
       primary key (tenant_id, id)
     )`,
    // Uncompressed out of line: a page of the log is a substring that reads only its own chunks.
    `alter table backtest_run alter column trade_log set storage external`,
    `create index backtest_run_recent_idx on backtest_run (tenant_id, created_at desc, id desc)`,
    `create index backtest_run_strategy_idx on backtest_run (tenant_id, strategy, created_at desc, id desc)`,
    ...tenantRls('backtest_run'),
  ])
}
