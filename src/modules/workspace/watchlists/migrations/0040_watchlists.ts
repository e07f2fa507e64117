/**
 * Watchlists: named lists of symbols per user. `watchlist` is one list (unique by name per user);
 * `watchlist_item` its symbols with their order (`position`, 0 first). Both are tenant tables
 * (tenant_id first in every key, row-level security). A list with no symbol left is deleted by the
 * service, so a list exists exactly while it holds something; its items go with it (cascade).
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table watchlist (
       tenant_id  bigint not null references tenant(id),
       id         bigint generated always as identity,
       user_id    bigint not null,
       name       text   not null check (length(name) between 1 and 40 and name = btrim(name)),
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, user_id, name),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    ...tenantRls('watchlist'),
    `create table watchlist_item (
       tenant_id    bigint  not null,
       watchlist_id bigint  not null,
       symbol       text    not null check (symbol ~ '^[A-Z0-9^][A-Z0-9.^-]{0,15}$'),
       position     integer not null check (position >= 0),
       added_at     timestamptz not null default now(),
       primary key (tenant_id, watchlist_id, symbol),
       foreign key (tenant_id, watchlist_id) references watchlist (tenant_id, id) on delete cascade
     )`,
    `create index watchlist_item_order_idx on watchlist_item (tenant_id, watchlist_id, position)`,
    ...tenantRls('watchlist_item'),
  ])
}
