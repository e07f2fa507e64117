/**
 * Agent orders: every order an agent asked for (whatever the gate decided), the approvals of the
 * orders held above the threshold, each agent's usage of the New York trading day (the row the gate
 * locks, so concurrent orders cannot overshoot a daily limit) and the positions its fills opened.
 * Orders and approvals keep a plain agent reference: an archived agent's history stays.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table bot_order (
       tenant_id        bigint  not null references tenant(id),
       id               bigint  generated always as identity,
       agent_id         bigint  not null,
       account_id       bigint  not null,
       client_order_id  text    not null check (length(client_order_id) between 1 and 128),
       symbol           text    not null,
       side             text    not null check (side in ('buy', 'sell')),
       qty              numeric(28, 9),
       notional         numeric(20, 2),
       order_type       text    not null check (order_type in ('market', 'limit')),
       limit_price      numeric(20, 6),
       time_in_force    text    not null,
       mode             text    not null check (mode in ('paper', 'live')),
       -- the order's value as the gate priced it, and the price it used
       priced_notional  numeric(20, 2) not null,
       reference_price  numeric(20, 6) not null,
       status           text    not null check (status in ('rejected', 'pending_approval', 'sent', 'partially_filled', 'filled', 'canceled', 'expired', 'broker_rejected')),
       reject_reason    text,
       reject_detail    text,
       broker           text,
       broker_order_id  text,
       filled_qty       numeric(28, 9) not null default 0,
       filled_avg_price numeric(20, 6),
       via              text    not null check (via in ('rest', 'mcp', 'console')),
       trading_day      date    not null,
       created_at       timestamptz not null default now(),
       updated_at       timestamptz not null default now(),
       primary key (tenant_id, id)
     )`,
    `create unique index bot_order_client_key on bot_order (tenant_id, agent_id, client_order_id)`,
    `create index bot_order_agent_idx on bot_order (tenant_id, agent_id, created_at desc, id desc)`,
    `create index bot_order_recent_idx on bot_order (tenant_id, created_at desc, id desc)`,
    `create index bot_order_open_idx on bot_order (tenant_id, id) where status in ('sent', 'partially_filled')`,
    ...tenantRls('bot_order'),
    `create table bot_approval (
       tenant_id       bigint not null,
       id              bigint generated always as identity,
       order_id        bigint not null,
       agent_id        bigint not null,
       -- the exact order approved: a hash of account, symbol, side, qty or notional, type, limit price
       order_hash      text   not null,
       band_low        numeric(20, 6),
       band_high       numeric(20, 6),
       status          text   not null check (status in ('pending', 'approved', 'sent', 'rejected', 'expired')),
       expires_at      timestamptz not null,
       decided_by      bigint,
       decided_at      timestamptz,
       decision_note   text,
       created_at      timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, order_id) references bot_order (tenant_id, id) on delete cascade
     )`,
    `create unique index bot_approval_order_key on bot_approval (tenant_id, order_id)`,
    `create index bot_approval_pending_idx on bot_approval (tenant_id, expires_at) where status = 'pending'`,
    `create index bot_approval_expiry_idx on bot_approval (expires_at) where status = 'pending'`,
    ...tenantRls('bot_approval'),
    `create table bot_usage_day (
       tenant_id   bigint  not null,
       agent_id    bigint  not null,
       trading_day date    not null,
       orders      integer not null default 0,
       notional    numeric(20, 2) not null default 0,
       rejections  jsonb   not null default '{}'::jsonb,
       updated_at  timestamptz not null default now(),
       primary key (tenant_id, agent_id, trading_day)
     )`,
    ...tenantRls('bot_usage_day'),
    `create table bot_position (
       tenant_id  bigint not null,
       agent_id   bigint not null,
       account_id bigint not null,
       symbol     text   not null,
       qty        numeric(28, 9) not null,
       updated_at timestamptz not null default now(),
       primary key (tenant_id, agent_id, account_id, symbol)
     )`,
    ...tenantRls('bot_position'),
  ])
}
