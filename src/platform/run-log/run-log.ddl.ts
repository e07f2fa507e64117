/**
 * The DDL of a run table and its event table (the shape of RunTable/RunEventTable, run-store.ts),
 * for the migration of the module that owns them (committee 0020, market-research 0022): tenant
 * tables under RLS, keyed by (tenant_id, id), events unique per (tenant_id, run_id, seq).
 */
import { tenantRls } from '../db/migrations/helpers.ts'
import { RUN_STATUSES } from './run-states.ts'

export function runTableStatements(run: string, event: string): string[] {
  const statuses = RUN_STATUSES.map((s) => `'${s}'`).join(', ')
  return [
    `create table ${run} (
       tenant_id   bigint not null references tenant(id),
       id          text   not null check (id ~ '^[0-9A-HJKMNP-TV-Z]{26}$'),
       subject     text   not null check (length(subject) between 1 and 64),
       status      text   not null check (status in (${statuses})),
       input       jsonb  not null,
       result      jsonb,
       error       jsonb,
       retry_of    text,
       created_at  timestamptz not null,
       started_at  timestamptz,
       finished_at timestamptz,
       primary key (tenant_id, id)
     )`,
    `create index ${run}_created_idx on ${run} (tenant_id, created_at desc, id desc)`,
    `create index ${run}_subject_idx on ${run} (tenant_id, subject, created_at desc, id desc)`,
    ...tenantRls(run),
    `create table ${event} (
       tenant_id  bigint not null references tenant(id),
       id         bigint generated always as identity,
       run_id     text   not null,
       seq        integer not null check (seq >= 1),
       kind       text   not null,
       payload    jsonb  not null,
       created_at timestamptz not null,
       primary key (tenant_id, id),
       unique (tenant_id, run_id, seq),
       foreign key (tenant_id, run_id) references ${run} (tenant_id, id) on delete cascade
     )`,
    ...tenantRls(event),
  ]
}
