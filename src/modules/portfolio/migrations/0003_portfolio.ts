/**
 * Portfolio: broker accounts (manual now, broker-connected later), manual positions, realized
 * trades (manual transactions and, later, broker imports), daily snapshots, investors and capital
 * flows. Money is `numeric` (exact); `date_sold` is kept as received beside its parsed date.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table broker_account (
       tenant_id    bigint not null references tenant(id),
       id           bigint generated always as identity,
       name         text   not null check (length(name) between 1 and 120),
       broker_type  text   not null check (broker_type ~ '^[a-z][a-z0-9_]{0,31}$'),
       account_type text,
       currency     text   not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
       status       text   not null default 'active' check (status in ('active', 'closed', 'inactive')),
       external_id  text,
       archived_at  timestamptz,
       created_at   timestamptz not null default now(),
       updated_at   timestamptz not null default now(),
       primary key (tenant_id, id)
     )`,
    `create index broker_account_status_idx on broker_account (tenant_id, status)`,
    ...tenantRls('broker_account'),

    `create table manual_position (
       tenant_id  bigint not null,
       id         bigint generated always as identity,
       account_id bigint not null,
       symbol     text   not null check (symbol ~ '^[A-Z0-9.\\-^]{1,16}$'),
       quantity   numeric(24, 8) not null,
       cost_basis numeric(20, 4) not null,
       as_of      date   not null,
       deleted_at timestamptz,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, account_id) references broker_account (tenant_id, id)
     )`,
    // One live holding per account, symbol and day: "creates or replaces".
    `create unique index manual_position_live_key on manual_position (tenant_id, account_id, symbol, as_of) where deleted_at is null`,
    ...tenantRls('manual_position'),

    `create table realized_trade (
       tenant_id     bigint not null,
       id            bigint generated always as identity,
       account_id    bigint not null,
       symbol        text   not null,
       quantity      numeric(24, 8) not null,
       date_acquired text   not null,
       date_sold     text   not null,
       sold_on       date,
       proceeds      numeric(20, 4) not null,
       cost_basis    numeric(20, 4) not null,
       fees          numeric(20, 4) not null default 0,
       gain_loss     numeric(20, 4) not null,
       term          text   not null check (term in ('short', 'long', 'unknown')),
       source        text   not null default 'manual' check (source in ('manual', 'import', 'broker')),
       deleted_at    timestamptz,
       created_at    timestamptz not null default now(),
       updated_at    timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, account_id) references broker_account (tenant_id, id)
     )`,
    `create index realized_trade_sold_idx on realized_trade (tenant_id, sold_on) where deleted_at is null`,
    `create index realized_trade_account_idx on realized_trade (tenant_id, account_id, sold_on) where deleted_at is null`,
    ...tenantRls('realized_trade'),

    `create table portfolio_snapshot (
       tenant_id     bigint not null,
       account_id    bigint not null,
       snapshot_date date   not null,
       symbol        text   not null,
       quantity      numeric(24, 8) not null,
       price         numeric(20, 6) not null,
       market_value  numeric(20, 4) not null,
       cost_basis    numeric(20, 4) not null,
       unrealized_pl numeric(20, 4) not null,
       updated_at    timestamptz not null default now(),
       primary key (tenant_id, account_id, snapshot_date, symbol),
       foreign key (tenant_id, account_id) references broker_account (tenant_id, id)
     )`,
    `create index portfolio_snapshot_date_idx on portfolio_snapshot (tenant_id, snapshot_date)`,
    ...tenantRls('portfolio_snapshot'),

    `create table investor (
       tenant_id  bigint not null references tenant(id),
       id         bigint generated always as identity,
       name       text   not null check (length(name) between 1 and 120),
       email      text,
       is_owner   boolean not null default false,
       created_at timestamptz not null default now(),
       primary key (tenant_id, id)
     )`,
    `create unique index investor_owner_key on investor (tenant_id) where is_owner`,
    ...tenantRls('investor'),

    `create table capital_flow (
       tenant_id   bigint not null,
       id          bigint generated always as identity,
       investor_id bigint not null,
       account_id  bigint,
       flow_date   date   not null,
       amount      numeric(20, 4) not null check (amount <> 0),
       note        text,
       created_at  timestamptz not null default now(),
       updated_at  timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, investor_id) references investor (tenant_id, id),
       foreign key (tenant_id, account_id) references broker_account (tenant_id, id)
     )`,
    `create index capital_flow_date_idx on capital_flow (tenant_id, flow_date)`,
    ...tenantRls('capital_flow'),
  ])
}
