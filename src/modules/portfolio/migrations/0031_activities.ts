/**
 * The money in and out of every account.
 *
 * - `activity`: one ledger per account of what happened to it (buys, sells, dividends, interest,
 *   fees, taxes, deposits, withdrawals, transfers, splits), typed by hand, imported from CSV or
 *   written by a broker sync. `amount` is the gross money of the event, the direction following
 *   from `type`; `fee` is always a cost. `(source, source_id)` is unique per account, so a sync or
 *   an import that runs again finds what it wrote.
 * - `account_cash`: the cash balance a broker reported, per account, day and currency.
 * - `capital_flow.activity_id`: the flow a deposit, withdrawal or transfer made (deleted with it);
 *   `capital_flow.kind` says who wrote a flow; `capital_flow.currency` is the currency of `amount`.
 */
import type { Kysely } from 'kysely'
import { run, statementTriggers, tenantRls } from '../../../platform/db/migrations/helpers.ts'

const TYPES = [
  'BUY',
  'SELL',
  'DIVIDEND',
  'INTEREST',
  'FEE',
  'TAX',
  'DEPOSIT',
  'WITHDRAWAL',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'SPLIT',
]
const SOURCES = ['manual', 'csv', 'brokera', 'brokerb', 'aggregator']
const list = (xs: string[]) => xs.map((x) => `'${x}'`).join(', ')

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table activity (
       tenant_id     bigint not null,
       id            bigint generated always as identity,
       account_id    bigint not null,
       type          text   not null check (type in (${list(TYPES)})),
       activity_date date   not null,
       symbol        text   check (symbol ~ '^[A-Z0-9.\\-^]{1,16}$'),
       quantity      numeric(24, 8),
       price         numeric(20, 6),
       amount        numeric(20, 4) not null,
       fee           numeric(20, 4) not null default 0 check (fee >= 0),
       currency      text   not null check (currency ~ '^[A-Z]{3}$'),
       source        text   not null check (source in (${list(SOURCES)})),
       source_id     text   check (length(source_id) between 1 and 200),
       note          text   check (length(note) <= 500),
       created_at    timestamptz not null default now(),
       updated_at    timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, account_id) references broker_account (tenant_id, id)
     )`,
    `create unique index activity_source_key on activity (tenant_id, account_id, source, source_id) where source_id is not null`,
    `create index activity_account_date_idx on activity (tenant_id, account_id, activity_date, id)`,
    `create index activity_date_idx on activity (tenant_id, activity_date, id)`,
    ...tenantRls('activity'),
    ...statementTriggers('activity_version', 'activity', 'portfolio_version_bump'),

    `create table account_cash (
       tenant_id  bigint  not null,
       account_id bigint  not null,
       as_of      date    not null,
       currency   text    not null check (currency ~ '^[A-Z]{3}$'),
       balance    numeric(20, 4) not null,
       updated_at timestamptz not null default now(),
       primary key (tenant_id, account_id, as_of, currency),
       foreign key (tenant_id, account_id) references broker_account (tenant_id, id)
     )`,
    ...tenantRls('account_cash'),
    ...statementTriggers('account_cash_version', 'account_cash', 'portfolio_version_bump'),

    `alter table capital_flow add column activity_id bigint`,
    `alter table capital_flow add constraint capital_flow_activity_fk
       foreign key (tenant_id, activity_id) references activity (tenant_id, id) on delete cascade`,
    `create unique index capital_flow_activity_key on capital_flow (tenant_id, activity_id) where activity_id is not null`,
    `alter table capital_flow add column kind text not null default 'manual'
       check (kind in ('manual', 'activity', 'opening_balance'))`,
    `alter table capital_flow add column currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$')`,
  ])
}
