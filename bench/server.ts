/**
 * The measured server: the real app, built exactly as src/main.ts builds it (createContainer →
 * migrateToLatest → buildApp → jobs → listen), so the numbers are the product's, not a mock's.
 * run.ts sets the environment (RATE_LIMIT_ENABLED=false, LOG_LEVEL=silent, HOST=127.0.0.1,
 * PORT=0, the engine). Once listening it creates one bench tenant and user, opens a session for
 * them as test/helpers/test-app.ts does and signs a 1-hour access token for that session, and prints one JSON line `{"port","token"}` on stdout;
 * then it serves until SIGTERM and shuts down like main.ts. With BENCH_PORTFOLIO=1 (the analytics
 * scenarios) it first fills that tenant with a big portfolio (seed-portfolio.ts) and reports how long
 * that took on stderr.
 */
import type { AddressInfo } from 'node:net'
import { buildApp } from '../src/app/build-app.ts'
import { createContainer } from '../src/app/container.ts'
import { onShutdownSignal, readConfigOrExit } from '../src/main-support.ts'
import { migrateToLatest } from '../src/app/migrations.ts'
import { nyDate } from '../src/kernel/calendar/nyse.ts'
import { seedPortfolio } from './seed-portfolio.ts'

const TOKEN_TTL_SECONDS = 3600 // longer than any bounded run

const config = readConfigOrExit()
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
// A real session (the authenticator checks it, as test/helpers/test-app.ts relies on), then the
// same claims re-signed for an hour: the configured access TTL (15 min) could end inside a long run.
const issued = await c.identity.sessions.issue(
  { tenantId, userId, role: 'user' },
  { ip: null, userAgent: 'sextant-bench' },
)
const claims = await c.signer.verify(issued.access_token, c.clock.now())
if (!claims) throw new Error('bench: the freshly issued access token does not verify')
const token = await c.signer.sign(
  { userId, tenantId, role: 'user', sessionId: claims.sessionId, tokenId: c.ids.ulid() },
  TOKEN_TTL_SECONDS,
  c.clock.now(),
)

if (process.env['BENCH_PORTFOLIO'] === '1') {
  const r = await seedPortfolio(c.scopes, tenantId, nyDate(c.clock.now()))
  process.stderr.write(
    `[app] seeded the bench tenant in ${(r.ms / 1000).toFixed(1)} s: ${r.accounts} accounts, ` +
      `${r.trades} trades (${r.invalidDates} with an invalid date_sold), ${r.snapshots} snapshots, ` +
      `${r.investors} investors, ${r.flows} capital flows, ${r.from} → ${r.to}\n`,
  )
  // PostgreSQL's autovacuum would vacuum and analyze these tables within a minute or so, mid-run;
  // doing it now measures that steady state from the first scenario on. PGlite never autovacuums
  // (single-user backend): its steady state is "never analyzed", so it is left alone.
  if (c.database.engine === 'postgres') {
    const t = performance.now()
    await c.database.raw(
      'vacuum (analyze) realized_trade, portfolio_snapshot, realized_daily, unrealized_daily, capital_flow, investor, broker_account',
    )
    process.stderr.write(
      `[app] vacuum (analyze) of the portfolio tables: ${Math.round(performance.now() - t)} ms\n`,
    )
  }
}

const { port } = app.server.address() as AddressInfo
process.stdout.write(`${JSON.stringify({ port, token })}\n`)
