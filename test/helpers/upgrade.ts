/** Upgrade tests: a database as an older release left it, then migrated to the latest. */
import { Migrator, sql, type Transaction } from 'kysely'
import { testConfig } from '../../src/platform/config.ts'
import { createDatabase, type Database, type DatabaseHandle } from '../../src/platform/db/index.ts'
import { migrateToLatest } from '../../src/app/migrations.ts'
import { migrations } from '../../src/app/migrations.ts'

/**
 * A fresh database migrated up to `last` (inclusive) with one tenant and one manual account; `seed`
 * writes rows as that release's code did (system scope), then every later migration runs.
 * The caller closes the handle.
 */
export async function upgradedDatabase(
  last: string,
  seed: (trx: Transaction<Database>) => Promise<void>,
): Promise<DatabaseHandle> {
  const handle = await createDatabase(testConfig())
  try {
    const provider = { getMigrations: async () => Object.fromEntries(migrations) }
    const before = await new Migrator({ db: handle.db, provider }).migrateTo(last)
    if (before.error) throw new Error(`migrating to ${last} failed`, { cause: before.error })
    await handle.db.transaction().execute(async (trx) => {
      await sql`select set_config('app.system', 'on', true)`.execute(trx)
      await sql`insert into tenant (name, plan_code) values ('t', 'free')`.execute(trx)
      await sql`insert into broker_account (tenant_id, name, broker_type) select id, 'a', 'manual' from tenant`.execute(
        trx,
      )
      await seed(trx)
    })
    await migrateToLatest(handle)
    return handle
  } catch (err) {
    await handle.close()
    throw err
  }
}
