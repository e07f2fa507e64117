/** Child process for the durability test: commits rows one by one and reports each commit. */
import { testConfig } from '../../src/platform/config.ts'
import { createDatabase } from '../../src/platform/db/index.ts'
import { migrateToLatest } from '../../src/app/migrations.ts'

const dir = process.argv[2]
if (!dir) throw new Error('usage: writer.ts DATA_DIR')
const config = { ...testConfig(), DATABASE_URL: undefined, DATA_DIR: dir }
const handle = await createDatabase(config)
await migrateToLatest(handle)
for (let i = 1; ; i++) {
  await handle.db
    .insertInto('plan')
    .values({ code: `p${i}`, name: `Plan ${i}`, rank: 100 + i })
    .execute()
  process.stdout.write(`committed ${i}\n`) // only after the commit returned
}
