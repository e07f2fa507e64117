/**
 * Dashboard widgets: each user's choices (`widget_preference`: visible, collapsed, position; a null
 * column means "the widget's default") and the tenant's policy set by an administrator
 * (`widget_policy`: enabled, forced visible, a note). The widget catalogue itself is code
 * (lib/registry.ts), so widget ids are plain text here.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table widget_preference (
       tenant_id  bigint not null references tenant(id),
       id         bigint generated always as identity,
       user_id    bigint not null,
       widget_id  text not null check (widget_id ~ '^[a-z][a-z0-9_]{0,63}$'),
       visible    boolean,
       collapsed  boolean,
       position   int check (position between 0 and 999),
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, user_id, widget_id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    ...tenantRls('widget_preference'),
    `create table widget_policy (
       tenant_id      bigint not null references tenant(id),
       id             bigint generated always as identity,
       widget_id      text not null check (widget_id ~ '^[a-z][a-z0-9_]{0,63}$'),
       enabled        boolean not null,
       forced_visible boolean not null default false,
       note           text check (length(note) <= 500),
       updated_at     timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, widget_id),
       check (enabled or not forced_visible)
     )`,
    ...tenantRls('widget_policy'),
  ])
}
