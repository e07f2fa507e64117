/**
 * Push targets: `push_subscription` is a browser's web push subscription (the push service's
 * endpoint and the keys its payloads are encrypted to), unique by endpoint within a tenant;
 * `push_token` is a mobile app's device token (FCM registration token or APNs device token), unique
 * per user and token. Both are tenant tables (tenant_id first in every key, row-level security) and
 * go with their user. `push_outbox` keeps the mobile pushes that no provider is configured to
 * deliver (the offline default, like the e-mail and SMS outboxes); the push providers own it and
 * its definition.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'
import { PUSH_OUTBOX_MIGRATION } from '../../../../providers/push/index.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table push_subscription (
       tenant_id       bigint not null references tenant(id),
       id              bigint generated always as identity,
       user_id         bigint not null,
       endpoint        text   not null check (length(endpoint) between 1 and 2048),
       p256dh          text   not null,
       auth            text   not null,
       expiration_time timestamptz,
       user_agent      text,
       created_at      timestamptz not null default now(),
       last_seen_at    timestamptz not null default now(),
       last_success_at timestamptz,
       primary key (tenant_id, id),
       unique (tenant_id, endpoint),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    `create index push_subscription_user_idx on push_subscription (tenant_id, user_id, last_seen_at)`,
    `create index push_subscription_seen_idx on push_subscription (last_seen_at)`,
    ...tenantRls('push_subscription'),
    `create table push_token (
       tenant_id    bigint not null references tenant(id),
       id           bigint generated always as identity,
       user_id      bigint not null,
       device_token text   not null check (length(device_token) between 1 and 4096),
       platform     text   not null check (platform in ('ios', 'android')),
       app_id       text,
       created_at   timestamptz not null default now(),
       last_seen_at timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, user_id, device_token),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    `create index push_token_device_idx on push_token (tenant_id, device_token)`,
    `create index push_token_seen_idx on push_token (last_seen_at)`,
    ...tenantRls('push_token'),
    ...PUSH_OUTBOX_MIGRATION,
    ...tenantRls('push_outbox'),
  ])
}
