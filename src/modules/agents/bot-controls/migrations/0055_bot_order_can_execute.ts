/**
 * Whether an order's sender could execute when it placed it: a signed-in person (console, bearer
 * token, personal API key) always can; an agent's key only with `orders:execute` (without it, every
 * order waits for approval). The gate records it with the order, so the threshold preview judges each
 * past order by what sent it, not by the agent's key as it is now (it may have been rotated since,
 * and a person's order sent over the API looked like the agent's). Orders recorded before this column
 * existed keep null: the preview judges those as before, by the agent's current key.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [`alter table bot_order add column can_execute boolean`])
}
