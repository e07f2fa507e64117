/**
 * `support_message.lease_expires_at`: while an answer streams, the process streaming it holds a
 * lease on its row and renews it as the answer goes on; the stream clears it when the answer ends.
 * The row's `finish` stays `interrupted` meanwhile (a crash leaves an honest record); a lease still
 * in the future is what tells an answer being written from one that was cut off. Null for user
 * turns, finished answers, and answers from before this column.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [`alter table support_message add column lease_expires_at timestamptz`])
}
