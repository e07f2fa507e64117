/**
 * The offline sandbox's memory of a simulated vendor that keeps state of its own (SnapTrade: its
 * registered users and their brokerage connections), so a restart does not make the vendor forget
 * connections the tenants' rows still point at. One global row per vendor; no tenant's data (the
 * vendor-side ids only). Unused when real vendors are configured.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table broker_sandbox_state (
       vendor     text primary key check (vendor ~ '^[a-z][a-z0-9_]{0,31}$'),
       state      jsonb not null,
       updated_at timestamptz not null default now()
     )`,
  ])
}
