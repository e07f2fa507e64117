/**
 * The measured server: the real app, built exactly as src/main.ts builds it (createContainer →
 * migrateToLatest → buildApp → jobs → listen), so the numbers are the product's, not a mock's.
 * run.ts sets the environment (RATE_LIMIT_ENABLED=false, LOG_LEVEL=silent, HOST=127.0.0.1,
 * PORT=0, the engine). Once listening it creates one bench tenant and user, signs a 1-hour access
 * token the way test/helpers/test-app.ts does, and prints one JSON line `{"port","token"}` on stdout;
 * then it serves until SIGTERM and shuts down like main.ts.
 */
import type { AddressInfo } from 'node:net'
import { buildApp } from '../src/app/build-app.ts'
import { createContainer } from '../src/app/container.ts'
import { onShutdownSignal, readConfigOrExit } from '../src/main-support.ts'
import { migrateToLatest } from '../src/platform/db/migrate.ts'

const TOKEN_TTL_SECONDS = 3600 // longer than any bounded run

const config = readConfigOrExit(process.env)
const c = await createContainer(config)
await migrateToLatest(c.database)
const app = await buildApp(c)
await c.jobs.start({ work: config.RUN_JOBS })
await app.listen({ port: config.PORT, host: config.HOST })
onShutdownSignal(config.SHUTDOWN_TIMEOUT_MS, c.log, async () => {
  await app.close()
  await c.close()
})

const { tenantId, userId } = await c.scopes.withSystem('bench: new tenant', async ({ db }) => {
  const t = await db
    .insertInto('tenant')
    .values({ name: 'Bench tenant', plan_code: 'free' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const u = await db
    .insertInto('app_user')
    .values({
      tenant_id: t.id,
      email: `bench.${process.pid}.${Date.now()}@example.test`,
      role: 'user',
      full_name: 'Bench user',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { tenantId: t.id, userId: u.id }
})
const token = await c.signer.sign(
  { userId, tenantId, role: 'user', sessionId: c.ids.ulid(), tokenId: c.ids.ulid() },
  TOKEN_TTL_SECONDS,
  c.clock.now(),
)

const { port } = app.server.address() as AddressInfo
process.stdout.write(`${JSON.stringify({ port, token })}\n`)
