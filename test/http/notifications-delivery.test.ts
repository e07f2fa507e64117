/**
 * Delivering queued channels: a transient e-mail failure is retried with backoff (each wait under
 * its exponential ceiling) and dead-lettered after the last attempt, visible to an administrator
 * who can retry it; suppressions stop e-mail and push and the trace names them; a push target the
 * service says is gone gets a push_gone suppression.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { backoffCeilingMs, MAX_ATTEMPTS } from '../../src/modules/engagement/notifications/lib/backoff.ts'
import { ensureSuppression } from '../../src/modules/engagement/notifications/suppressions.repository.ts'
import { fixedClock } from '../../src/platform/clock.ts'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import type { EmailMessage, EmailSender } from '../../src/providers/email/email.port.ts'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { verifyEmail } from './briefing-fixtures.ts'
import { browserSubscription, endpoint, RecordingMobilePush, RecordingWebPush } from './push-fixtures.ts'

/** Refuses every message with a transient SMTP 451 while `failing`, else records it. */
class FlakyEmail implements EmailSender {
  readonly kind = 'smtp' as const
  failing = false
  readonly sent: EmailMessage[] = []
  send(m: EmailMessage) {
    if (this.failing)
      return Promise.reject(
        new UpstreamServerError('smtp send failed: EENVELOPE 451', {
          provider: 'smtp',
          status: 451,
          body: '451 4.3.0 Try again later',
        }),
      )
    this.sent.push(m)
    return Promise.resolve({ id: `<m${this.sent.length}@test>` })
  }
}

const clock = fixedClock('2026-11-24T15:00:00Z')
const email = new FlakyEmail()
const webPush = new RecordingWebPush()
const t = useTestApp({ clock, providers: { email, webPush, mobilePush: new RecordingMobilePush() } })
let seq = 0
const notify = (u: Client, channels: string[]) =>
  u.post(
    '/api/notifications',
    { title: 'Hello', body: 'World', channels },
    { 'idempotency-key': `d-${++seq}` },
  )
const deliveryOf = (b: Body, channel: string) => b.deliveries.find((d: Body) => d.channel === channel)
const trace = async (u: Client, id: number, channel: string) =>
  deliveryOf(json(await u.get(`/api/notifications/${id}`)), channel)
/**
 * The channel's delivery once its queued attempt ran. Polled rather than `jobs.drain()`: a retry is
 * queued for its real delay (up to the backoff ceiling), which a drain would wait out.
 */
async function settled(u: Client, id: number, channel: string): Promise<Body> {
  for (let i = 0; i < 500; i++) {
    const d = await trace(u, id, channel)
    if (d.status !== 'pending') return d
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`delivery ${id}/${channel} still pending`)
}

describe('delivery retries and dead letters', () => {
  it('retries a transient failure with backoff, then fails and dead-letters it after the last attempt', async () => {
    const u = await t.newTenant()
    await verifyEmail(t, u)
    email.failing = true
    const accepted = json(await notify(u, ['email']))
    const id = accepted.notification_id
    await settled(u, id, 'email')
    const deliveryId = deliveryOf(accepted, 'email').delivery_id
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const d = await trace(u, id, 'email')
      assert.equal(d.status, 'retrying')
      assert.equal(d.attempts, attempt)
      assert.deepEqual(d.detail.provider, { status: 451, reason: '451 4.3.0 Try again later' })
      const wait = new Date(d.next_attempt_at).getTime() - clock.now().getTime()
      assert.equal(wait, d.detail.retry_in_ms)
      assert.ok(wait >= 0 && wait < backoffCeilingMs(attempt), `attempt ${attempt}: ${wait}`)
      // Not due yet: a worker finds nothing to do.
      if (wait > 0)
        assert.deepEqual(await t.c.notifications.delivery.deliver({ tenantId: u.tenantId, deliveryId }), [])
      clock.advance(wait)
      await t.c.notifications.delivery.deliver({ tenantId: u.tenantId, deliveryId })
    }
    const dead = await trace(u, id, 'email')
    assert.equal(dead.status, 'failed')
    assert.equal(dead.attempts, MAX_ATTEMPTS)
    assert.equal(dead.dead_lettered_at, clock.now().toISOString())
    assert.equal(email.sent.length, 0)

    const admin = await t.newUser(u.tenantId, { role: 'admin' })
    assertProblem(await u.get('/api/admin/notifications/dead-letters'), 403, 'auth.admin_required')
    const letters = json(await admin.get('/api/admin/notifications/dead-letters'))
    assert.deepEqual(
      letters.items.map((l: Body) => l.delivery_id),
      [deliveryId],
    )
    assert.equal(letters.items[0].title, 'Hello')
    email.failing = false
    const retried = await admin.post(`/api/admin/notifications/dead-letters/${deliveryId}/retry`)
    assert.equal(retried.statusCode, 200, retried.body)
    assert.equal(json(retried).status, 'pending')
    assert.equal((await settled(u, id, 'email')).status, 'sent')
    assert.equal(email.sent.length, 1)
    assertProblem(
      await admin.post(`/api/admin/notifications/dead-letters/${deliveryId}/retry`),
      409,
      'notifications.not_dead_lettered',
    )
    assertProblem(
      await admin.post('/api/admin/notifications/dead-letters/999999/retry'),
      404,
      'notifications.delivery_not_found',
    )
  })

  it('claims a delivery once: two workers at the same time send it once', async () => {
    const u = await t.newTenant()
    await verifyEmail(t, u)
    const before = email.sent.length
    const accepted = json(await notify(u, ['email']))
    const deliveryId = deliveryOf(accepted, 'email').delivery_id
    const runs = await Promise.all(
      [1, 2, 3].map(() => t.c.notifications.delivery.deliver({ tenantId: u.tenantId, deliveryId })),
    )
    await settled(u, accepted.notification_id, 'email')
    assert.equal(runs.filter((r) => r.length).length <= 1, true)
    assert.equal(email.sent.length - before, 1)
  })
})

describe('suppressions in the trace', () => {
  it('suppresses e-mail and in-app by the caller’s own suppression, and says which one', async () => {
    const u = await t.newTenant()
    await verifyEmail(t, u)
    const sup = json(await u.post('/api/notifications/suppressions', { channel: 'email', list: 'api' }))
    assert.equal(sup.recipient, u.email.toLowerCase())
    const inApp = json(await u.post('/api/notifications/suppressions', { channel: 'in_app' }))
    const accepted = json(await notify(u, ['email', 'in_app']))
    assert.deepEqual(deliveryOf(accepted, 'in_app').detail, {
      suppression_id: inApp.suppression_id,
      reason: 'manual',
    })
    const d = await settled(u, accepted.notification_id, 'email')
    assert.equal(d.status, 'suppressed')
    assert.equal(d.detail.suppression_id, sup.suppression_id)
    assert.equal(d.detail.reason, 'manual')
    const listed = json(await u.get('/api/notifications/suppressions?channel=email'))
    assert.deepEqual(
      listed.items.map((s: Body) => s.suppression_id),
      [sup.suppression_id],
    )
    assertProblem(await u.get('/api/notifications/suppressions?limit=0'), 422, 'validation.failed')
    assertProblem(await u.get('/api/notifications/suppressions?channel=fax'), 422, 'validation.failed')
    const colleague = await t.newUser(u.tenantId)
    assertProblem(
      await colleague.delete(`/api/notifications/suppressions/${sup.suppression_id}`),
      404,
      'notifications.suppression_not_found',
    )
    assert.equal((await u.delete(`/api/notifications/suppressions/${sup.suppression_id}`)).statusCode, 204)
    const next = json(await notify(u, ['email']))
    assert.equal((await settled(u, next.notification_id, 'email')).status, 'sent')
  })

  it('records a gone push target as push_gone and suppresses it on the next notification', async () => {
    const u = await t.newTenant()
    const gone = endpoint()
    const live = endpoint()
    for (const e of [gone, live])
      assert.equal((await u.post('/api/push/subscriptions', browserSubscription(e))).statusCode, 200)
    webPush.answers.set(gone, { outcome: 'gone', status: 410, reason: 'expired' })
    const first = json(await notify(u, ['web_push']))
    const d = await settled(u, first.notification_id, 'web_push')
    assert.equal(d.status, 'sent')
    const goneRow = d.detail.targets.find((x: Body) => x.outcome === 'gone')
    assert.equal(goneRow.status, 410)
    const sups = json(
      await u.get(`/api/notifications/suppressions?channel=web_push&recipient=${encodeURIComponent(gone)}`),
    )
    assert.equal(sups.items[0].reason, 'push_gone')
    assert.equal(sups.items[0].suppression_id, goneRow.suppression_id)
    // The gone endpoint's subscription was deleted; only the live one is sent to.
    webPush.sent.length = 0
    const next = json(await notify(u, ['web_push']))
    assert.equal((await settled(u, next.notification_id, 'web_push')).status, 'sent')
    assert.deepEqual(
      webPush.sent.map((s) => s.target.endpoint),
      [live],
    )
  })

  it('suppresses push to an endpoint with a push_gone suppression newer than its registration, and says so', async () => {
    const u = await t.newTenant()
    const e = endpoint()
    await u.post('/api/push/subscriptions', browserSubscription(e))
    clock.advance(1000)
    // A gone answer recorded after the subscription was last registered (another delivery's).
    const sup = await t.c.scopes.withTenant(u.tenantId, (s) =>
      ensureSuppression(
        s,
        { user_id: u.userId, channel: 'web_push', recipient: e, reason: 'push_gone', list: null },
        clock.now(),
      ),
    )
    const sent = webPush.sent.length
    const next = json(await notify(u, ['web_push']))
    const d = await settled(u, next.notification_id, 'web_push')
    assert.equal(d.status, 'suppressed')
    assert.equal(d.detail.suppression_id, sup.id)
    assert.equal(d.detail.reason, 'push_gone')
    assert.equal(d.detail.targets[0].outcome, 'suppressed')
    assert.equal(webPush.sent.length, sent)
  })

  it('lifts a push_gone suppression once the browser subscribes the endpoint again (fresh consent)', async () => {
    const u = await t.newTenant()
    const e = endpoint()
    await u.post('/api/push/subscriptions', browserSubscription(e))
    webPush.answers.set(e, { outcome: 'gone', status: 404, reason: 'not found' })
    const first = json(await notify(u, ['web_push']))
    assert.equal((await settled(u, first.notification_id, 'web_push')).status, 'skipped')
    const query = `/api/notifications/suppressions?channel=web_push&recipient=${encodeURIComponent(e)}`
    assert.equal(json(await u.get(query)).items[0].reason, 'push_gone')
    webPush.answers.delete(e)
    clock.advance(60_000)
    await u.post('/api/push/subscriptions', browserSubscription(e))
    const sent = webPush.sent.length
    const next = json(await notify(u, ['web_push']))
    const d = await settled(u, next.notification_id, 'web_push')
    assert.equal(d.status, 'sent')
    assert.deepEqual(
      webPush.sent.slice(sent).map((x) => x.target.endpoint),
      [e],
    )
    // The older suppression was deleted when the newer registration was seen.
    assert.deepEqual(json(await u.get(query)).items, [])
  })
})
