/**
 * The hosted aggregator (SnapTrade): the tenant's user registered with the vendor (its secret
 * AES-256-GCM encrypted, bound to the tenant: never the secret itself) and the brokerage
 * connections (authorizations) recorded by the portal's callback, with the sub-broker's slug.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table broker_aggregator_user (
       tenant_id       bigint not null references tenant(id),
       vendor_user_id  text   not null check (vendor_user_id ~ '^[A-Za-z0-9_.-]{8,128}$'),
       user_secret_enc text   not null,
       registered_by   bigint not null,
       created_at      timestamptz not null default now(),
       primary key (tenant_id)
     )`,
    ...tenantRls('broker_aggregator_user'),

    `create table broker_aggregator_connection (
       tenant_id        bigint not null,
       id               bigint generated always as identity,
       connection_id    bigint not null,
       authorization_id text   not null check (length(authorization_id) between 1 and 128),
       subbroker_slug   text   not null check (subbroker_slug ~ '^[A-Za-z0-9_-]{1,64}$'),
       user_id          bigint not null,
       created_at       timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, connection_id, authorization_id),
       foreign key (tenant_id, connection_id) references broker_connection (tenant_id, id) on delete cascade
     )`,
    ...tenantRls('broker_aggregator_connection'),
  ])
}
