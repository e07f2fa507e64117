/**
 * `broker_linked_account.history_from`: the first day of the history the account's first sync read
 * (null until then). A sync that finds it set is not the first, so it never writes another opening
 * balance, and it reads activities on from the latest stored one.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [`alter table broker_linked_account add column history_from date`])
}
