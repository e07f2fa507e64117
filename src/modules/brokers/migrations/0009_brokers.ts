/**
 * Broker connectivity: one connection per tenant and broker (its tokens AES-256-GCM encrypted),
 * the vendor accounts it links to portfolio accounts, the single-use OAuth `state` nonces, and
 * the sync log the owner can read.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../platform/db/migrations/helpers.ts'

const BROKER = `check (broker_type in ('brokera', 'brokerb', 'aggregator'))`

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table broker_connection (
       tenant_id          bigint not null references tenant(id),
       id                 bigint generated always as identity,
       broker_type        text   not null ${BROKER},
       user_id            bigint not null,
       status             text   not null check (status in ('connected', 'disconnected')),
       access_token_enc   text,
       refresh_token_enc  text,
       access_expires_at  timestamptz,
       refresh_expires_at timestamptz,
       scope              text,
       vendor_user_id     text,
       connected_at       timestamptz not null default now(),
       disconnected_at    timestamptz,
       refreshed_at       timestamptz,
       last_sync_at       timestamptz,
       last_error         text,
       created_at         timestamptz not null default now(),
       updated_at         timestamptz not null default now(),
       primary key (tenant_id, id),
       check (status = 'disconnected' or access_token_enc is not null)
     )`,
    // One live connection per tenant and broker; disconnected ones stay as history.
    `create unique index broker_connection_live_key on broker_connection (tenant_id, broker_type) where status = 'connected'`,
    // The refresh job scans for tokens about to expire across tenants.
    `create index broker_connection_expiry_idx on broker_connection (access_expires_at) where status = 'connected'`,
    ...tenantRls('broker_connection'),

    `create table broker_linked_account (
       tenant_id      bigint not null,
       id             bigint generated always as identity,
       connection_id  bigint not null,
       external_id    text   not null,
       account_number text   not null,
       account_id     bigint not null,
       -- The lot-matching method the account's broker trades were last computed with.
       lots_method    text,
       created_at     timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, connection_id, external_id),
       foreign key (tenant_id, connection_id) references broker_connection (tenant_id, id) on delete cascade
     )`,
    ...tenantRls('broker_linked_account'),

    // Every fill a broker reported, under the vendor's id: syncs are idempotent (the id is the key)
    // and incremental (they ask for what came after the latest), and lot matching reads them back.
    `create table broker_fill (
       tenant_id   bigint not null,
       id          bigint generated always as identity,
       account_id  bigint not null,
       external_id text   not null,
       symbol      text   not null,
       side        text   not null check (side in ('buy', 'sell', 'sell_short')),
       quantity    numeric(24, 9) not null check (quantity > 0),
       price       numeric(24, 10) not null check (price >= 0),
       fee         numeric(24, 10) not null default 0 check (fee >= 0),
       traded_at   timestamptz not null,
       trade_date  date   not null,
       created_at  timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, account_id, external_id)
     )`,
    `create index broker_fill_symbol_idx on broker_fill (tenant_id, account_id, symbol, traded_at)`,
    ...tenantRls('broker_fill'),

    `create table broker_oauth_state (
       tenant_id   bigint not null references tenant(id),
       nonce       text   not null check (nonce ~ '^[A-Za-z0-9_-]{16,64}$'),
       broker_type text   not null ${BROKER},
       user_id     bigint not null,
       expires_at  timestamptz not null,
       used_at     timestamptz,
       created_at  timestamptz not null default now(),
       primary key (tenant_id, nonce)
     )`,
    ...tenantRls('broker_oauth_state'),

    `create table broker_sync_log (
       tenant_id     bigint not null references tenant(id),
       id            bigint generated always as identity,
       broker_type   text   not null ${BROKER},
       connection_id bigint,
       user_id       bigint,
       sync_kind     text   not null check (sync_kind in ('manual', 'scheduled', 'connect')),
       status        text   not null check (status in ('ok', 'error')),
       positions     integer not null default 0,
       transactions  integer not null default 0,
       error         text,
       started_at    timestamptz not null,
       finished_at   timestamptz not null,
       primary key (tenant_id, id)
     )`,
    `create index broker_sync_log_recent_idx on broker_sync_log (tenant_id, broker_type, id desc)`,
    ...tenantRls('broker_sync_log'),
  ])
}
