/**
 * Intraday bars and setup signals. `intraday_bar` is GLOBAL (no tenant_id, no RLS):
 * public market data with its computed VWAP/RSI/MACD, keyed by symbol + interval + bar start, read
 * through `scopes.withGlobal` and written through the audited `scopes.withSystem`.
 * `intraday_signal` is a tenant table: one row per (tenant, symbol, setup, direction, trigger bar),
 * so re-running a detection updates rows instead of adding them; the (tenant_id, created_at, id)
 * index serves the intel feed, the (tenant_id, trigger_time) ones the signal lists.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

const SYMBOL = `check (symbol ~ '^[A-Z0-9.\\-^]{1,16}$')`
const INTERVAL = `check (interval in ('1m', '5m', '15m'))`

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    // Unconstrained numeric, so a stored JS number reads back as the same number.
    `create table intraday_bar (
       symbol       text not null ${SYMBOL},
       interval     text not null ${INTERVAL},
       time         timestamptz not null,
       session_date date not null,
       open         numeric not null,
       high         numeric not null,
       low          numeric not null,
       close        numeric not null,
       volume       numeric not null,
       vwap         numeric,
       rsi          numeric,
       macd         numeric,
       macd_signal  numeric,
       macd_hist    numeric,
       updated_at   timestamptz not null,
       primary key (symbol, interval, time)
     )`,
    `create index intraday_bar_session_idx on intraday_bar (symbol, interval, session_date)`,
    `create table intraday_signal (
       tenant_id    bigint not null references tenant(id),
       id           bigint generated always as identity,
       symbol       text not null ${SYMBOL},
       setup        text not null check (setup in ('orb', 'vwap_reclaim', 'gap', 'volume_spike')),
       direction    text not null check (direction in ('long', 'short')),
       confidence   numeric not null check (confidence between 0 and 1),
       price        numeric not null,
       trigger_time timestamptz not null,
       session_date date not null,
       session      text not null check (session in ('REGULAR', 'PRE', 'POST', 'EXTENDED')),
       interval     text not null ${INTERVAL},
       evidence     jsonb not null,
       created_at   timestamptz not null,
       updated_at   timestamptz not null,
       primary key (tenant_id, id),
       unique (tenant_id, symbol, setup, direction, trigger_time)
     )`,
    `create index intraday_signal_created_idx on intraday_signal (tenant_id, created_at desc, id desc)`,
    `create index intraday_signal_trigger_idx on intraday_signal (tenant_id, trigger_time desc, id desc)`,
    ...tenantRls('intraday_signal'),
  ])
}
