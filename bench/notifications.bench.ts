/**
 * Notifications: `npx tsx bench/notifications.bench.ts [count]` (default 1,000). The real app
 * (PGlite in memory, or `DATABASE_URL=…`) over a real port: `count` POST /api/notifications, each
 * with its own Idempotency-Key, 20 in flight on kept-alive sockets from a client in a worker thread
 * (post-load.worker.mjs), to a user with a verified address and an Android device token, channels
 * in_app + email + mobile_push. Offline the e-mail and mobile push providers
 * are their outbox tables, so "delivered" means the row is in the outbox and the delivery `sent`.
 * Reports the time until every POST was accepted and until every delivery was sent. With `--sql`
 * it also counts the SQL statements and the transactions (scopes) of the run, per notification, and
 * lists the most frequent statements (the counting itself costs a little time).
 */
import { randomBytes } from 'node:crypto'
import { Worker } from 'node:worker_threads'
import { DefaultQueryExecutor } from 'kysely'
import { buildTestApp } from '../test/helpers/test-app.ts'

const args = process.argv.slice(2)
const SQL = args.includes('--sql')
const COUNT = Number(args.find((a) => !a.startsWith('--')) ?? 1000)
const IN_FLIGHT = 20

const statements = new Map<string, number>()
let transactions = 0
if (SQL) {
  // Every Kysely statement (in or out of a transaction) passes through the executor base class.
  const base = Object.getPrototypeOf(DefaultQueryExecutor.prototype) as {
    executeQuery: (q: { sql: string }, id: unknown) => Promise<unknown>
  }
  const run = base.executeQuery
  base.executeQuery = function (q, id) {
    const head = q.sql.replace(/\s+/g, ' ').slice(0, 100)
    statements.set(head, (statements.get(head) ?? 0) + 1)
    return run.call(this, q, id)
  }
}

const t = await buildTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } })
if (SQL) {
  const scopes = t.c.scopes
  const count =
    <A extends unknown[], R>(f: (...a: A) => R) =>
    (...a: A): R => (transactions++, f(...a))
  scopes.withTenant = count(scopes.withTenant.bind(scopes))
  scopes.withSystem = count(scopes.withSystem.bind(scopes))
  scopes.withGlobal = count(scopes.withGlobal.bind(scopes))
}
const u = await t.newTenant({ plan: 'pro' })
await t.c.scopes.withSystem('bench: verify e-mail', ({ db }) =>
  db.updateTable('app_user').set({ email_verified_at: new Date() }).where('id', '=', u.userId).execute(),
)
const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
const headers = { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' }
const token = `${randomBytes(8).toString('hex')}:APA91b${randomBytes(105).toString('base64url')}`.slice(
  0,
  152,
)
const reg = await fetch(`${base}/api/me/push-tokens`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ device_token: token, platform: 'android' }),
})
if (reg.status !== 201) throw new Error(`push token: ${reg.status} ${await reg.text()}`)

if (SQL) {
  statements.clear()
  transactions = 0
}
/** What post-load.worker.mjs is given. */
interface PostLoad {
  base: string
  path: string
  headers: Record<string, string>
  body: string
  keyPrefix: string
  count: number
  inFlight: number
  expect: number
}
const load: PostLoad = {
  base,
  path: '/api/notifications',
  headers,
  body: JSON.stringify({
    title: 'Bench {i}',
    body: 'A bench notification',
    channels: ['in_app', 'email', 'mobile_push'],
  }),
  keyPrefix: 'bench-',
  count: COUNT,
  inFlight: IN_FLIGHT,
  expect: 202,
}
const cpu0 = process.cpuUsage()
const t0 = performance.now()
await new Promise<void>((resolve, reject) => {
  const client = new Worker(new URL('./post-load.worker.mjs', import.meta.url), { workerData: load })
  client.on('message', () => resolve())
  client.on('error', reject)
  client.on('exit', (code) => reject(new Error(`the client exited (${code}) before it was done`)))
})
const accepted = performance.now() - t0

const counts = () =>
  t.c.scopes.withTenant(u.tenantId, async ({ db }) => {
    const rows = await db
      .selectFrom('notification_delivery')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('tenant_id', '=', u.tenantId)
      .groupBy('status')
      .execute()
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))
  })
let c = await counts()
while ((c['sent'] ?? 0) < COUNT * 3 && performance.now() - t0 < 120_000) {
  await new Promise((r) => setTimeout(r, 25))
  c = await counts()
}
const delivered = performance.now() - t0
const cpu = process.cpuUsage(cpu0)
await t.close()

// CPU time (user + system) of this one process — the app, PGlite and the client — until delivered:
// on a shared machine it says how much work the run was, where the wall times say how long it waited.
console.log(
  '| notifications | accepted (all 202) | delivered (3 channels sent, outboxes) | CPU until delivered | statuses |',
)
console.log('| ---: | ---: | ---: | ---: | --- |')
console.log(
  `| ${COUNT} | ${(accepted / 1000).toFixed(2)} s | ${(delivered / 1000).toFixed(2)} s | ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s | ${JSON.stringify(c)} |`,
)
if (SQL) {
  const total = [...statements.values()].reduce((a, b) => a + b, 0)
  const per = (n: number) => (n / COUNT).toFixed(2)
  console.log(
    `\nstatements ${total} (${per(total)} per notification), transactions ${transactions} (${per(transactions)} per notification), polling included`,
  )
  for (const [sql, n] of [...statements].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${per(n).padStart(7)}  ${sql}`)
}
