/** SQL of `broker_sandbox_state` (global): a simulated vendor's saved memory, one row per vendor. */
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../../platform/db/index.ts'

export async function loadSandboxState(db: Transaction<Database>, vendor: string): Promise<unknown> {
  const row = await db
    .selectFrom('broker_sandbox_state')
    .select('state')
    .where('vendor', '=', vendor)
    .executeTakeFirst()
  return row?.state ?? null
}

export async function saveSandboxState(db: Transaction<Database>, vendor: string, state: unknown) {
  await db
    .insertInto('broker_sandbox_state')
    .values({ vendor, state: JSON.stringify(state) })
    .onConflict((oc) =>
      oc.column('vendor').doUpdateSet({ state: (eb) => eb.ref('excluded.state'), updated_at: sql`now()` }),
    )
    .execute()
}
