/** The FCM fake itself: its OAuth grant checks and its Google error bodies. */
import assert from 'node:assert/strict'
import { generateKeyPairSync } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { importPKCS8, SignJWT, type KeyObject } from 'jose'
import { startFcmFake, type FcmFake } from './fcm-fake.ts'

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'
const GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer'

async function assertion(fcm: FcmFake, opts: { key?: KeyObject; lifetime?: number; scope?: string } = {}) {
  const iat = Math.floor(Date.now() / 1000)
  return new SignJWT({ scope: opts.scope ?? SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(fcm.account.client_email)
    .setAudience(fcm.account.token_uri)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (opts.lifetime ?? 3600))
    .sign(opts.key ?? (await importPKCS8(fcm.account.private_key, 'RS256')))
}

async function grant(fcm: FcmFake, jwt: string, grantType = GRANT) {
  const res = await fetch(fcm.account.token_uri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: grantType, assertion: jwt }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function sendRaw(
  fcm: FcmFake,
  token: string | undefined,
  message: unknown,
  project = fcm.account.project_id,
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers['authorization'] = `Bearer ${token}`
  const res = await fetch(`${fcm.baseUrl}/v1/projects/${project}/messages:send`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ message }),
  })
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    retryAfter: res.headers.get('retry-after'),
  }
}

describe('FCM fake', () => {
  let fcm: FcmFake
  let accessToken: string
  before(async () => {
    fcm = await startFcmFake()
    const ok = await grant(fcm, await assertion(fcm))
    assert.equal(ok.status, 200)
    assert.equal(ok.body['token_type'], 'Bearer')
    assert.equal(ok.body['expires_in'], 3599)
    accessToken = String(ok.body['access_token'])
  })
  after(() => fcm.close())

  it('refuses a grant signed by another key, asking over an hour, without the scope, or of another type', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
    const forged = await grant(fcm, await assertion(fcm, { key: other }))
    assert.equal(forged.status, 400)
    assert.equal(forged.body['error'], 'invalid_grant')
    assert.equal((await grant(fcm, await assertion(fcm, { lifetime: 7200 }))).body['error'], 'invalid_grant')
    assert.equal((await grant(fcm, await assertion(fcm, { scope: 'email' }))).body['error'], 'invalid_scope')
    assert.equal(
      (await grant(fcm, await assertion(fcm), 'client_credentials')).body['error'],
      'unsupported_grant_type',
    )
  })

  it('sends with a granted token: 200 {name}; without one 401, another project 403', async () => {
    const ok = await sendRaw(fcm, accessToken, {
      token: 'abcdefgh123',
      notification: { title: 't', body: 'b' },
    })
    assert.equal(ok.status, 200)
    assert.match(String(ok.body['name']), /^projects\/sextant-test\/messages\//)
    assert.equal((await sendRaw(fcm, undefined, { token: 'abcdefgh123' })).status, 401)
    assert.equal((await sendRaw(fcm, 'ya29.forged', { token: 'abcdefgh123' })).status, 401)
    assert.equal((await sendRaw(fcm, accessToken, { token: 'abcdefgh123' }, 'other-project')).status, 403)
  })

  it('answers Google error JSON with the FcmError detail (and field violations for INVALID_ARGUMENT)', async () => {
    fcm.unregister('gone-token-1')
    const gone = await sendRaw(fcm, accessToken, { token: 'gone-token-1' })
    assert.equal(gone.status, 404)
    assert.deepEqual(gone.body, {
      error: {
        code: 404,
        message: 'Requested entity was not found.',
        status: 'NOT_FOUND',
        details: [
          { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
        ],
      },
    })
    const bad = await sendRaw(fcm, accessToken, { token: 'abcdefgh123', data: { n: 1 } })
    assert.equal(bad.status, 400)
    const error = bad.body['error'] as { status: string; details: Array<Record<string, unknown>> }
    assert.equal(error.status, 'INVALID_ARGUMENT')
    assert.deepEqual(error.details[1]?.['fieldViolations'], [
      {
        field: 'message.data[n].value',
        description: "Invalid value at 'message.data[n].value' (TYPE_STRING)",
      },
    ])
    const ttl = await sendRaw(fcm, accessToken, { token: 'abcdefgh123', android: { ttl: 600 } })
    assert.equal(ttl.status, 400)
  })

  it('plays scripted errors once, with Retry-After', async () => {
    fcm.failNext('QUOTA_EXCEEDED', { retryAfter: '61' })
    const limited = await sendRaw(fcm, accessToken, { token: 'abcdefgh123' })
    assert.equal(limited.status, 429)
    assert.equal(limited.retryAfter, '61')
    assert.equal((limited.body['error'] as { status: string }).status, 'RESOURCE_EXHAUSTED')
    assert.equal((await sendRaw(fcm, accessToken, { token: 'abcdefgh123' })).status, 200)
  })
})
