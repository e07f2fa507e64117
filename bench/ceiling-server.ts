/**
 * The ceiling: a bare Fastify 5 app (logger off, no plugins, no schemas) with one route doing one
 * Kysely point query (`/ceiling`), and one answering a small JSON object with no database (`/hello`). It opens its own database through the project's createDatabase and
 * migrateToLatest, so the engine, the driver settings and the type parsers are the app's. Measured
 * in the same run as the app, it says what this machine can do right now with one DB round trip;
 * the app's scenarios are reported as a fraction of it.
 * Prints one JSON line `{"port"}` on stdout when listening; closes cleanly on SIGTERM/SIGINT.
 */
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'
import { readConfigOrExit } from '../src/main-support.ts'
import { createDatabase } from '../src/platform/db/index.ts'
import { migrateToLatest } from '../src/app/migrations.ts'

const config = readConfigOrExit()
const database = await createDatabase(config)
await migrateToLatest(database)

const app = Fastify({ logger: false })
app.get('/hello', async () => ({ status: 'ok' }))
app.get('/ceiling', async () =>
  database.db
    .selectFrom('plan')
    .select(['code', 'name'])
    .where('code', '=', 'free')
    .executeTakeFirstOrThrow(),
)
await app.listen({ port: config.PORT, host: config.HOST })

let stopping = false
const stop = () => {
  if (stopping) return
  stopping = true
  const force = setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS).unref()
  void (async () => {
    await app.close()
    await database.close() // PGlite on disk checkpoints here
    clearTimeout(force)
    process.exit(0)
  })().catch((err: unknown) => {
    process.stderr.write(`ceiling shutdown failed: ${String(err)}\n`)
    process.exit(1)
  })
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)

const { port } = app.server.address() as AddressInfo
process.stdout.write(`${JSON.stringify({ port })}\n`)
