/** The example module's table: a tenant table with its key, its index and row-level security. */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../src/platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table note (
       tenant_id  bigint not null references tenant(id),
       id         bigint generated always as identity,
       text       text   not null check (length(text) between 1 and 500),
       created_at timestamptz not null default now(),
       primary key (tenant_id, id)
     )`,
    ...tenantRls('note'),
  ])
}
