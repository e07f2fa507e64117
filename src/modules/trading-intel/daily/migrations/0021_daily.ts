/**
 * End-of-day reviews: one row per tenant, account scope (0 = all accounts) and New York
 * review date, written by the `daily.eod-review` job after the close and on demand by GET
 * /eod/review. The payload is the whole review; the summary columns serve GET /eod/history, read
 * newest first per tenant and scope through the unique index (scanned backwards).
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table eod_review (
       tenant_id     bigint not null references tenant(id),
       id            bigint generated always as identity,
       account_scope bigint not null check (account_scope >= 0),
       review_date   date   not null,
       total_pnl     numeric,
       signals       integer not null check (signals >= 0),
       hits          integer not null check (hits >= 0),
       complete      boolean not null,
       payload       jsonb  not null,
       created_at    timestamptz not null,
       updated_at    timestamptz not null,
       primary key (tenant_id, id),
       unique (tenant_id, account_scope, review_date)
     )`,
    ...tenantRls('eod_review'),
  ])
}
