/**
 * The dedupe key of `notification` indexed as (user_id, dedupe_key, tenant_id) instead of
 * (tenant_id, user_id, dedupe_key). Led by tenant_id, it tied with the primary key (tenant_id, id)
 * for the lookup every foreign-key check of a delivery or in-app item makes, `tenant_id = $1 and
 * id = $2`, while the table has no statistics (PGlite has no autovacuum): PostgreSQL's cached plan
 * took the dedupe index on tenant_id alone and read every notification of the tenant per check, so
 * writing notifications slowed as they accumulated (docs/adr/0036-foreign-key-lookups.md). The key
 * still holds the same columns, so `on conflict (tenant_id, user_id, dedupe_key)` still finds it.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `alter table notification
       drop constraint notification_tenant_id_user_id_dedupe_key_key,
       add constraint notification_dedupe_key unique (user_id, dedupe_key, tenant_id)`,
  ])
}
