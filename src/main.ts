/**
 * The API process: configuration from the environment → container → migrations → HTTP.
 * SIGTERM/SIGINT close the listener, let in-flight requests finish, stop jobs and close the
 * database cleanly (PGlite checkpoints its data directory on close).
 */
import type { AddressInfo } from 'node:net'
import { createContainerOrExit, onShutdownSignal, readConfigOrExit, startupLine } from './main-support.ts'

async function main(): Promise<void> {
  const config = readConfigOrExit()
  // Imported while the database opens (main-support.ts), not before: start-up is the sum otherwise.
  const [c, { buildApp }, { migrateToLatest }, { DEMO_EMAIL, seedDemo }] = await Promise.all([
    createContainerOrExit(config, 'the server', 'stop it before starting another on the same DATA_DIR'),
    import('./app/build-app.ts'),
    import('./app/migrations.ts'),
    import('./app/demo-seed.ts'),
  ])
  const applied = await migrateToLatest(c.database)
  if (applied.length) c.log.info({ applied }, 'migrations applied')
  const app = await buildApp(c)
  await c.jobs.start({ work: config.RUN_JOBS })
  if (config.RUN_JOBS) await c.scheduleJobs()
  if (config.SEED_DEMO && (await seedDemo(c)) === 'created')
    c.log.info({ email: DEMO_EMAIL }, 'demo login created')
  await app.listen({ port: config.PORT, host: config.HOST })
  const { port } = app.server.address() as AddressInfo
  const line = startupLine(process.stdout.isTTY === true, config.HOST, port)
  if (line) process.stdout.write(line)
  onShutdownSignal(config.SHUTDOWN_TIMEOUT_MS, c.log, async () => {
    await app.close()
    await c.close()
  })
}

await main()
