/**
 * Notifications: `npx tsx bench/notifications.bench.ts [count]` (default 1,000). The real app
 * (PGlite in memory, or `DATABASE_URL=…`) over a real port: `count` POST /api/notifications, each
 * with its own Idempotency-Key, 20 in flight, to a user with a verified address and an Android
 * device token, channels in_app + email + mobile_push. Offline the e-mail and mobile push providers
 * are their outbox tables, so "delivered" means the row is in the outbox and the delivery `sent`.
 * Reports the time until every POST was accepted and until every delivery was sent.
 */
import { randomBytes } from 'node:crypto'
import { buildTestApp } from '../test/helpers/test-app.ts'

const COUNT = Number(process.argv[2] ?? 1000)
const IN_FLIGHT = 20

const t = await buildTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } })
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

const body = (i: number) =>
  JSON.stringify({
    title: `Bench ${i}`,
    body: 'A bench notification',
    channels: ['in_app', 'email', 'mobile_push'],
  })
const t0 = performance.now()
let next = 0
async function worker(): Promise<void> {
  while (next < COUNT) {
    const i = next++
    const res = await fetch(`${base}/api/notifications`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': `bench-${i}` },
      body: body(i),
    })
    if (res.status !== 202) throw new Error(`POST ${i}: ${res.status} ${await res.text()}`)
    await res.arrayBuffer()
  }
}
await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
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
await t.close()

console.log('| notifications | accepted (all 202) | delivered (3 channels sent, outboxes) | statuses |')
console.log('| ---: | ---: | ---: | --- |')
console.log(
  `| ${COUNT} | ${(accepted / 1000).toFixed(2)} s | ${(delivered / 1000).toFixed(2)} s | ${JSON.stringify(c)} |`,
)
