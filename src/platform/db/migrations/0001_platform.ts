/**
 * Roles, plans, tenants, users and feature-flag overrides.
 *
 * Roles: the login that runs migrations owns the tables. Requests run as `sextant_app`
 * (NOLOGIN, no BYPASSRLS), switched to inside each transaction by tenant-scope.ts, so RLS
 * applies even when the login is a superuser (PGlite always is). The login needs CREATEROLE
 * once, or an operator creates `sextant_app` and grants it to the login beforehand.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls, TENANT_PREDICATE } from './helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    // Roles are cluster-wide: tolerate another database (or a parallel test) creating it first.
    `do $$ begin
       if not exists (select 1 from pg_roles where rolname = 'sextant_app') then
         create role sextant_app nologin;
       end if;
     exception when duplicate_object or unique_violation then null;
     end $$`,
    `do $$ begin
       if not pg_has_role(current_user, 'sextant_app', 'member') then
         execute format('grant sextant_app to %I', current_user);
       end if;
     end $$`,
    `grant usage on schema public to sextant_app`,
    `alter default privileges in schema public grant select, insert, update, delete on tables to sextant_app`,
    `alter default privileges in schema public grant usage, select on sequences to sextant_app`,

    `create table plan (
       code       text primary key check (code ~ '^[a-z][a-z0-9_]*$'),
       name       text not null,
       rank       int  not null unique,
       features   jsonb not null default '{}'::jsonb,
       limits     jsonb not null default '{}'::jsonb,
       created_at timestamptz not null default now()
     )`,
    `insert into plan (code, name, rank, features, limits) values
       ('free', 'Free', 0,
        '{"broker_connect": false, "email_briefing": false, "committee": false, "ai_screener": false}',
        '{"manual_accounts": 3, "watchlist_symbols": 50, "saved_screens": 5, "alerts": 10}'),
       ('pro', 'Pro', 1,
        '{"broker_connect": true, "email_briefing": true, "committee": false, "ai_screener": true}',
        '{"manual_accounts": 20, "watchlist_symbols": 500, "saved_screens": 50, "alerts": 200}'),
       ('premium', 'Premium', 2,
        '{"broker_connect": true, "email_briefing": true, "committee": true, "ai_screener": true}',
        '{"manual_accounts": 100, "watchlist_symbols": 2000, "saved_screens": 500, "alerts": 1000}')`,
    `revoke insert, update, delete on plan from sextant_app`,

    `create table tenant (
       id         bigint generated always as identity primary key,
       name       text not null,
       plan_code  text not null references plan(code),
       status     text not null default 'active' check (status in ('active', 'suspended')),
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now()
     )`,
    // The tenant row itself is visible to its own tenant (and to system work).
    ...tenantRls('tenant', TENANT_PREDICATE.replace('tenant_id =', 'id =')),

    `create table app_user (
       tenant_id         bigint not null references tenant(id),
       id                bigint generated always as identity,
       email             text not null check (email = lower(email) and length(email) <= 254),
       password_hash     text,
       full_name         text,
       role              text not null default 'user' check (role in ('user', 'admin')),
       status            text not null default 'active' check (status in ('active', 'deactivated')),
       email_verified_at timestamptz,
       phone             text,
       phone_verified_at timestamptz,
       created_at        timestamptz not null default now(),
       updated_at        timestamptz not null default now(),
       primary key (tenant_id, id)
     )`,
    // Logins are by e-mail across tenants, so an address belongs to one account only.
    `create unique index app_user_email_key on app_user (email)`,
    ...tenantRls('app_user'),

    `create table feature_flag_override (
       tenant_id  bigint not null references tenant(id),
       flag       text not null,
       enabled    boolean not null,
       updated_at timestamptz not null default now(),
       primary key (tenant_id, flag)
     )`,
    ...tenantRls('feature_flag_override'),
  ])
}
