/**
 * Notifications: `notification` (one message, unique per recipient and dedupe key), its
 * `notification_delivery` rows (one per recipient and channel, the delivery trace),
 * `idempotency_key` (what a POST with an Idempotency-Key answered), `notification_suppression`
 * (who gets nothing on a channel, and why) and `in_app_item` (the in-app inbox). All tenant
 * tables (tenant_id first in every key, row-level security).
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

const CHANNEL = `channel in ('in_app', 'email', 'web_push', 'mobile_push')`

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table notification (
       tenant_id   bigint not null references tenant(id),
       id          bigint generated always as identity,
       user_id     bigint not null,
       dedupe_key  text   not null check (length(dedupe_key) between 1 and 300),
       fingerprint text,
       source      text   not null check (source in ('api', 'alert', 'system')),
       list        text   not null check (list ~ '^[a-z][a-z0-9_-]{0,39}$'),
       title       text   not null,
       body        text   not null,
       url         text,
       data        jsonb  not null default '{}',
       created_at  timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, user_id, dedupe_key),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    ...tenantRls('notification'),
    `create table notification_delivery (
       tenant_id        bigint  not null,
       id               bigint  generated always as identity,
       notification_id  bigint  not null,
       user_id          bigint  not null,
       channel          text    not null check (${CHANNEL}),
       status           text    not null check (status in ('pending', 'retrying', 'sent', 'suppressed',
                          'quiet_hours', 'capped', 'skipped', 'failed')),
       detail           jsonb   not null default '{}',
       attempts         integer not null default 0,
       next_attempt_at  timestamptz,
       claimed_until    timestamptz,
       sent_at          timestamptz,
       dead_lettered_at timestamptz,
       updated_at       timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, notification_id, user_id, channel),
       foreign key (tenant_id, notification_id) references notification (tenant_id, id) on delete cascade
     )`,
    `create index notification_delivery_due_idx on notification_delivery (tenant_id, next_attempt_at)
       where status in ('pending', 'retrying', 'quiet_hours')`,
    `create index notification_delivery_dead_idx on notification_delivery (tenant_id, dead_lettered_at desc, id desc)
       where dead_lettered_at is not null`,
    ...tenantRls('notification_delivery'),
    `create table idempotency_key (
       tenant_id       bigint not null,
       user_id         bigint not null,
       route           text   not null,
       key             text   not null check (length(key) between 1 and 255),
       fingerprint     text   not null,
       state           text   not null check (state in ('processing', 'done')),
       response_status integer,
       response_body   jsonb,
       created_at      timestamptz not null default now(),
       locked_until    timestamptz,
       primary key (tenant_id, user_id, route, key),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    `create index idempotency_key_age_idx on idempotency_key (created_at)`,
    ...tenantRls('idempotency_key'),
    `create table notification_suppression (
       tenant_id  bigint not null,
       id         bigint generated always as identity,
       user_id    bigint not null,
       channel    text   not null check (${CHANNEL}),
       recipient  text   not null check (length(recipient) between 1 and 2048),
       reason     text   not null check (reason in ('unsubscribe', 'hard_bounce', 'complaint', 'push_gone', 'manual')),
       list       text,
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    `create unique index notification_suppression_key on notification_suppression
       (tenant_id, channel, recipient, coalesce(list, ''))`,
    `create index notification_suppression_user_idx on notification_suppression (tenant_id, user_id, id desc)`,
    ...tenantRls('notification_suppression'),
    `create table in_app_item (
       tenant_id       bigint not null,
       id              bigint generated always as identity,
       user_id         bigint not null,
       notification_id bigint not null,
       title           text   not null,
       body            text   not null,
       url             text,
       data            jsonb  not null default '{}',
       read_at         timestamptz,
       created_at      timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, notification_id, user_id),
       foreign key (tenant_id, notification_id) references notification (tenant_id, id) on delete cascade
     )`,
    `create index in_app_item_user_idx on in_app_item (tenant_id, user_id, id desc)`,
    `create index in_app_item_unread_idx on in_app_item (tenant_id, user_id) where read_at is null`,
    ...tenantRls('in_app_item'),
  ])
}
