/**
 * `support_message.lease_expires_at`: while an answer streams, the process streaming it holds a
 * lease on its row and renews it as the answer goes on; the stream clears it when the answer ends.
 * The row's `finish` stays `interrupted` meanwhile (a crash leaves an honest record); a lease still
 * in the future is what tells an answer being written from one that was cut off. Null for user
 * turns, finished answers, and answers from before this column.
 *
 * With the wider row, the planner's cached foreign-key check of `support_intent` and
 * `support_tool_call` (`tenant_id = $1 and id = $2`) took another index matched on `tenant_id`
 * alone instead of the primary key, reading every message of the tenant per check
 * (docs/adr/0036-foreign-key-lookups.md). So `support_message_day_idx (tenant_id, created_at)` is
 * dropped (no query reads it: a tenant's daily usage is counted from `support_usage`), and the
 * conversation's index leads with `conversation_id`: every read of it names the conversation and
 * the tenant, and a conversation belongs to one tenant.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `alter table support_message add column lease_expires_at timestamptz`,
    `drop index support_message_day_idx`,
    `drop index support_message_conversation_idx`,
    `create index support_message_conversation_idx on support_message (conversation_id, tenant_id, id)`,
  ])
}
