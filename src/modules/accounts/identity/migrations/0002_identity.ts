/**
 * Identity: sessions, refresh-token families, MFA (TOTP + recovery codes), one-time tokens and
 * codes, API keys, the audit log, and the e-mail/SMS outboxes. Secrets are stored hashed (tokens,
 * codes, keys) or encrypted (TOTP secrets); none is ever stored in plain text.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `alter table app_user add column password_changed_at timestamptz, add column deactivated_at timestamptz`,

    // One row per access-token session (the JWT's sid): logout and password reset revoke it.
    `create table auth_session (
       tenant_id  bigint not null,
       id         text   not null,
       user_id    bigint not null,
       created_at timestamptz not null default now(),
       expires_at timestamptz not null,
       revoked_at timestamptz,
       ip         text,
       user_agent text,
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id)
     )`,
    `create index auth_session_user_idx on auth_session (tenant_id, user_id)`,
    ...tenantRls('auth_session'),

    `create table refresh_token (
       tenant_id  bigint not null,
       id         bigint generated always as identity,
       family_id  text   not null,
       session_id text   not null,
       user_id    bigint not null,
       token_hash text   not null,
       created_at timestamptz not null default now(),
       expires_at timestamptz not null,
       used_at    timestamptz,
       revoked_at timestamptz,
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id)
     )`,
    `create unique index refresh_token_hash_key on refresh_token (token_hash)`,
    `create index refresh_token_family_idx on refresh_token (tenant_id, family_id)`,
    ...tenantRls('refresh_token'),

    `create table mfa_totp (
       tenant_id   bigint not null,
       user_id     bigint not null,
       secret_enc  text   not null,
       verified_at timestamptz,
       last_step   bigint,
       created_at  timestamptz not null default now(),
       primary key (tenant_id, user_id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id)
     )`,
    ...tenantRls('mfa_totp'),

    `create table mfa_recovery_code (
       tenant_id  bigint not null,
       id         bigint generated always as identity,
       user_id    bigint not null,
       code_hash  text   not null,
       used_at    timestamptz,
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id)
     )`,
    `create index mfa_recovery_code_user_idx on mfa_recovery_code (tenant_id, user_id)`,
    ...tenantRls('mfa_recovery_code'),

    // Links (verify e-mail, reset password, reactivate, MFA login) and short codes (e-mail, phone).
    `create table one_time_token (
       tenant_id  bigint not null,
       id         bigint generated always as identity,
       user_id    bigint not null,
       purpose    text   not null check (purpose in
                    ('email_verify', 'email_code', 'password_reset', 'reactivate', 'phone_code', 'mfa_login')),
       token_hash text   not null,
       target     text,
       attempts   int    not null default 0,
       expires_at timestamptz not null,
       used_at    timestamptz,
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id)
     )`,
    `create index one_time_token_hash_idx on one_time_token (token_hash)`,
    `create index one_time_token_user_idx on one_time_token (tenant_id, user_id, purpose)`,
    ...tenantRls('one_time_token'),

    `create table api_key (
       tenant_id    bigint not null,
       user_id      bigint not null,
       prefix       text   not null,
       key_hash     text   not null,
       created_at   timestamptz not null default now(),
       last_used_at timestamptz,
       primary key (tenant_id, user_id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id)
     )`,
    `create unique index api_key_hash_key on api_key (key_hash)`,
    ...tenantRls('api_key'),

    // Security events. tenant_id is null for events without a known account (failed login by an
    // unknown e-mail): only system scope sees those.
    `create table audit_log (
       tenant_id  bigint references tenant(id),
       id         bigint generated always as identity primary key,
       user_id    bigint,
       event      text not null,
       ip         text,
       user_agent text,
       detail     jsonb not null default '{}'::jsonb,
       created_at timestamptz not null default now()
     )`,
    `create index audit_log_tenant_idx on audit_log (tenant_id, created_at desc)`,
    ...tenantRls('audit_log'),

    // The default e-mail and SMS "delivery": every message is kept here.
    `create table email_outbox (
       tenant_id  bigint references tenant(id),
       id         bigint generated always as identity primary key,
       to_address text not null,
       subject    text not null,
       text_body  text not null,
       html_body  text,
       headers    jsonb not null default '{}'::jsonb,
       created_at timestamptz not null default now()
     )`,
    `create index email_outbox_tenant_idx on email_outbox (tenant_id, created_at desc)`,
    ...tenantRls('email_outbox'),

    `create table sms_outbox (
       tenant_id  bigint references tenant(id),
       id         bigint generated always as identity primary key,
       to_number  text not null,
       body       text not null,
       created_at timestamptz not null default now()
     )`,
    `create index sms_outbox_tenant_idx on sms_outbox (tenant_id, created_at desc)`,
    ...tenantRls('sms_outbox'),
  ])
}
