/** FCM HTTP v1 sender against the loopback FCM + OAuth fake: grant, token cache, message and every outcome. */
import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, beforeEach, describe, it } from 'node:test'
import { fixedClock, type FixedClock } from '../../src/platform/clock.ts'
import {
  createFcmSender,
  parseServiceAccount,
  type PlatformPushSender,
} from '../../src/providers/push/index.ts'
import { createHttpClient } from '../../src/providers/shared/http.ts'
import { startFcmFake, type FcmFake } from '../fakes/fcm-fake.ts'

const http = createHttpClient({ retries: 0, timeoutMs: 5000 })
const android = { platform: 'android' as const, deviceToken: 'dGVzdC1kZXZpY2UtdG9rZW4:APA91bExample' }

describe('FCM sender', () => {
  let fcm: FcmFake
  let clock: FixedClock
  let sender: PlatformPushSender

  before(async () => {
    fcm = await startFcmFake()
  })
  after(() => fcm.close())
  beforeEach(() => {
    fcm.expiresIn = 3599
    clock = fixedClock(new Date())
    sender = createFcmSender({ http, account: fcm.account, baseUrl: fcm.baseUrl, clock })
  })

  it('exchanges a signed JWT for a token and sends the v1 message', async () => {
    const grants = fcm.grants.length
    const result = await sender.send(android, {
      title: 'AAPL crossed 200',
      body: 'now 200.13',
      url: '/app/alerts',
      tag: 'alert-42',
      data: { alert_firing_id: '42' },
      ttlSeconds: 600,
    })
    assert.equal(result.outcome, 'sent')
    assert.equal(result.status, 200)
    assert.match(result.id ?? '', /^projects\/sextant-test\/messages\//)
    assert.deepEqual(fcm.messages.at(-1)?.message, {
      token: android.deviceToken,
      notification: { title: 'AAPL crossed 200', body: 'now 200.13' },
      android: { priority: 'high', ttl: '600s', collapse_key: 'alert-42' },
      data: { alert_firing_id: '42', url: '/app/alerts' },
    })
    assert.equal(fcm.grants.length, grants + 1)
    const claims = fcm.grants.at(-1)?.claims ?? {}
    assert.equal(claims['iss'], fcm.account.client_email)
    assert.equal(claims['aud'], fcm.account.token_uri)
    assert.equal(claims['scope'], 'https://www.googleapis.com/auth/firebase.messaging')
    assert.equal(Number(claims['exp']) - Number(claims['iat']), 3600)
    assert.equal(claims['iat'], Math.floor(clock.now().getTime() / 1000))
  })

  it('low urgency asks Android for normal priority; an iOS target carries APNs headers', async () => {
    await sender.send(
      { platform: 'ios', deviceToken: 'ios-token-through-fcm' },
      { title: 't', body: 'b', urgency: 'low', tag: 'x' },
    )
    const m = fcm.messages.at(-1)?.message ?? {}
    assert.deepEqual(m['android'], { priority: 'normal', ttl: '14400s', collapse_key: 'x' })
    assert.deepEqual(m['apns'], {
      headers: { 'apns-priority': '5', 'apns-push-type': 'alert', 'apns-collapse-id': 'x' },
    })
  })

  it('reuses the access token across sends and refreshes it 60 s before it expires', async () => {
    fcm.expiresIn = 120
    const grants = fcm.grants.length
    for (let i = 0; i < 3; i++)
      assert.equal((await sender.send(android, { title: 't', body: String(i) })).outcome, 'sent')
    assert.equal(fcm.grants.length, grants + 1, 'one grant for three sends')
    clock.advance(59_000)
    await sender.send(android, { title: 't', body: 'still cached' })
    assert.equal(fcm.grants.length, grants + 1)
    clock.advance(2_000)
    await sender.send(android, { title: 't', body: 'refreshed' })
    assert.equal(fcm.grants.length, grants + 2, 'a new grant once within 60 s of expiry')
    assert.equal(fcm.messages.at(-1)?.accessToken, fcm.grants.at(-1)?.accessToken)
  })

  it('concurrent sends share one token request', async () => {
    const grants = fcm.grants.length
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) => sender.send(android, { title: 't', body: String(i) })),
    )
    assert.deepEqual(
      results.map((r) => r.outcome),
      ['sent', 'sent', 'sent', 'sent'],
    )
    assert.equal(fcm.grants.length, grants + 1)
  })

  it('UNREGISTERED (404) → gone', async () => {
    fcm.unregister('unregistered-token-123')
    const result = await sender.send(
      { platform: 'android', deviceToken: 'unregistered-token-123' },
      { title: 't', body: 'b' },
    )
    assert.deepEqual(result, { outcome: 'gone', status: 404, reason: 'UNREGISTERED' })
  })

  it('INVALID_ARGUMENT on message.token → gone; on another field → failed', async () => {
    const bad = await sender.send(
      { platform: 'android', deviceToken: 'not a token!' },
      { title: 't', body: 'b' },
    )
    assert.deepEqual(bad, { outcome: 'gone', status: 400, reason: 'INVALID_ARGUMENT' })
    const data = { n: 1 } as unknown as Record<string, string>
    const other = await sender.send(android, { title: 't', body: 'b', data })
    assert.deepEqual(other, { outcome: 'failed', status: 400, reason: 'INVALID_ARGUMENT' })
  })

  it('SENDER_ID_MISMATCH → gone', async () => {
    fcm.failNext('SENDER_ID_MISMATCH')
    assert.deepEqual(await sender.send(android, { title: 't', body: 'b' }), {
      outcome: 'gone',
      status: 403,
      reason: 'SENDER_ID_MISMATCH',
    })
  })

  it('QUOTA_EXCEEDED → retry after Retry-After, never sooner than 60 s', async () => {
    fcm.failNext('QUOTA_EXCEEDED', { retryAfter: '90' })
    assert.deepEqual(await sender.send(android, { title: 't', body: 'b' }), {
      outcome: 'retry',
      status: 429,
      reason: 'QUOTA_EXCEEDED',
      retryAfterMs: 90_000,
    })
    fcm.failNext('QUOTA_EXCEEDED', { retryAfter: '5' })
    assert.equal((await sender.send(android, { title: 't', body: 'b' })).retryAfterMs, 60_000)
    fcm.failNext('QUOTA_EXCEEDED')
    assert.equal((await sender.send(android, { title: 't', body: 'b' })).retryAfterMs, 60_000)
  })

  it('UNAVAILABLE → retry honouring Retry-After; INTERNAL → retry', async () => {
    fcm.failNext('UNAVAILABLE', { retryAfter: '5' })
    assert.deepEqual(await sender.send(android, { title: 't', body: 'b' }), {
      outcome: 'retry',
      status: 503,
      reason: 'UNAVAILABLE',
      retryAfterMs: 5_000,
    })
    fcm.failNext('INTERNAL')
    assert.deepEqual(await sender.send(android, { title: 't', body: 'b' }), {
      outcome: 'retry',
      status: 500,
      reason: 'INTERNAL',
    })
  })

  it('THIRD_PARTY_AUTH_ERROR → failed', async () => {
    fcm.failNext('THIRD_PARTY_AUTH_ERROR')
    assert.deepEqual(await sender.send(android, { title: 't', body: 'b' }), {
      outcome: 'failed',
      status: 401,
      reason: 'THIRD_PARTY_AUTH_ERROR',
    })
  })

  it('a refused access token → failed, and the next send asks for a new one', async () => {
    await sender.send(android, { title: 't', body: 'warm' })
    const grants = fcm.grants.length
    fcm.revokeAccessTokens()
    assert.deepEqual(await sender.send(android, { title: 't', body: 'b' }), {
      outcome: 'failed',
      status: 401,
      reason: 'UNAUTHENTICATED',
    })
    assert.equal((await sender.send(android, { title: 't', body: 'b' })).outcome, 'sent')
    assert.equal(fcm.grants.length, grants + 1)
  })

  it('a token endpoint refusal → failed; its 5xx → retry; nothing is sent', async () => {
    const sent = fcm.messages.length
    fcm.failNextToken(400, 'invalid_grant')
    assert.deepEqual(await sender.send(android, { title: 't', body: 'b' }), {
      outcome: 'failed',
      status: 400,
      reason: 'token endpoint: invalid_grant: scripted',
    })
    fcm.failNextToken(503, 'backend_error')
    const result = await sender.send(android, { title: 't', body: 'b' })
    assert.equal(result.outcome, 'retry')
    assert.equal(result.status, 503)
    assert.equal(fcm.messages.length, sent)
  })

  it('a token endpoint that cannot be reached → retry', async () => {
    const account = { ...fcm.account, token_uri: 'http://127.0.0.1:1/token' }
    const offline = createFcmSender({ http, account, baseUrl: fcm.baseUrl, clock })
    const result = await offline.send(android, { title: 't', body: 'b' })
    assert.equal(result.outcome, 'retry')
    assert.match(result.reason ?? '', /^token endpoint: network/)
  })
})

describe('FCM_SERVICE_ACCOUNT', () => {
  const json = JSON.stringify({
    type: 'service_account',
    project_id: 'p1',
    client_email: 'a@p1.iam.gserviceaccount.com',
    private_key: '-----BEGIN PRIVATE KEY-----\nMII\n-----END PRIVATE KEY-----\n',
  })

  it('reads inline JSON or a file path, defaulting token_uri to Google', () => {
    const inline = parseServiceAccount(json)
    assert.equal(inline.project_id, 'p1')
    assert.equal(inline.token_uri, 'https://oauth2.googleapis.com/token')
    const file = join(mkdtempSync(join(tmpdir(), 'fcm-')), 'sa.json')
    writeFileSync(file, JSON.stringify({ ...JSON.parse(json), token_uri: 'http://127.0.0.1:9/token' }))
    assert.equal(parseServiceAccount(file).token_uri, 'http://127.0.0.1:9/token')
  })

  it('names what is missing', () => {
    assert.throws(() => parseServiceAccount('{"project_id":"p"}'), /missing client_email, private_key/)
    assert.throws(() => parseServiceAccount('{not json'), /not JSON/)
  })
})
