/**
 * How many live (not archived) agents a tenant may have, per plan: each one holds a credential that
 * can trade, so the count is capped like manual accounts and alerts. Archived agents do not count.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `update plan set limits = limits || '{"agents": 3}'::jsonb where code = 'free'`,
    `update plan set limits = limits || '{"agents": 20}'::jsonb where code = 'pro'`,
    `update plan set limits = limits || '{"agents": 100}'::jsonb where code = 'premium'`,
  ])
}
