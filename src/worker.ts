/**
 * The job worker for the scaled topology: same container and job handlers as the API, no HTTP.
 * Run one or more beside API processes started with RUN_JOBS=false and JOB_QUEUE=durable.
 */
import { migrateToLatest } from './app/migrations.ts'
import { createContainerOrExit, onShutdownSignal, readConfigOrExit } from './main-support.ts'

const config = readConfigOrExit()
if (config.JOB_QUEUE !== 'durable') {
  process.stderr.write('worker: JOB_QUEUE=durable is required (in-process jobs run inside the API process)\n')
  process.exit(78)
}
const c = await createContainerOrExit(
  config,
  'a worker',
  'embedded PGlite serves one process: use DATABASE_URL=postgres://…',
)
await migrateToLatest(c.database)
await c.jobs.start({ work: true })
await c.scheduleJobs()
c.log.info('worker started')
onShutdownSignal(config.SHUTDOWN_TIMEOUT_MS, c.log, () => c.close())
