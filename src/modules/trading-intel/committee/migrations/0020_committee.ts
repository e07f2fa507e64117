/**
 * Investment committee: the tenant's configuration (one row; absent → defaults), its
 * runs and each run's ordered events. Tenant tables under RLS.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'
import { runTableStatements } from '../../../../platform/run-log/run-log.ddl.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table committee_config (
       tenant_id  bigint not null references tenant(id),
       id         bigint generated always as identity,
       config     jsonb  not null,
       updated_at timestamptz not null,
       primary key (tenant_id, id),
       unique (tenant_id)
     )`,
    ...tenantRls('committee_config'),
    ...runTableStatements('committee_run', 'committee_run_event'),
  ])
}
