/**
 * The client order key of `bot_order` indexed as (agent_id, client_order_id, tenant_id) instead of
 * (tenant_id, agent_id, client_order_id). Led by tenant_id, it tied on a table without statistics
 * (a new database; PGlite between its analyses) with `bot_order_recent_idx (tenant_id, created_at
 * desc, id desc)`, and the gate's cached plan of its lookup — the order already recorded under a
 * client_order_id, on every agent order — took the recent index on tenant_id alone: every order of
 * the tenant read per lookup (docs/adr/0036-foreign-key-lookups.md). The key holds the same columns
 * under the same name, so a duplicate still fails as `bot_order_client_key`; the lookup names all
 * three, and an agent belongs to one tenant.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `drop index bot_order_client_key`,
    `create unique index bot_order_client_key on bot_order (agent_id, client_order_id, tenant_id)`,
  ])
}
