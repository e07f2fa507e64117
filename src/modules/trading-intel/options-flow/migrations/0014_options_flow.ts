/**
 * Options-flow signals: the put/call classification of a symbol's nearest expiration,
 * unique per tenant, symbol and New York trading date (a re-run the same day updates the row).
 * Indexed for the look-back list (updated_at) and the intel feed (created_at), both per tenant.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table options_flow_signal (
       tenant_id      bigint not null references tenant(id),
       id             bigint generated always as identity,
       symbol         text   not null check (symbol ~ '^[A-Z0-9.\\-^]{1,16}$'),
       trading_date   date   not null,
       direction      text   not null check (direction in ('CALL_DOMINANCE', 'PUT_DOMINANCE', 'NEUTRAL_FLOW')),
       put_volume     numeric not null check (put_volume >= 0),
       call_volume    numeric not null check (call_volume >= 0),
       put_call_ratio numeric check (put_call_ratio >= 0),
       confidence     numeric not null check (confidence between 0 and 1),
       contracts      integer not null check (contracts >= 0),
       expiration     date   not null,
       created_at     timestamptz not null,
       updated_at     timestamptz not null,
       primary key (tenant_id, id),
       unique (tenant_id, symbol, trading_date)
     )`,
    `create index options_flow_signal_updated_idx on options_flow_signal (tenant_id, updated_at desc, id desc)`,
    `create index options_flow_signal_created_idx on options_flow_signal (tenant_id, created_at desc, id desc)`,
    ...tenantRls('options_flow_signal'),
  ])
}
