/** `npm run seed:demo`: creates the demo login and its portfolio in the configured database. */
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from './app/demo-seed.ts'
import { createContainerOrExit, readConfigOrExit } from './main-support.ts'
import { migrateToLatest } from './app/migrations.ts'

const c = await createContainerOrExit(
  { ...readConfigOrExit(), LOG_LEVEL: 'warn' },
  'npm run seed:demo',
  'stop it, or restart it with SEED_DEMO=true (the server then creates the demo login itself)',
)
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
