/**
 * Exchange rates as fetched from the FX provider, kept for good: every euro reference fixing
 * (units of `currency` per 1 EUR on `date`), per provider so that simulated and published rates
 * never mix, and the day ranges already asked for (a range without fixings — a weekend, a holiday
 * — is known to have none and is not asked again). GLOBAL tables (no tenant_id, no RLS): public
 * market data, the same for every tenant. Read through `scopes.withGlobal`, written through the
 * audited `scopes.withSystem`.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table fx_rate (
       provider   text not null check (provider ~ '^[a-z0-9_-]{1,32}$'),
       date       date not null,
       currency   text not null check (currency ~ '^[A-Z]{3}$'),
       rate       numeric not null check (rate > 0),
       fetched_at timestamptz not null,
       primary key (provider, date, currency)
     )`,
    `create table fx_fetch (
       provider   text not null check (provider ~ '^[a-z0-9_-]{1,32}$'),
       first_date date not null,
       last_date  date not null check (last_date >= first_date),
       fetched_at timestamptz not null,
       primary key (provider, first_date, last_date)
     )`,
  ])
}
