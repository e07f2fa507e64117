/**
 * The free-tier feed: the free symbol universe, the record of each delayed
 * publication, and the 1-minute bars as published (replay answers exactly these). GLOBAL tables
 * (no tenant_id, no RLS): public market data, identical for every tenant. Read through
 * `scopes.withGlobal`, written through the audited `scopes.withSystem`.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../../platform/db/migrations/helpers.ts'

const SYMBOL = `check (symbol ~ '^[A-Z0-9.\\-^]{1,16}$')`

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    // Replaced as a whole by each reload; `position` keeps the configured order.
    `create table free_universe (
       symbol    text primary key ${SYMBOL},
       position  integer not null,
       loaded_at timestamptz not null
     )`,
    `create table free_publication (
       id              bigint generated always as identity primary key,
       published_at    timestamptz not null,
       delayed_minutes integer not null check (delayed_minutes > 0),
       symbols         jsonb not null,
       bars            integer not null,
       summary         jsonb not null
     )`,
    `create index free_publication_time_idx on free_publication (published_at desc)`,
    // Unconstrained numeric, so a published JS number reads back as the same number.
    `create table free_bar (
       symbol       text not null ${SYMBOL},
       trading_date date not null,
       time         timestamptz not null,
       open         numeric not null,
       high         numeric not null,
       low          numeric not null,
       close        numeric not null,
       volume       numeric not null,
       vwap         numeric,
       primary key (symbol, trading_date, time)
     )`,
  ])
}
