/** `npm run migrate`: applies pending migrations to the configured database and exits. */
import { readConfigOrExit } from './main-support.ts'
import { createDatabase } from './platform/db/index.ts'
import { migrateToLatest } from './app/migrations.ts'

const config = readConfigOrExit()
const handle = await createDatabase(config)
try {
  const applied = await migrateToLatest(handle)
  process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'schema is current\n')
} finally {
  await handle.close()
}
