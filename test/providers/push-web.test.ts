/** Web push sender against the loopback push service: encryption, VAPID, headers and every outcome. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import webpush from 'web-push'
import { fixedClock } from '../../src/platform/clock.ts'
import {
  createWebPushSender,
  topicForTag,
  webPushPayload,
  type PushMessage,
  type WebPushSender,
} from '../../src/providers/push/index.ts'
import { startPushServiceFake, type PushServiceFake } from '../fakes/push-service-fake.ts'

const SUBJECT = 'mailto:ops@sextant.example'

describe('web push sender', () => {
  let push: PushServiceFake
  let sender: WebPushSender
  let keys: { publicKey: string; privateKey: string }

  before(async () => {
    push = await startPushServiceFake()
    keys = webpush.generateVAPIDKeys()
    sender = createWebPushSender({ keys, subject: SUBJECT, agent: push.agent })
  })
  after(() => push.close())

  it('delivers an aes128gcm payload the subscription decrypts to exactly what was sent, with VAPID, TTL and urgency', async () => {
    const sub = push.subscribe(keys.publicKey)
    const message: PushMessage = {
      title: 'AAPL crossed 200',
      body: 'Price above 200.00 (now 200.13) — ünïcödé',
      url: '/app/alerts',
      tag: 'alert-42',
      data: { alert_firing_id: '42' },
      ttlSeconds: 600,
      urgency: 'high',
    }
    const result = await sender.send(sub, message)
    assert.equal(result.outcome, 'sent')
    assert.equal(result.status, 201)
    assert.match(result.id ?? '', new RegExp(`^${push.origin}/m/`))
    const got = push.messages.at(-1)
    assert.ok(got)
    assert.deepEqual(JSON.parse(got.payload), {
      title: 'AAPL crossed 200',
      body: 'Price above 200.00 (now 200.13) — ünïcödé',
      url: '/app/alerts',
      tag: 'alert-42',
      data: { alert_firing_id: '42' },
    })
    assert.equal(got.payload, webPushPayload(message))
    assert.equal(got.ttl, 600)
    assert.equal(got.urgency, 'high')
    assert.equal(got.topic, 'alert-42')
    assert.equal(got.vapid.sub, SUBJECT)
    assert.equal(got.vapid.aud, push.origin)
    assert.equal(got.vapid.k, keys.publicKey)
  })

  it('defaults TTL to 4 hours and urgency to normal; a tag that is no valid Topic is hashed to 32 URL-safe characters', async () => {
    const sub = push.subscribe()
    const tag = 'alert:42 for user 7 (price above)'
    assert.equal((await sender.send(sub, { title: 't', body: 'b', tag })).outcome, 'sent')
    const got = push.messages.at(-1)
    assert.equal(got?.ttl, 14_400)
    assert.equal(got?.urgency, 'normal')
    assert.equal(got?.topic, topicForTag(tag))
    assert.match(got?.topic ?? '', /^[A-Za-z0-9_-]{32}$/)
    assert.equal(topicForTag(tag), topicForTag(tag), 'the same tag gives the same topic')
  })

  it('410 from the push service → gone, with its errno', async () => {
    const sub = push.subscribe()
    push.expire(sub.endpoint)
    const result = await sender.send(sub, { title: 't', body: 'b' })
    assert.deepEqual(result, { outcome: 'gone', status: 410, reason: 'errno 106: subscription expired' })
  })

  it('404 for an unknown subscription → gone', async () => {
    const sub = push.subscribe()
    const result = await sender.send(
      { ...sub, endpoint: `${push.origin}/push/nosuchsubscription` },
      { title: 't', body: 'b' },
    )
    assert.equal(result.outcome, 'gone')
    assert.equal(result.status, 404)
    assert.match(result.reason ?? '', /^errno 102/)
  })

  it('429 with Retry-After in seconds → retry after that many ms', async () => {
    const sub = push.subscribe()
    push.failNext(429, { retryAfter: '120' })
    const result = await sender.send(sub, { title: 't', body: 'b' })
    assert.deepEqual(result, {
      outcome: 'retry',
      status: 429,
      reason: 'errno 201: scripted',
      retryAfterMs: 120_000,
    })
  })

  it('Retry-After as an HTTP date is measured from the clock', async () => {
    const clock = fixedClock('2030-01-02T10:00:00Z')
    const timed = createWebPushSender({ keys, subject: SUBJECT, agent: push.agent, clock })
    const sub = push.subscribe()
    push.failNext(503, { retryAfter: 'Wed, 02 Jan 2030 10:00:30 GMT' })
    const result = await timed.send(sub, { title: 't', body: 'b' })
    assert.equal(result.outcome, 'retry')
    assert.equal(result.status, 503)
    assert.equal(result.retryAfterMs, 30_000)
  })

  it('503 without Retry-After → retry without a delay', async () => {
    const sub = push.subscribe()
    push.failNext(503)
    const result = await sender.send(sub, { title: 't', body: 'b' })
    assert.equal(result.outcome, 'retry')
    assert.equal(result.retryAfterMs, undefined)
  })

  it('413, 400 and a VAPID key the subscription was not made with (403) → failed, with the reason', async () => {
    const sub = push.subscribe()
    push.failNext(413, { errno: 104 })
    assert.deepEqual(await sender.send(sub, { title: 't', body: 'b' }), {
      outcome: 'failed',
      status: 413,
      reason: 'errno 104: scripted',
    })
    push.failNext(400, { errno: 111 })
    assert.equal((await sender.send(sub, { title: 't', body: 'b' })).outcome, 'failed')
    const other = push.subscribe(webpush.generateVAPIDKeys().publicKey)
    const result = await sender.send(other, { title: 't', body: 'b' })
    assert.equal(result.outcome, 'failed')
    assert.equal(result.status, 403)
    assert.match(result.reason ?? '', /errno 109: k is not the key/)
  })

  it('a network error → retry with its code', async () => {
    const sub = push.subscribe()
    const result = await sender.send(
      { ...sub, endpoint: 'https://127.0.0.1:1/push/x' },
      { title: 't', body: 'b' },
    )
    assert.deepEqual(result, { outcome: 'retry', reason: 'ECONNREFUSED' })
  })

  it('a payload over 3993 bytes is refused before sending', async () => {
    const sub = push.subscribe()
    const before = push.requests.length
    const result = await sender.send(sub, { title: 't', body: 'x'.repeat(4000) })
    assert.equal(result.outcome, 'failed')
    assert.match(result.reason ?? '', /^payload_too_large/)
    assert.equal(push.requests.length, before, 'nothing reached the push service')
  })

  it('bad subscription keys → failed (web-push refuses to encrypt)', async () => {
    const sub = push.subscribe()
    const result = await sender.send(
      { ...sub, keys: { p256dh: 'AAAA', auth: sub.keys.auth } },
      { title: 't', body: 'b' },
    )
    assert.equal(result.outcome, 'failed')
    assert.match(result.reason ?? '', /p256dh/)
  })

  it('without keys web push is off: no public key, and send answers failed not_configured', async () => {
    const off = createWebPushSender({ keys: null, subject: SUBJECT })
    assert.equal(off.vapidPublicKey, null)
    assert.deepEqual(await off.send(push.subscribe(), { title: 't', body: 'b' }), {
      outcome: 'failed',
      reason: 'not_configured',
    })
  })
})
