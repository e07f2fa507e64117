/** `npm run seed:demo`: creates the demo login and its portfolio in the configured database. */
import { createContainer } from './app/container.ts'
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from './app/demo-seed.ts'
import { readConfigOrExit } from './main-support.ts'
import { migrateToLatest } from './platform/db/migrate.ts'

const c = await createContainer({ ...readConfigOrExit(process.env), LOG_LEVEL: 'warn' })
try {
  await migrateToLatest(c.database)
  await c.jobs.start({ work: true })
  const outcome = await seedDemo(c)
  await c.jobs.drain()
  process.stdout.write(
    `${outcome === 'created' ? 'created' : 'already present'}: log in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}\n`,
  )
} finally {
  await c.close()
}
