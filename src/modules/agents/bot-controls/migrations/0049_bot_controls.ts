/**
 * Bot controls: the tenant's agents (automated strategies and AI assistants acting for a user),
 * each agent's limits, its one live credential, and the approval threshold (tenant level, with a
 * per-account override). Tenant tables: tenant_id first in every key, row-level security.
 * An agent is archived, never deleted, so its order history keeps its name.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table bot_agent (
       tenant_id        bigint  not null references tenant(id),
       id               bigint  generated always as identity,
       name             text    not null check (length(name) between 1 and 100),
       enabled          boolean not null default true,
       trading_state    text    not null default 'active' check (trading_state in ('active', 'reducing', 'halted')),
       mode             text    not null default 'paper' check (mode in ('paper', 'live')),
       allowed_symbols  jsonb,
       allowed_hours    jsonb,
       allowed_accounts jsonb,
       strategy_label   text    check (length(strategy_label) <= 100),
       created_by       bigint  not null,
       created_at       timestamptz not null default now(),
       updated_at       timestamptz not null default now(),
       archived_at      timestamptz,
       primary key (tenant_id, id)
     )`,
    `create index bot_agent_live_idx on bot_agent (tenant_id, id) where archived_at is null`,
    ...tenantRls('bot_agent'),
    `create table bot_agent_limits (
       tenant_id             bigint not null,
       agent_id              bigint not null,
       max_orders_per_day    integer check (max_orders_per_day >= 0),
       max_notional_per_day  numeric(20, 2) check (max_notional_per_day >= 0),
       max_order_notional    numeric(20, 2) check (max_order_notional >= 0),
       max_position_weight   numeric(9, 6) check (max_position_weight >= 0 and max_position_weight <= 1),
       max_open_positions    integer check (max_open_positions >= 0),
       max_orders_per_minute integer check (max_orders_per_minute >= 0),
       updated_by            bigint,
       updated_at            timestamptz not null default now(),
       primary key (tenant_id, agent_id),
       foreign key (tenant_id, agent_id) references bot_agent (tenant_id, id) on delete cascade
     )`,
    ...tenantRls('bot_agent_limits'),
    `create table bot_agent_credential (
       tenant_id    bigint not null,
       agent_id     bigint not null,
       prefix       text   not null,
       key_hash     text   not null,
       scopes       jsonb  not null,
       created_by   bigint not null,
       created_at   timestamptz not null default now(),
       last_used_at timestamptz,
       primary key (tenant_id, agent_id),
       foreign key (tenant_id, agent_id) references bot_agent (tenant_id, id) on delete cascade
     )`,
    `create unique index bot_agent_credential_hash_key on bot_agent_credential (key_hash)`,
    ...tenantRls('bot_agent_credential'),
    `create table bot_approval_threshold (
       tenant_id  bigint not null references tenant(id),
       threshold  numeric(20, 2) check (threshold >= 0),
       updated_by bigint,
       updated_at timestamptz not null default now(),
       primary key (tenant_id)
     )`,
    ...tenantRls('bot_approval_threshold'),
    `create table bot_threshold_override (
       tenant_id  bigint not null,
       account_id bigint not null,
       threshold  numeric(20, 2) not null check (threshold >= 0),
       updated_by bigint,
       updated_at timestamptz not null default now(),
       primary key (tenant_id, account_id),
       foreign key (tenant_id, account_id) references broker_account (tenant_id, id) on delete cascade
     )`,
    ...tenantRls('bot_threshold_override'),
  ])
}
