/**
 * An account is archived when `archived_at` is set: closed or deactivated by its owner, or its
 * broker disconnected. Closing used to change only `status`; accounts closed that way get their
 * last change as their archive time, so the one rule (an archived account counts on days strictly
 * before the New York date of `archived_at`) covers them too.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `update broker_account set archived_at = updated_at where status <> 'active' and archived_at is null`,
  ])
}
