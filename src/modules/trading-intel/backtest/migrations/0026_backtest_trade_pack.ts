/**
 * The decoded realized trades of a tenant's replays, packed (lib/trade-pack.ts) with the mark of the
 * read they came from, one row per tenant and account-or-all (`scope`: the account id, or '*'). A
 * process's first replay of a key reads this value and the trades written since its mark instead of
 * every trade (trade-cache.ts). Derived data: rewritten after a whole read, never the only copy.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table backtest_trade_pack (
       tenant_id  bigint not null references tenant(id),
       scope      text   not null,
       date_from  date   not null,
       date_to    date   not null,
       snapshot   text   not null,
       purges     bigint not null,
       trades     integer not null check (trades >= 0),
       packed     text   not null,
       written_at timestamptz not null,
       primary key (tenant_id, scope)
     )`,
    // Read whole, never searched: out of line and uncompressed (base64 barely compresses).
    `alter table backtest_trade_pack alter column packed set storage external`,
    ...tenantRls('backtest_trade_pack'),
  ])
}
