/**
 * Discovery: the tenant's scanner results, one row per universe + scan type + symbol +
 * trading date (a re-scan the same day updates it), and its opportunity scores, one row per symbol
 * (a recompute updates it). Tenant tables under RLS.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

const SYMBOL = `check (symbol ~ '^[A-Z0-9.\\-^]{1,16}$')`
const UNIVERSE = `check (universe in ('all', 'sp500', 'free', 'watchlist'))`
const SCAN_TYPE = `check (scan_type in ('gappers', 'volume', 'momentum', 'reversal', 'breakout'))`

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table discovery_result (
       tenant_id    bigint not null references tenant(id),
       id           bigint generated always as identity,
       universe     text not null ${UNIVERSE},
       scan_type    text not null ${SCAN_TYPE},
       symbol       text not null ${SYMBOL},
       trading_date date not null,
       score        double precision not null,
       direction    text not null check (direction in ('up', 'down')),
       price        double precision not null,
       change_pct   double precision,
       evidence     jsonb not null,
       created_at   timestamptz not null,
       updated_at   timestamptz not null,
       primary key (tenant_id, id),
       unique (tenant_id, universe, scan_type, symbol, trading_date)
     )`,
    `create index discovery_result_recent_idx on discovery_result (tenant_id, updated_at desc)`,
    ...tenantRls('discovery_result'),
    `create table discovery_opportunity (
       tenant_id        bigint not null references tenant(id),
       id               bigint generated always as identity,
       symbol           text not null ${SYMBOL},
       score            double precision not null check (score between 0 and 100),
       signals          integer not null check (signals between 1 and 5),
       confluence_bonus double precision not null,
       scan_types       jsonb not null,
       universes        jsonb not null,
       components       jsonb not null,
       computed_at      timestamptz not null,
       created_at       timestamptz not null,
       primary key (tenant_id, id),
       unique (tenant_id, symbol)
     )`,
    `create index discovery_opportunity_score_idx on discovery_opportunity (tenant_id, score desc)`,
    ...tenantRls('discovery_opportunity'),
  ])
}
