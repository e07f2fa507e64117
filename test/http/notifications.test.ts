/**
 * POST /api/notifications under an Idempotency-Key: the header's rules (422 naming it), 202 with
 * the deliveries, the replay (same answer, Idempotency-Replayed: true), another body → 422
 * key_reused, a duplicate while the first is in flight → 409 with Retry-After: 1, ten concurrent
 * duplicates → one notification and one delivery per channel, and the 24-hour retention.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertFieldError, assertProblem, json } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { verifyEmail } from './briefing-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const t = useTestApp({ clock })
const URL = '/api/notifications'
let seq = 0
const newKey = () => `key-${process.pid}-${++seq}`
const post = (u: Client, body: unknown, key: string | null = newKey()) =>
  u.post(URL, body, key === null ? {} : { 'idempotency-key': key })
/** The same user with a session issued now (the clock moved past the first one's expiry). */
async function renewed(u: Client): Promise<Client> {
  const { access_token } = await t.c.identity.sessions.issue(
    { tenantId: u.tenantId, userId: u.userId, role: 'user' },
    { ip: null, userAgent: 'test' },
  )
  const auth = { authorization: `Bearer ${access_token}` }
  return { ...u, post: (url, body, extra) => u.post(url, body, { ...auth, ...extra }) }
}
const MSG = { title: 'Rebalance', body: 'Allocation drifted 6 %', url: '/app/portfolio' }

async function notificationCount(u: Client): Promise<number> {
  return t.c.scopes.withTenant(u.tenantId, async ({ db }) => {
    const r = await db
      .selectFrom('notification')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', u.tenantId)
      .executeTakeFirstOrThrow()
    return Number(r.n)
  })
}

async function deliveryCount(u: Client): Promise<Record<string, number>> {
  const rows = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db.selectFrom('notification_delivery').select('channel').where('tenant_id', '=', u.tenantId).execute(),
  )
  const out: Record<string, number> = {}
  for (const r of rows) out[r.channel] = (out[r.channel] ?? 0) + 1
  return out
}

describe('POST /api/notifications: the Idempotency-Key header', () => {
  it('is required: missing, empty, too long or not visible ASCII → 422 naming the header', async () => {
    const u = await t.newTenant()
    assertFieldError(await post(u, MSG, null), ['header', 'idempotency-key'], 'missing')
    assertFieldError(await post(u, MSG, ''), ['header', 'idempotency-key'], 'string_too_short')
    assertFieldError(await post(u, MSG, 'k'.repeat(256)), ['header', 'idempotency-key'], 'string_too_long')
    assertFieldError(await post(u, MSG, 'has space'), ['header', 'idempotency-key'], 'pattern')
    assertFieldError(await post(u, MSG, 'clé'), ['header', 'idempotency-key'], 'pattern')
    assert.equal((await post(u, MSG, 'k'.repeat(255))).statusCode, 202)
    assert.equal(await notificationCount(u), 1)
  })

  it('accepts with 202: in_app delivered at once, e-mail queued, and the caller’s channels by default', async () => {
    const u = await t.newTenant()
    await verifyEmail(t, u)
    const res = await post(u, MSG)
    assert.equal(res.statusCode, 202, res.body)
    assert.equal(res.headers['idempotency-replayed'], undefined)
    const body = json(res)
    assert.equal(body.status, 'accepted')
    assert.equal(body.job_id, `notifications.deliver:${body.notification_id}`)
    const byChannel = Object.fromEntries(body.deliveries.map((d: { channel: string }) => [d.channel, d]))
    assert.deepEqual(Object.keys(byChannel).sort(), ['email', 'in_app'])
    assert.equal(byChannel.in_app.status, 'sent')
    assert.equal(byChannel.email.status, 'pending')
    await t.c.jobs.drain()
    const trace = json(await u.get(`${URL}/${body.notification_id}`))
    assert.equal(trace.deliveries.find((d: { channel: string }) => d.channel === 'email').status, 'sent')
    const inbox = json(await u.get('/api/alerts/in-app'))
    assert.equal(inbox.items[0].title, MSG.title)
    assert.equal(inbox.items[0].item_id, byChannel.in_app.detail.item_id)
  })

  it('replays the first answer for the same key and body (any key order), with Idempotency-Replayed: true', async () => {
    const u = await t.newTenant()
    const key = newKey()
    const first = await post(u, { ...MSG, channels: ['in_app'] }, key)
    assert.equal(first.statusCode, 202)
    const again = await post(u, { channels: ['in_app'], url: MSG.url, body: MSG.body, title: MSG.title }, key)
    assert.equal(again.statusCode, 202)
    assert.equal(again.headers['idempotency-replayed'], 'true')
    assert.deepEqual(json(again), json(first))
    assert.equal(await notificationCount(u), 1)
    // Keys are the caller's: a colleague's same key is a request of their own.
    const colleague = await t.newUser(u.tenantId)
    const theirs = await post(colleague, { ...MSG, channels: ['in_app'] }, key)
    assert.equal(theirs.headers['idempotency-replayed'], undefined)
    assert.notEqual(json(theirs).notification_id, json(first).notification_id)
  })

  it('refuses the same key with another body: 422 idempotency.key_reused, nothing created', async () => {
    const u = await t.newTenant()
    const key = newKey()
    assert.equal((await post(u, { ...MSG, channels: ['in_app'] }, key)).statusCode, 202)
    const p = assertProblem(
      await post(u, { ...MSG, title: 'Other', channels: ['in_app'] }, key),
      422,
      'idempotency.key_reused',
    )
    assert.deepEqual(p.errors[0].loc, ['header', 'idempotency-key'])
    assert.equal(await notificationCount(u), 1)
  })

  it('answers 409 idempotency.in_progress with Retry-After: 1 while the first request holds the key', async () => {
    const u = await t.newTenant()
    const key = newKey()
    const body = { ...MSG, channels: ['in_app'] }
    const { requestFingerprint } =
      await import('../../src/modules/engagement/notifications/lib/fingerprint.ts')
    // The first request has claimed the key and not answered yet.
    const claim = await t.c.notifications.idempotency.begin(
      u.tenantId,
      { userId: u.userId, route: URL, key },
      requestFingerprint('POST', URL, body),
    )
    assert.equal(claim.kind, 'new')
    const res = await post(u, body, key)
    assertProblem(res, 409, 'idempotency.in_progress')
    assert.equal(res.headers['retry-after'], '1')
    assert.equal(await notificationCount(u), 0)
    // A holder that never answers loses the key once its lock passes; the retry then runs.
    clock.advance(61_000)
    assert.equal((await post(u, body, key)).statusCode, 202)
    assert.equal(await notificationCount(u), 1)
    clock.advance(-61_000)
  })

  it('creates exactly one notification and one delivery per channel for 10 concurrent duplicates', async () => {
    const u = await t.newTenant()
    await verifyEmail(t, u)
    const key = newKey()
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(u, MSG, key)))
    const statuses = answers.map((r) => r.statusCode)
    assert.ok(
      statuses.every((s) => s === 202 || s === 409),
      statuses.join(),
    )
    const fresh = answers.filter(
      (r) => r.statusCode === 202 && r.headers['idempotency-replayed'] === undefined,
    )
    assert.equal(fresh.length, 1, statuses.join())
    for (const r of answers.filter((a) => a.statusCode === 409)) assert.equal(r.headers['retry-after'], '1')
    for (const r of answers.filter((a) => a.statusCode === 202)) assert.deepEqual(json(r), json(fresh[0]!))
    assert.equal(await notificationCount(u), 1)
    assert.deepEqual(await deliveryCount(u), { in_app: 1, email: 1 })
  })

  it('forgets keys after 24 hours (pruned by the job): the same key then runs as new', async () => {
    const u = await t.newTenant()
    const key = newKey()
    const body = { ...MSG, channels: ['in_app'] }
    const created = await post(u, body, key)
    assert.equal(created.statusCode, 202, created.body)
    const first = json(created)
    clock.advance(23 * 3_600_000)
    const replay = await post(await renewed(u), body, key)
    assert.equal(replay.headers['idempotency-replayed'], 'true', `${replay.statusCode} ${replay.body}`)
    assert.ok((await t.c.notifications.idempotency.prune()) >= 0)
    clock.advance(3_600_000)
    assert.ok((await t.c.notifications.idempotency.prune()) >= 1)
    const later = await post(await renewed(u), body, key)
    assert.equal(later.statusCode, 202)
    assert.equal(later.headers['idempotency-replayed'], undefined)
    assert.notEqual(json(later).notification_id, first.notification_id)
    assert.equal(await notificationCount(u), 2)
  })
})
