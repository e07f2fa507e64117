/**
 * Saved screens of both screener surfaces (`classic`: /api/screener, `stock_screener`:
 * /api/trading-intel/stock-screener) in one tenant table: a user's named spec, the name unique per
 * user and surface. The screen spec is stored as validated JSON; listing is by (tenant_id, user_id, surface).
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table saved_screen (
       tenant_id  bigint not null references tenant(id),
       id         bigint generated always as identity,
       user_id    bigint not null,
       surface    text not null check (surface in ('classic', 'stock_screener')),
       name       text not null check (length(name) between 1 and 80),
       spec       jsonb not null,
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, user_id, surface, name),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    ...tenantRls('saved_screen'),
  ])
}
