/** The push-service fake itself: what it accepts, what it refuses, and that it really decrypts. */
import assert from 'node:assert/strict'
import { request } from 'node:https'
import { after, before, describe, it } from 'node:test'
import { SignJWT, importJWK } from 'jose'
import webpush from 'web-push'
import { startPushServiceFake, type PushServiceFake } from './push-service-fake.ts'
import { decryptAes128gcm, userAgentKeys } from './web-push-crypto.ts'

interface Sent {
  status: number
  body: Record<string, unknown>
  headers: Record<string, unknown>
}

function post(
  fake: PushServiceFake,
  url: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, ca: fake.ca }, (res) => {
      let text = ''
      res.on('data', (c: Buffer) => (text += c.toString()))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(text || '{}') as Record<string, unknown>,
          headers: res.headers,
        }),
      )
    })
    req.on('error', reject)
    req.end(body)
  })
}

const vapidKeys = webpush.generateVAPIDKeys()
const vapidDetails = { subject: 'mailto:ops@sextant.example', ...vapidKeys }

/** A correct request (web-push builds it), for each test to spoil one part of. */
function details(sub: webpush.PushSubscription, payload = '{"title":"hi"}') {
  const d = webpush.generateRequestDetails(sub, payload, {
    vapidDetails,
    TTL: 60,
    contentEncoding: 'aes128gcm',
    urgency: 'low',
  })
  return { url: d.endpoint, headers: { ...d.headers } as Record<string, string>, body: d.body ?? undefined }
}

/** A VAPID header signed with our key but with chosen claims. */
async function vapidWith(claims: Record<string, unknown>): Promise<string> {
  const jwk = webpushJwk()
  const jwt = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .sign(await importJWK(jwk, 'ES256'))
  return `vapid t=${jwt}, k=${vapidKeys.publicKey}`
}

function webpushJwk() {
  const pub = Buffer.from(vapidKeys.publicKey, 'base64url')
  return {
    kty: 'EC',
    crv: 'P-256',
    x: pub.subarray(1, 33).toString('base64url'),
    y: pub.subarray(33).toString('base64url'),
    d: vapidKeys.privateKey,
  }
}

describe('push service fake', () => {
  let fake: PushServiceFake
  before(async () => {
    fake = await startPushServiceFake()
  })
  after(() => fake.close())

  it('accepts a correct push with 201 and Location, and records the decrypted payload', async () => {
    const sub = fake.subscribe(vapidKeys.publicKey)
    const d = details(sub, '{"title":"hello"}')
    const res = await post(fake, d.url, d.headers, d.body)
    assert.equal(res.status, 201)
    assert.match(String(res.headers['location']), /\/m\//)
    assert.deepEqual(fake.messages.at(-1), {
      subscriptionId: sub.endpoint.split('/').at(-1),
      payload: '{"title":"hello"}',
      ttl: 60,
      urgency: 'low',
      topic: undefined,
      vapid: fake.messages.at(-1)?.vapid,
    })
    assert.equal(fake.messages.at(-1)?.vapid.aud, fake.origin)
  })

  it('its RFC 8291 decryption reads what web-push encrypts, and rejects a tampered body', () => {
    const ua = userAgentKeys()
    const enc = webpush.encrypt(ua.p256dh, ua.auth, 'payload ✓', 'aes128gcm')
    assert.equal(decryptAes128gcm(enc.cipherText, ua).toString(), 'payload ✓')
    const tampered = Buffer.from(enc.cipherText)
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1
    assert.throws(() => decryptAes128gcm(tampered, ua), /authentication tag/)
    assert.throws(() => decryptAes128gcm(enc.cipherText, userAgentKeys()), /authentication tag/)
  })

  it('refuses a push without TTL, with a bad Urgency or Topic, or another content encoding (400)', async () => {
    const sub = fake.subscribe()
    for (const spoil of [
      (h: Record<string, string>) => delete h['TTL'],
      (h: Record<string, string>) => (h['Urgency'] = 'urgent'),
      (h: Record<string, string>) => (h['Topic'] = 'not a topic!'),
      (h: Record<string, string>) => (h['Content-Encoding'] = 'aesgcm'),
    ]) {
      const d = details(sub)
      spoil(d.headers)
      const res = await post(fake, d.url, d.headers, d.body)
      assert.equal(res.status, 400, JSON.stringify(res.body))
      assert.equal(res.body['code'], 400)
      assert.equal(typeof res.body['errno'], 'number')
    }
  })

  it('refuses missing VAPID (401), a wrong audience, an exp over 24 h or a missing sub (403)', async () => {
    const sub = fake.subscribe()
    const d = details(sub)
    delete d.headers['Authorization']
    assert.equal((await post(fake, d.url, d.headers, d.body)).status, 401)
    const now = Math.floor(Date.now() / 1000)
    for (const claims of [
      { aud: 'https://elsewhere.example', exp: now + 3600, sub: 'mailto:a@b.c' },
      { aud: fake.origin, exp: now + 25 * 3600, sub: 'mailto:a@b.c' },
      { aud: fake.origin, exp: now + 3600 },
      { aud: fake.origin, exp: now - 10, sub: 'mailto:a@b.c' },
    ]) {
      const bad = details(sub)
      bad.headers['Authorization'] = await vapidWith(claims)
      const res = await post(fake, bad.url, bad.headers, bad.body)
      assert.equal(res.status, 403, JSON.stringify(claims))
    }
  })

  it('refuses a push whose body it cannot decrypt (400), a body over 4096 bytes (413), an unknown id (404), an expired one (410)', async () => {
    const sub = fake.subscribe()
    const d = details(sub)
    const spoiled = Buffer.from(d.body ?? Buffer.alloc(0))
    spoiled[100] = (spoiled[100] ?? 0) ^ 0xff
    assert.equal((await post(fake, d.url, d.headers, spoiled)).status, 400)
    const big = details(sub, 'x'.repeat(4100))
    assert.equal((await post(fake, big.url, big.headers, big.body)).status, 413)
    const unknown = details({ ...sub, endpoint: `${fake.origin}/push/unknown` })
    assert.equal((await post(fake, unknown.url, unknown.headers, unknown.body)).status, 404)
    fake.expire(sub.endpoint)
    const gone = details(sub)
    const res = await post(fake, gone.url, gone.headers, gone.body)
    assert.equal(res.status, 410)
    assert.equal(res.body['errno'], 106)
  })

  it('plays scripted answers once: 429 with Retry-After, then 201 again', async () => {
    const sub = fake.subscribe()
    fake.failNext(429, { retryAfter: '7' })
    const first = details(sub)
    const res = await post(fake, first.url, first.headers, first.body)
    assert.equal(res.status, 429)
    assert.equal(res.headers['retry-after'], '7')
    const second = details(sub)
    assert.equal((await post(fake, second.url, second.headers, second.body)).status, 201)
  })
})
