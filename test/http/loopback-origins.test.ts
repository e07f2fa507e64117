/**
 * Cookie-authenticated writes from a loopback origin: with PUBLIC_BASE_URL on localhost, the same
 * port on 127.0.0.1 and [::1] is the same service and its writes pass the Origin check (the account
 * routes and the agents' routes alike); another port, another scheme or another host does not. A
 * PUBLIC_BASE_URL that is not loopback gains no loopback origin.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { allowedOrigins, loopbackEquivalents } from '../../src/platform/http/security.ts'
import { json } from '../helpers/assertions.ts'
import { type TestApp, useTestApp } from '../helpers/test-app.ts'

const HIGH = { REGISTRATIONS_PER_IP_PER_HOUR: '10000', LOGINS_PER_IP_PER_MINUTE: '10000' }
const local = useTestApp({ env: { ...HIGH, PORT: '8000' } })
const hosted = useTestApp({ env: { ...HIGH, PUBLIC_BASE_URL: 'https://sextant.example.com' } })

let seq = 0
/** A new user's access token, sent back as the console's svc_token cookie. */
async function cookieOf(app: TestApp): Promise<string> {
  const email = `loop${++seq}.${process.pid}@example.test`
  const password = 'orbit-lantern-42'
  assert.equal((await app.anon.post('/api/auth/register', { email, password })).statusCode, 201)
  const res = await app.anon.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  assert.equal(res.statusCode, 200, res.body)
  return `svc_token=${json(res.body).access_token as string}`
}

const patchMe = (app: TestApp, cookie: string, origin: string) =>
  app.anon.inject({
    method: 'PATCH',
    url: '/api/auth/me',
    payload: { full_name: 'Alice' },
    headers: { cookie, origin },
  })

describe('loopback origins', () => {
  it('lists a loopback origin with its equivalents on the same scheme and port, nothing else', () => {
    assert.deepEqual(loopbackEquivalents('http://127.0.0.1:8000').sort(), [
      'http://127.0.0.1:8000',
      'http://[::1]:8000',
      'http://localhost:8000',
    ])
    assert.deepEqual(loopbackEquivalents('https://sextant.example.com'), ['https://sextant.example.com'])
    assert.deepEqual(
      allowedOrigins({
        PUBLIC_BASE_URL: 'https://sextant.example.com/',
        CORS_ORIGINS: 'https://app.example.com',
      }),
      ['https://sextant.example.com', 'https://app.example.com'],
    )
  })

  it('accepts cookie writes from 127.0.0.1 and [::1] when the service is on localhost, same port only', async () => {
    const cookie = await cookieOf(local)
    for (const origin of ['http://localhost:8000', 'http://127.0.0.1:8000', 'http://[::1]:8000']) {
      const res = await patchMe(local, cookie, origin)
      assert.equal(res.statusCode, 200, `${origin}: ${res.body}`)
    }
    for (const origin of [
      'http://127.0.0.1:8001',
      'https://127.0.0.1:8000',
      'http://127.0.0.2:8000',
      'http://localhost.example.com:8000',
    ]) {
      const res = await patchMe(local, cookie, origin)
      assert.equal(res.statusCode, 403, origin)
      assert.equal(json(res.body).code, 'auth.csrf_origin_mismatch', origin)
    }
  })

  it("accepts the agents' cookie writes from 127.0.0.1 too", async () => {
    const cookie = await cookieOf(local)
    const create = (origin: string) =>
      local.anon.inject({
        method: 'POST',
        url: '/api/bot-controls/agents',
        payload: { name: 'Loopback bot' },
        headers: { cookie, origin },
      })
    const ok = await create('http://127.0.0.1:8000')
    assert.equal(ok.statusCode, 201, ok.body)
    assert.equal((await create('http://127.0.0.1:9999')).statusCode, 403)
  })

  it('gives a service on a public address no loopback origin', async () => {
    const cookie = await cookieOf(hosted)
    assert.equal((await patchMe(hosted, cookie, 'https://sextant.example.com')).statusCode, 200)
    for (const origin of ['http://localhost:8000', 'https://127.0.0.1', 'https://localhost']) {
      const res = await patchMe(hosted, cookie, origin)
      assert.equal(res.statusCode, 403, origin)
    }
  })
})
