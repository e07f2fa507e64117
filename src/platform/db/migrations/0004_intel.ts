/**
 * Intel content caches: insider filings (6-hour TTL per symbol) and earnings-call transcripts with
 * their summaries. These are GLOBAL tables (no tenant_id, no RLS): they hold public market data
 * that is identical for every tenant, so one fetch serves all tenants and vendor quotas are not
 * multiplied per tenant. Nothing tenant-specific is stored in them. Requests read them through
 * `scopes.withGlobal` and write them through the audited `scopes.withSystem`.
 */
import type { Kysely } from 'kysely'
import { run } from './helpers.ts'

const SYMBOL = `check (symbol ~ '^[A-Z0-9.\\-^]{1,16}$')`

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    // One row per symbol: when its filings were last fetched and which dates that fetch covered.
    `create table insider_fetch (
       symbol      text primary key ${SYMBOL},
       window_from date not null,
       window_to   date not null,
       provider    text not null,
       fetched_at  timestamptz not null
     )`,
    `create table insider_transaction (
       symbol           text    not null references insider_fetch (symbol) on delete cascade,
       seq              integer not null,
       insider_name     text    not null,
       insider_title    text,
       transaction_code text    not null,
       transaction_date date    not null,
       shares           numeric(24, 4) not null,
       price            numeric(20, 6),
       value            numeric(24, 4),
       filing_url       text,
       filed_at         timestamptz,
       primary key (symbol, seq)
     )`,
    `create index insider_transaction_code_idx on insider_transaction (transaction_code, transaction_date desc)`,

    `create table earnings_transcript (
       id         bigint generated always as identity primary key,
       symbol     text    not null ${SYMBOL},
       provider   text    not null,
       vendor_id  text    not null,
       title      text    not null,
       year       integer not null,
       quarter    integer not null check (quarter between 1 and 4),
       call_time  timestamptz not null,
       sections   jsonb   not null,
       created_at timestamptz not null default now(),
       unique (provider, vendor_id)
     )`,
    `create index earnings_transcript_symbol_idx on earnings_transcript (symbol, call_time desc)`,

    `create table transcript_summary (
       transcript_id bigint primary key references earnings_transcript (id) on delete cascade,
       summary       text not null,
       method        text not null check (method in ('llm', 'extractive')),
       model         text,
       created_at    timestamptz not null default now()
     )`,
  ])
}
