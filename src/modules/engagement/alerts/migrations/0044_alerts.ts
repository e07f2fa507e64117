/**
 * Alerts: each user's preferences (`alert_prefs`: quiet hours), their rules (`alert_rule`), what
 * evaluations remember per rule (`alert_rule_state`: the every_time arm, a screen's last members)
 * and every firing (`alert_firing`), unique per rule and occurrence key so that concurrent
 * evaluators insert one row and only that insert dispatches. Firings outlive their rule (no foreign
 * key on rule_id): the delivery trace still explains an alert after its rule was deleted.
 * `alert_rule_symbol_idx` serves the cross-tenant lookup of a quote tick's rules (system scope).
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table alert_prefs (
       tenant_id   bigint not null references tenant(id),
       user_id     bigint not null,
       quiet_hours jsonb,
       updated_at  timestamptz not null default now(),
       primary key (tenant_id, user_id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    ...tenantRls('alert_prefs'),
    `create table alert_rule (
       tenant_id  bigint not null references tenant(id),
       id         bigint generated always as identity,
       user_id    bigint not null,
       alert_type text   not null,
       params     jsonb  not null,
       symbol     text,
       channels   jsonb  not null check (jsonb_typeof(channels) = 'array'),
       frequency  text   not null check (frequency in ('once', 'once_per_session', 'every_time')),
       enabled    boolean not null default true,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    `create index alert_rule_user_idx on alert_rule (tenant_id, user_id, id)`,
    `create index alert_rule_type_idx on alert_rule (tenant_id, alert_type) where enabled`,
    `create index alert_rule_symbol_idx on alert_rule (symbol, tenant_id) where enabled and symbol is not null`,
    ...tenantRls('alert_rule'),
    `create table alert_rule_state (
       tenant_id   bigint not null,
       rule_id     bigint not null,
       arm         integer not null default 0 check (arm >= 0),
       armed       boolean not null default true,
       membership  jsonb,
       last_values jsonb,
       updated_at  timestamptz not null default now(),
       primary key (tenant_id, rule_id),
       foreign key (tenant_id, rule_id) references alert_rule (tenant_id, id) on delete cascade
     )`,
    ...tenantRls('alert_rule_state'),
    `create table alert_firing (
       tenant_id       bigint not null references tenant(id),
       id              bigint generated always as identity,
       rule_id         bigint not null,
       user_id         bigint not null,
       alert_type      text   not null,
       occurrence_key  text   not null,
       condition       jsonb  not null,
       fired_values    jsonb  not null,
       channels        jsonb  not null,
       notification_id bigint,
       fired_at        timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, rule_id, occurrence_key),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    `create index alert_firing_user_idx on alert_firing (tenant_id, user_id, fired_at desc, id desc)`,
    ...tenantRls('alert_firing'),
  ])
}
