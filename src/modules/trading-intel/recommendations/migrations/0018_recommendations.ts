/**
 * Recommendations: buy/sell/hold calls made by the committee, research or by hand, unique
 * per tenant + origin + origin_ref (recording the same origin twice returns the stored row), open
 * until closed once with an outcome. Indexed per tenant for the feed and the newest-first list
 * (created_at, id) and for the list's status filter.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table recommendation (
       tenant_id    bigint not null references tenant(id),
       id           bigint generated always as identity,
       symbol       text not null check (symbol ~ '^[A-Z0-9.\\-^]{1,16}$'),
       action       text not null check (action in ('buy', 'sell', 'hold')),
       confidence   double precision not null check (confidence between 0 and 1),
       rationale    text not null,
       origin       text not null check (origin in ('committee', 'research', 'manual')),
       origin_ref   text not null,
       price_at     double precision check (price_at > 0),
       horizon_days integer not null check (horizon_days between 1 and 365),
       evidence     jsonb not null,
       status       text not null check (status in ('open', 'closed')),
       exit_price   double precision check (exit_price > 0),
       return_pct   double precision,
       outcome      text check (outcome in ('hit', 'miss', 'scratch')),
       note         text,
       closed_at    timestamptz,
       created_at   timestamptz not null,
       updated_at   timestamptz not null,
       primary key (tenant_id, id),
       unique (tenant_id, origin, origin_ref),
       check ((status = 'closed') = (closed_at is not null))
     )`,
    `create index recommendation_created_idx on recommendation (tenant_id, created_at desc, id desc)`,
    `create index recommendation_status_idx on recommendation (tenant_id, status, id desc)`,
    ...tenantRls('recommendation'),
  ])
}
