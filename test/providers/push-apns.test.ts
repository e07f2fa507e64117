/** APNs sender against the loopback HTTP/2 fake: headers, payload, JWT and session reuse, every outcome. */
import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import { fixedClock, type FixedClock } from '../../src/platform/clock.ts'
import { createApnsSender, type PlatformPushSender } from '../../src/providers/push/index.ts'
import { startApnsFake, type ApnsFake } from '../fakes/apns-fake.ts'

const TOKEN = 'a'.repeat(64)
const ios = { platform: 'ios' as const, deviceToken: TOKEN }

describe('APNs sender', () => {
  let apns: ApnsFake
  let clock: FixedClock
  let sender: PlatformPushSender

  before(async () => {
    apns = await startApnsFake()
  })
  after(() => apns.close())
  beforeEach(async () => {
    await sender?.close?.()
    clock = fixedClock(new Date())
    sender = createApnsSender({ ...apns.credentials, host: apns.host, ca: apns.ca, clock })
  })

  it('posts the alert with topic, push type, priority, expiration and collapse id; 200 → sent with the apns-id', async () => {
    const result = await sender.send(ios, {
      title: 'AAPL crossed 200',
      body: 'now 200.13',
      url: '/app/alerts',
      tag: 'alert-42',
      data: { alert_firing_id: '42' },
      ttlSeconds: 600,
    })
    const got = apns.notifications.at(-1)
    assert.ok(got)
    assert.deepEqual(result, { outcome: 'sent', status: 200, id: got.apnsId })
    assert.match(got.apnsId, /^[0-9a-f-]{36}$/)
    assert.deepEqual(got.payload, {
      aps: {
        alert: { title: 'AAPL crossed 200', body: 'now 200.13' },
        sound: 'default',
        'thread-id': 'alert-42',
      },
      url: '/app/alerts',
      data: { alert_firing_id: '42' },
    })
    assert.equal(got.headers['apns-topic'], 'com.example.sextant')
    assert.equal(got.headers['apns-push-type'], 'alert')
    assert.equal(got.headers['apns-priority'], '10')
    assert.equal(got.headers['apns-expiration'], String(Math.floor(clock.now().getTime() / 1000) + 600))
    assert.equal(got.headers['apns-collapse-id'], 'alert-42')
  })

  it('low urgency → priority 5; a long tag → a 64-byte collapse id; the target appId is the topic', async () => {
    const tag = 'x'.repeat(100)
    const wrongTopic = await sender.send({ ...ios, appId: 'com.example.other' }, { title: 't', body: 'b' })
    assert.deepEqual(wrongTopic, { outcome: 'failed', status: 400, reason: 'TopicDisallowed' })
    await sender.send(
      { ...ios, appId: 'com.example.sextant' },
      { title: 't', body: 'b', urgency: 'very-low', tag, ttlSeconds: 0 },
    )
    const got = apns.notifications.at(-1)
    assert.equal(got?.headers['apns-priority'], '5')
    assert.equal(got?.headers['apns-expiration'], '0')
    assert.equal(Buffer.byteLength(got?.headers['apns-collapse-id'] ?? ''), 64)
  })

  it('reuses one provider JWT and one HTTP/2 session across sends; a new JWT after 50 minutes', async () => {
    const sessions = apns.sessions
    for (let i = 0; i < 3; i++)
      assert.equal((await sender.send(ios, { title: 't', body: String(i) })).outcome, 'sent')
    const last3 = apns.notifications.slice(-3)
    assert.equal(apns.sessions, sessions + 1, 'one connection')
    assert.equal(new Set(last3.map((n) => n.session)).size, 1)
    assert.equal(new Set(last3.map((n) => n.iat)).size, 1, 'one JWT')
    clock.advance(49 * 60_000)
    await sender.send(ios, { title: 't', body: 'b' })
    assert.equal(apns.notifications.at(-1)?.iat, last3[0]?.iat)
    clock.advance(2 * 60_000)
    await sender.send(ios, { title: 't', body: 'b' })
    assert.equal(apns.notifications.at(-1)?.iat, Math.floor(clock.now().getTime() / 1000))
    assert.equal(apns.sessions, sessions + 1, 'still the same connection')
  })

  it('opens a new session after GOAWAY', async () => {
    await sender.send(ios, { title: 't', body: 'b' })
    const first = apns.notifications.at(-1)?.session
    apns.goAway()
    await new Promise((r) => setTimeout(r, 50))
    assert.equal((await sender.send(ios, { title: 't', body: 'b' })).outcome, 'sent')
    assert.notEqual(apns.notifications.at(-1)?.session, first)
  })

  it('410 Unregistered → gone', async () => {
    const token = 'b'.repeat(64)
    apns.unregister(token)
    assert.deepEqual(await sender.send({ platform: 'ios', deviceToken: token }, { title: 't', body: 'b' }), {
      outcome: 'gone',
      status: 410,
      reason: 'Unregistered',
    })
  })

  it('400 BadDeviceToken and DeviceTokenNotForTopic → gone; a token that is not hex never leaves', async () => {
    const short = await sender.send({ platform: 'ios', deviceToken: 'abcdef12' }, { title: 't', body: 'b' })
    assert.deepEqual(short, { outcome: 'gone', status: 400, reason: 'BadDeviceToken' })
    apns.failNext(400, 'DeviceTokenNotForTopic')
    assert.deepEqual(await sender.send(ios, { title: 't', body: 'b' }), {
      outcome: 'gone',
      status: 400,
      reason: 'DeviceTokenNotForTopic',
    })
    const before = apns.requests.length
    assert.deepEqual(
      await sender.send({ platform: 'ios', deviceToken: '../../x' }, { title: 't', body: 'b' }),
      {
        outcome: 'gone',
        reason: 'BadDeviceToken',
      },
    )
    assert.equal(apns.requests.length, before)
  })

  it('429 TooManyRequests → retry', async () => {
    apns.failNext(429, 'TooManyRequests')
    assert.deepEqual(await sender.send(ios, { title: 't', body: 'b' }), {
      outcome: 'retry',
      status: 429,
      reason: 'TooManyRequests',
    })
  })

  it('503 → retry, and the next send uses a new session', async () => {
    await sender.send(ios, { title: 't', body: 'warm' })
    const first = apns.notifications.at(-1)?.session
    apns.failNext(503, 'ServiceUnavailable')
    assert.deepEqual(await sender.send(ios, { title: 't', body: 'b' }), {
      outcome: 'retry',
      status: 503,
      reason: 'ServiceUnavailable',
    })
    await sender.send(ios, { title: 't', body: 'b' })
    assert.notEqual(apns.notifications.at(-1)?.session, first)
  })

  it('403 ExpiredProviderToken → a new JWT and one more attempt', async () => {
    await sender.send(ios, { title: 't', body: 'warm' })
    const tokens = apns.providerTokens.size
    apns.failNext(403, 'ExpiredProviderToken')
    assert.equal((await sender.send(ios, { title: 't', body: 'b' })).outcome, 'sent')
    assert.equal(apns.providerTokens.size, tokens + 1)
    apns.failNext(403, 'ExpiredProviderToken')
    apns.failNext(403, 'ExpiredProviderToken')
    assert.deepEqual(await sender.send(ios, { title: 't', body: 'b' }), {
      outcome: 'failed',
      status: 403,
      reason: 'ExpiredProviderToken',
    })
  })

  it('a wrong key id → failed InvalidProviderToken; too large a payload → failed before sending', async () => {
    const wrong = createApnsSender({ ...apns.credentials, keyId: 'OTHER12345', host: apns.host, ca: apns.ca })
    assert.deepEqual(await wrong.send(ios, { title: 't', body: 'b' }), {
      outcome: 'failed',
      status: 403,
      reason: 'InvalidProviderToken',
    })
    await wrong.close?.()
    assert.deepEqual(await sender.send(ios, { title: 't', body: 'x'.repeat(5000) }), {
      outcome: 'failed',
      reason: 'PayloadTooLarge',
    })
  })

  it('an unreachable host → retry with the network error', async () => {
    const offline = createApnsSender({ ...apns.credentials, host: 'https://127.0.0.1:1', ca: apns.ca })
    const result = await offline.send(ios, { title: 't', body: 'b' })
    assert.equal(result.outcome, 'retry')
    assert.equal(result.reason, 'ECONNREFUSED')
    await offline.close?.()
  })
})
