/**
 * A broker sync end to end: `npx tsx bench/broker-sync.ts [positions] [fills] [runs]` (default 500,
 * 10,000, 3). The target: a positions sync of 500 positions and a year of 10,000
 * transactions in under 1 s against the fake.
 *
 * Each run makes a new tenant, connects it to an Alpaca sandbox account with that many positions and
 * fills (the real adapter over the in-process fetch, as the offline sandbox runs), then times:
 * - first: the first full sync (500 positions into the snapshot, 10,000 fills paged 100 at a time,
 *   stored, lot-matched into realized trades), wall time and the process's CPU time over it (PGlite
 *   and the sandbox run in this process, so that is all of its work; other load on the machine
 *   stretches the wall time much more than the CPU time);
 * - again: a second sync (the overlap re-read, nothing new);
 * - positions: GET /api/brokera/positions's work alone (positions into the snapshot, logged).
 * In-memory PGlite, one process; the sandbox answers in the same process, so its time is included.
 */
import pino from 'pino'
import { createContainer } from '../src/app/container.ts'
import { migrateToLatest } from '../src/app/migrations.ts'
import { loadConfig } from '../src/platform/config.ts'
import { createDatabase } from '../src/platform/db/index.ts'
import { createHttpClient } from '../src/providers/shared/http.ts'
import { createAlpacaBroker } from '../src/providers/brokers/alpaca/alpaca-broker.ts'
import { createAlpacaSandbox } from '../src/providers/brokers/sandbox/alpaca.ts'
import { inProcessFetch } from '../src/providers/brokers/sandbox/in-process-fetch.ts'
import { SimulatedMarketData } from '../src/providers/market-data/index.ts'
import { systemClock } from '../src/platform/clock.ts'
import { UNIVERSE } from '../src/providers/market-data/simulator/universe.ts'
import Fastify from 'fastify'

const [positions = 500, fills = 10_000, runs = 3] = process.argv.slice(2).map(Number)
const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'memory://', LOG_LEVEL: 'silent' })
const database = await createDatabase(config)
await migrateToLatest(database)

const market = new SimulatedMarketData({ clock: systemClock })
const redirect = `${config.PUBLIC_BASE_URL}/api/brokera/connect`
const sandbox = createAlpacaSandbox({
  clientId: 'bench',
  clientSecret: 'bench-secret',
  redirectUris: [redirect],
  secret: 'bench-sandbox-secret',
  quotes: async (symbols) => (await market.quotes(symbols)).map((q) => ({ symbol: q.symbol, last: q.last })),
  symbols: UNIVERSE.filter((i) => i.type === 'stock').map((i) => i.symbol),
  positions,
  fills,
})
const host = Fastify({ logger: false })
await host.register(sandbox.plugin, { prefix: '/alpaca' })
const adapter = createAlpacaBroker({
  http: createHttpClient({ fetch: inProcessFetch(host) }),
  tradingBaseUrl: 'http://sandbox.internal/alpaca',
  oauthBaseUrl: 'http://sandbox.internal/alpaca',
  authorizeUrl: 'http://sandbox.internal/alpaca/oauth/authorize',
  clientId: 'bench',
  clientSecret: 'bench-secret',
  redirectUri: redirect,
})
const c = await createContainer(config, {
  database,
  log: pino({ level: 'silent' }),
  providers: { market, brokers: { adapters: { brokera: adapter }, sandbox: null } },
})

async function connectedTenant(n: number) {
  const { tenantId, userId } = await c.scopes.withSystem('bench: tenant', async ({ db }) => {
    const t = await db
      .insertInto('tenant')
      .values({ name: `Bench ${n}`, plan_code: 'pro' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const u = await db
      .insertInto('app_user')
      .values({
        tenant_id: t.id,
        email: `bench${n}.${Date.now()}@example.test`,
        role: 'user',
        full_name: 'Bench',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { tenantId: t.id, userId: u.id }
  })
  const scope = { tenantId, userId, role: 'user' as const, plan: 'pro', via: 'bearer' as const }
  const { url, state } = await c.brokers.connections.authUrl(scope, 'brokera')
  const target = new URL(url)
  const consent = await host.inject({
    method: 'POST',
    url: target.pathname + target.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'decision=allow',
  })
  const code = new URL(String(consent.headers['location'])).searchParams.get('code')!
  await c.brokers.connections.connect(scope, 'brokera', { code, state, where: 'body' })
  return scope
}

const time = async <T>(f: () => Promise<T>): Promise<[number, T]> => {
  const t0 = performance.now()
  const v = await f()
  return [performance.now() - t0, v]
}

/** The process's CPU time (user + system, ms) over `f`: less swayed by other work on the machine. */
const cpu = async <T>(f: () => Promise<T>): Promise<[number, number, T]> => {
  const c0 = process.cpuUsage()
  const [ms, v] = await time(f)
  const c = process.cpuUsage(c0)
  return [ms, (c.user + c.system) / 1000, v]
}

console.log(
  `broker sync: ${positions} positions, ${fills} fills per account, ${runs} runs (in-memory PGlite)`,
)
console.log(
  'run | first sync ms | its CPU ms | fills stored | trades | again ms | positions ms | vendor positions ms | vendor activities ms',
)
for (let r = 1; r <= runs; r++) {
  const scope = await connectedTenant(r)
  const [first, firstCpu, res] = await cpu(() =>
    c.brokers.sync.sync(scope.tenantId, scope.userId, 'brokera', 'manual'),
  )
  const [again] = await time(() => c.brokers.sync.sync(scope.tenantId, scope.userId, 'brokera', 'manual'))
  const [pos] = await time(() => c.brokers.alpaca.positions(scope))
  // The vendor's share: the same calls straight to the sandbox through the adapter.
  const token = (await c.brokers.connections.live(scope.tenantId, 'brokera')).grant.accessToken
  const [vendorPos] = await time(() => adapter.positions!(token))
  const [vendorAct] = await time(async () => {
    let pageToken: string | undefined
    do
      pageToken =
        (await adapter.activities!(token, { types: ['FILL'], pageSize: 100, pageToken, direction: 'asc' }))
          .nextPageToken ?? undefined
    while (pageToken)
  })
  console.log(
    `${r} | ${first.toFixed(0)} | ${firstCpu.toFixed(0)} | ${res.fills_new} | ${res.trades} | ${again.toFixed(0)} | ${pos.toFixed(0)} | ${vendorPos.toFixed(0)} | ${vendorAct.toFixed(0)}`,
  )
}
await c.close()
