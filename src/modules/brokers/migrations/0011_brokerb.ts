/**
 * Broker B (Schwab): the account activity the service observes (order status changes seen when it
 * polls or lists orders, and fills stored by syncs are read alongside), and market hours stored on
 * request (`GET /api/brokerb/market-hours?persist=true`). Both tenant-owned, under RLS.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    // One row per observed event under a natural key (`order:<id>:<status>`): observing it again is a no-op.
    `create table broker_account_activity (
       tenant_id    bigint not null references tenant(id),
       id           bigint generated always as identity,
       broker_type  text   not null check (broker_type in ('brokera', 'brokerb', 'aggregator')),
       account_id   bigint not null,
       external_id  text   not null,
       event_type   text   not null,
       occurred_at  timestamptz not null,
       symbol       text,
       order_id     text,
       status       text,
       quantity     numeric(24, 9),
       price        numeric(24, 10),
       description  text,
       created_at   timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, account_id, external_id)
     )`,
    `create index broker_account_activity_recent_idx on broker_account_activity (tenant_id, occurred_at desc)`,
    ...tenantRls('broker_account_activity'),

    `create table broker_market_hours (
       tenant_id     bigint not null references tenant(id),
       market        text   not null,
       product       text   not null,
       date          date   not null,
       product_name  text,
       is_open       boolean not null,
       session_hours jsonb  not null default '{}'::jsonb,
       fetched_at    timestamptz not null default now(),
       primary key (tenant_id, market, product, date)
     )`,
    ...tenantRls('broker_market_hours'),
  ])
}
