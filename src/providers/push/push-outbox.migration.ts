/**
 * The statements that create `push_outbox`, the mobile-push "delivery" when a platform has no
 * credentials. The push module's migration runs them, then the table's row-level security:
 * `...PUSH_OUTBOX_MIGRATION, ...tenantRls('push_outbox')` (providers may not import the migration
 * helpers). They live here, beside the table's owner (push.tables.ts), so one place defines it.
 *
 *   create table push_outbox (
 *     tenant_id    bigint references tenant(id),
 *     id           bigint generated always as identity primary key,
 *     platform     text not null check (platform in ('ios', 'android')),
 *     device_token text not null,
 *     app_id       text,
 *     title        text not null,
 *     body         text not null,
 *     payload      jsonb not null default '{}'::jsonb,
 *     created_at   timestamptz not null default now()
 *   )
 */
export const PUSH_OUTBOX_MIGRATION: string[] = [
  `create table push_outbox (
     tenant_id    bigint references tenant(id),
     id           bigint generated always as identity primary key,
     platform     text not null check (platform in ('ios', 'android')),
     device_token text not null,
     app_id       text,
     title        text not null,
     body         text not null,
     payload      jsonb not null default '{}'::jsonb,
     created_at   timestamptz not null default now()
   )`,
  `create index push_outbox_tenant_idx on push_outbox (tenant_id, created_at desc)`,
]
