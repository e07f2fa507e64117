/**
 * POST /api/notifications/provider-events: a mail provider's bounces and complaints, signed with
 * HMAC-SHA256 of `<t>.<raw body>` under NOTIFICATIONS_WEBHOOK_SECRET. Off (404) without the secret;
 * 401 for a missing, wrong or stale signature (before the body is looked at); a permanent bounce and a
 * complaint suppress the address for every user of any tenant whose verified address it is, and the
 * next e-mail to them is `suppressed` in its trace.
 */
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { buildTestApp, useTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { verifyEmail } from './briefing-fixtures.ts'

const SECRET = 'whsec-test-0123456789abcdef'
const PATH = '/api/notifications/provider-events'
const clock = fixedClock('2026-11-24T15:00:00Z')
const t = useTestApp({ clock, env: { NOTIFICATIONS_WEBHOOK_SECRET: SECRET } })
const nowS = () => Math.floor(clock.now().getTime() / 1000)

/** The header a provider sends: computed here from the definition, not by the service's code. */
const signature = (body: string, at = nowS(), secret = SECRET) =>
  `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`

const post = (app: TestApp, body: unknown, header?: string) => {
  const payload = typeof body === 'string' ? body : JSON.stringify(body)
  return app.app.inject({
    method: 'POST',
    url: PATH,
    headers: {
      'content-type': 'application/json',
      ...(header === undefined ? {} : { 'x-sextant-signature': header }),
    },
    payload,
  })
}
const signed = (body: unknown, at?: number) => {
  const text = JSON.stringify(body)
  return post(t, text, signature(text, at))
}

let seq = 0
async function mailOnce(u: Client): Promise<Body> {
  const res = await u.post(
    '/api/notifications',
    { title: 'Hello', body: 'World', channels: ['email'] },
    { 'idempotency-key': `pe-${++seq}` },
  )
  assert.equal(res.statusCode, 202, res.body)
  const id = json(res).notification_id
  for (let i = 0; i < 500; i++) {
    const d = json(await u.get(`/api/notifications/${id}`)).deliveries[0]
    if (d.status !== 'pending') return d
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error('e-mail delivery still pending')
}

const unique = () => `${process.pid}.${Date.now()}.${++seq}`

describe('provider events: the signature', () => {
  const bounce = { events: [{ type: 'bounce', recipient: 'nobody@example.test', permanent: true }] }

  it('accepts a valid signature, also at the edge of the 5-minute tolerance', async () => {
    assert.deepEqual(json(await signed(bounce)), { processed: 1, suppressed: 0, unknown: 1, soft_bounces: 0 })
    assert.equal((await signed(bounce, nowS() - 300)).statusCode, 200)
    assert.equal((await signed(bounce, nowS() + 300)).statusCode, 200)
  })

  it('refuses an absent, malformed, wrong or stale signature with 401, before reading the body', async () => {
    const text = JSON.stringify(bounce)
    const code = 'notifications.webhook_signature_invalid'
    assertProblem(await post(t, text), 401, code)
    assertProblem(await post(t, text, 'v1=abc'), 401, code)
    assertProblem(await post(t, text, signature(text, nowS(), 'another-secret-0123456')), 401, code)
    assertProblem(await post(t, text, signature(`${text} `)), 401, code)
    assertProblem(await post(t, text, signature(text, nowS() - 301)), 401, code)
    assertProblem(await post(t, text, signature(text, nowS() + 301)), 401, code)
    // An invalid body without a valid signature says nothing about the body.
    assertProblem(await post(t, { events: [{ type: 'open' }] }, 'x'), 401, code)
    // One of several v1 values may match (a key rotation).
    const rotated = `${signature(text)},v1=${'0'.repeat(64)}`
    assert.equal((await post(t, text, rotated)).statusCode, 200)
  })

  it('answers 422 naming the field for a signed but invalid body', async () => {
    const bad = assertProblem(
      await signed({ events: [{ type: 'open', recipient: 'a@b.test' }] }),
      422,
      'validation.failed',
    )
    assert.ok(JSON.stringify(bad.errors).includes('type'), JSON.stringify(bad.errors))
    const many = { events: Array.from({ length: 101 }, () => bounce.events[0]) }
    assertProblem(await signed(many), 422, 'validation.failed')
    const noAt = assertProblem(
      await signed({ events: [{ type: 'complaint', recipient: 'no-at-sign' }] }),
      422,
      'validation.failed',
    )
    assert.ok(JSON.stringify(noAt.errors).includes('recipient'), JSON.stringify(noAt.errors))
  })

  it('is off (404, as an unknown route) when no secret is configured', async () => {
    const off = await buildTestApp({ clock })
    try {
      const text = JSON.stringify(bounce)
      const res = assertProblem(await post(off, text, signature(text)), 404, 'route.not_found')
      assert.equal(res.detail, `No route POST ${PATH}`)
      assertProblem(await post(off, text), 404, 'route.not_found')
    } finally {
      await off.close()
    }
  })
})

describe('provider events: suppressions', () => {
  it('suppresses hard-bounced addresses in whichever tenant owns them, matched in any case', async () => {
    const id = unique()
    const a = await t.newTenant({ email: `ada.${id}@example.test` })
    const b = await t.newTenant({ email: `alan.${id}@example.test` })
    const unverified = await t.newTenant({ email: `quiet.${id}@example.test` })
    const bystander = await t.newUser(b.tenantId)
    for (const u of [a, b, bystander]) await verifyEmail(t, u)
    assert.equal((await mailOnce(a)).status, 'sent')
    const answer = json(
      await signed({
        events: [
          {
            type: 'bounce',
            recipient: `ADA.${id}@Example.TEST`,
            permanent: true,
            provider: 'postmark',
          },
          { type: 'bounce', recipient: `Alan.${id}@example.test`, permanent: true },
          { type: 'bounce', recipient: `quiet.${id}@example.test`, permanent: true },
          { type: 'bounce', recipient: `ada.${id}@example.test`, permanent: false },
        ],
      }),
    )
    assert.deepEqual(answer, { processed: 4, suppressed: 2, unknown: 1, soft_bounces: 1 })
    for (const u of [a, b]) {
      const [sup, ...rest] = json(await u.get('/api/notifications/suppressions?channel=email')).items
      assert.deepEqual(rest, [])
      assert.equal(sup.reason, 'hard_bounce')
      assert.equal(sup.recipient, u.email)
      assert.equal(sup.list, null)
      const d = await mailOnce(u)
      assert.equal(d.status, 'suppressed')
      assert.deepEqual(d.detail, {
        suppression_id: sup.suppression_id,
        reason: 'hard_bounce',
        recipient: u.email,
      })
    }
    assert.equal((await mailOnce(bystander)).status, 'sent')
    assert.deepEqual(json(await unverified.get('/api/notifications/suppressions')).items, [])
    // The provider retrying the same request creates nothing new.
    const again = json(await signed({ events: [{ type: 'bounce', recipient: a.email, permanent: true }] }))
    assert.deepEqual(again, { processed: 1, suppressed: 1, unknown: 0, soft_bounces: 0 })
    assert.equal(json(await a.get('/api/notifications/suppressions')).items.length, 1)
  })

  it('suppresses a complaining address (reason complaint) and the trace says so', async () => {
    const u = await t.newTenant({ email: `grace.${unique()}@example.test` })
    await verifyEmail(t, u)
    const answer = json(
      await signed({ events: [{ type: 'complaint', recipient: u.email, provider: 'ses' }] }),
    )
    assert.deepEqual(answer, { processed: 1, suppressed: 1, unknown: 0, soft_bounces: 0 })
    const d = await mailOnce(u)
    assert.equal(d.status, 'suppressed')
    assert.equal(d.detail.reason, 'complaint')
    const [sup] = json(await u.get('/api/notifications/suppressions')).items
    assert.equal(d.detail.suppression_id, sup.suppression_id)
    assert.equal(sup.reason, 'complaint')
  })
})
