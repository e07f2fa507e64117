/**
 * The Alpaca sandbox through real HTTP: OAuth (consent page, form, code exchange, revocation),
 * bearer authentication and the chaos controls. Trading endpoints: alpaca-broker-fake.trading.test.ts.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  type AlpacaBrokerFake,
  FAKE_BROKER_NOW,
  fakeAccessToken,
  fakeAuthorizationCode,
  startAlpacaBrokerFake,
} from './alpaca-broker-fake.ts'
import { fakePerFile } from './sandbox-server.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
let fake: AlpacaBrokerFake

const authorizeQuery = (over: Record<string, string> = {}) =>
  new URLSearchParams({
    response_type: 'code',
    client_id: fake.clientId,
    redirect_uri: fake.redirectUri,
    state: 's-123',
    scope: 'trading data',
    ...over,
  })

const decide = (decision: string, q = authorizeQuery()) =>
  fetch(`${fake.baseUrl}/oauth/authorize?${q.toString()}`, {
    method: 'POST',
    headers: FORM,
    body: `decision=${decision}`,
    redirect: 'manual',
  })

async function token(fields: Record<string, string>, omit: string[] = []) {
  const all: Record<string, string> = {
    grant_type: 'authorization_code',
    client_id: fake.clientId,
    client_secret: fake.clientSecret,
    redirect_uri: fake.redirectUri,
    ...fields,
  }
  for (const k of omit) delete all[k]
  const res = await fetch(`${fake.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams(all),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function api(path: string, bearer?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${fake.baseUrl}${path}`, {
    headers: { ...headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined }
}

fakePerFile(startAlpacaBrokerFake, (f) => (fake = f))

describe('Alpaca sandbox: OAuth', () => {
  it('serves a script-free consent page whose form posts back to the same path and query', async () => {
    const q = authorizeQuery()
    const res = await fetch(`${fake.baseUrl}/oauth/authorize?${q.toString()}`)
    assert.equal(res.status, 200)
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/)
    const html = await res.text()
    assert.ok(
      html.includes(
        `<form method="post" action="/oauth/authorize?${q.toString().replaceAll('&', '&amp;')}">`,
      ),
    )
    assert.match(html, /<button type="submit" name="decision" value="allow">/)
    assert.match(html, /<button type="submit" name="decision" value="deny">/)
    assert.doesNotMatch(html, /<script|<style|\sstyle=|\son\w+=/i)
  })

  it('refuses bad authorize requests with 400 JSON and never redirects', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ client_id: 'someone-else' }, 'invalid_client'],
      [{ redirect_uri: 'https://evil.example/cb' }, 'invalid_request'],
      [{ redirect_uri: `${fake.redirectUri}/extra` }, 'invalid_request'],
      [{ scope: 'trading everything' }, 'invalid_scope'],
    ]
    for (const [over, error] of cases) {
      for (const res of [
        await fetch(`${fake.baseUrl}/oauth/authorize?${authorizeQuery(over).toString()}`),
        await decide('allow', authorizeQuery(over)),
      ]) {
        assert.equal(res.status, 400, JSON.stringify(over))
        assert.equal(res.headers.get('location'), null)
        const body = (await res.json()) as Record<string, unknown>
        assert.equal(body['error'], error)
        assert.equal(typeof body['error_description'], 'string')
      }
    }
  })

  it('redirects with a code and the state on allow, access_denied on deny, no state when none was sent', async () => {
    const allowed = new URL((await decide('allow')).headers.get('location')!)
    assert.equal(`${allowed.origin}${allowed.pathname}`, fake.redirectUri)
    assert.ok(allowed.searchParams.get('code'))
    assert.equal(allowed.searchParams.get('state'), 's-123')
    const denied = await decide('deny')
    assert.equal(denied.status, 302)
    const d = new URL(denied.headers.get('location')!)
    assert.equal(d.searchParams.get('error'), 'access_denied')
    assert.equal(d.searchParams.get('state'), 's-123')
    assert.equal(d.searchParams.get('code'), null)
    const q = authorizeQuery()
    q.delete('state')
    const stateless = new URL((await decide('allow', q)).headers.get('location')!)
    assert.equal(stateless.searchParams.has('state'), false)
    assert.equal((await decide('maybe')).status, 400)
  })

  it('exchanges a code once for a bearer token without refresh token or expiry', async () => {
    const code = await fakeAuthorizationCode(fake, 'trading data')
    const first = await token({ code })
    assert.equal(first.status, 200)
    assert.deepEqual(Object.keys(first.body).sort(), ['access_token', 'scope', 'token_type'])
    assert.equal(first.body['token_type'], 'bearer')
    assert.equal(first.body['scope'], 'trading data')
    const again = await token({ code })
    assert.deepEqual([again.status, again.body['error']], [400, 'invalid_grant'])
    assert.equal((await api('/v2/account', String(first.body['access_token']))).status, 200)
  })

  it('answers each token error as RFC 6749 JSON', async () => {
    const code = await fakeAuthorizationCode(fake)
    const cases: [Record<string, string>, string[], number, string][] = [
      [{ code, client_secret: 'wrong' }, [], 401, 'invalid_client'],
      [{ code, client_id: 'other' }, [], 401, 'invalid_client'],
      [{ code: 'not-a-code' }, [], 400, 'invalid_grant'],
      [{ code: `${code}x` }, [], 400, 'invalid_grant'],
      [{ code, redirect_uri: 'http://127.0.0.1:3000/other' }, [], 400, 'invalid_grant'],
      [{ code, grant_type: 'refresh_token' }, [], 400, 'unsupported_grant_type'],
      [{ code }, ['client_secret'], 400, 'invalid_request'],
      [{}, ['code'], 400, 'invalid_request'],
      [{ code }, ['grant_type'], 400, 'invalid_request'],
    ]
    for (const [fields, omit, status, error] of cases) {
      const res = await token(fields, omit)
      assert.deepEqual([res.status, res.body['error']], [status, error], JSON.stringify({ fields, omit }))
      assert.equal(typeof res.body['error_description'], 'string')
    }
    assert.equal((await token({ code })).status, 200, 'failed attempts do not use the code up')
  })

  it('lets a code expire after 10 minutes', async () => {
    let now = new Date(FAKE_BROKER_NOW)
    const timed = await startAlpacaBrokerFake({ now: () => now })
    try {
      const code = await fakeAuthorizationCode(timed)
      now = new Date(now.getTime() + 10 * 60_000 + 1)
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: timed.clientId,
        client_secret: timed.clientSecret,
        redirect_uri: timed.redirectUri,
      })
      const res = await fetch(`${timed.baseUrl}/oauth/token`, { method: 'POST', headers: FORM, body })
      assert.equal(res.status, 400)
      assert.equal(((await res.json()) as { error: string }).error, 'invalid_grant')
    } finally {
      await timed.close()
    }
  })
})

describe('Alpaca sandbox: bearer authentication and revocation', () => {
  it('requires a valid bearer token and refuses the key-pair headers', async () => {
    const good = await fakeAccessToken(fake)
    const unauthorized = { code: 40110000, message: 'request is not authorized' }
    for (const [bearer, headers] of [
      [undefined, {}],
      ['garbage', {}],
      [`${good}x`, {}],
      [undefined, { 'APCA-API-KEY-ID': 'PK123', 'APCA-API-SECRET-KEY': 'secret' }],
      [good, { 'APCA-API-KEY-ID': 'PK123', 'APCA-API-SECRET-KEY': 'secret' }],
    ] as const) {
      const res = await api('/v2/account', bearer, headers)
      assert.equal(res.status, 401)
      assert.deepEqual(res.body, unauthorized)
    }
    assert.equal((await api('/v2/account', good)).status, 200)
  })

  it('revokes a token (then 401), and can answer 404 instead without revoking', async () => {
    const t = await fakeAccessToken(fake)
    const revoke = () =>
      fetch(`${fake.baseUrl}/oauth/revoke`, {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({ token: t, client_id: fake.clientId, client_secret: fake.clientSecret }),
      })
    fake.sandbox.chaos.revokeAnswers(404)
    assert.equal((await revoke()).status, 404)
    assert.equal((await api('/v2/account', t)).status, 200)
    fake.sandbox.chaos.revokeAnswers(200)
    const res = await revoke()
    assert.deepEqual([res.status, await res.json()], [200, {}])
    assert.equal((await api('/v2/positions', t)).status, 401)
  })

  it('logs every request with its status and authorization', async () => {
    const t = await fakeAccessToken(fake)
    await api('/v2/positions?x=1', t)
    const last = fake.sandbox.requests.at(-1)!
    assert.deepEqual(last, {
      method: 'GET',
      path: '/v2/positions',
      query: { x: '1' },
      status: 200,
      authorization: `Bearer ${t}`,
    })
    const exchange = fake.sandbox.requests.find((r) => r.path === '/oauth/token')!
    assert.equal((exchange.body as Record<string, string>)['grant_type'], 'authorization_code')
  })
})

describe('Alpaca sandbox: chaos', () => {
  it('fails the next request with the vendor error body, or the one given', async () => {
    const t = await fakeAccessToken(fake)
    fake.sandbox.chaos.failNext(500)
    assert.deepEqual(await api('/v2/account', t).then((r) => [r.status, r.body]), [
      500,
      { code: 50010000, message: 'internal server error' },
    ])
    fake.sandbox.chaos.failNext(503)
    const res = await token({ code: 'whatever' })
    assert.deepEqual([res.status, res.body['error']], [503, 'temporarily_unavailable'])
    fake.sandbox.chaos.failNext(418, { code: 1, message: 'teapot' })
    assert.deepEqual((await api('/v2/account', t)).body, { code: 1, message: 'teapot' })
    assert.equal((await api('/v2/account', t)).status, 200)
  })

  it('rate-limits the next n requests with Retry-After', async () => {
    const t = await fakeAccessToken(fake)
    fake.sandbox.chaos.rateLimitNext(2, 7)
    for (let i = 0; i < 2; i++) {
      const res = await api('/v2/orders', t)
      assert.equal(res.status, 429)
      assert.equal(res.headers.get('retry-after'), '7')
      assert.deepEqual(res.body, { code: 42910000, message: 'rate limit exceeded' })
    }
    assert.equal((await api('/v2/orders', t)).status, 200)
  })

  it('answers 200 with a truncated JSON body once', async () => {
    const t = await fakeAccessToken(fake)
    fake.sandbox.chaos.malformNext()
    const res = await fetch(`${fake.baseUrl}/v2/account`, { headers: { authorization: `Bearer ${t}` } })
    assert.equal(res.status, 200)
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/)
    const text = await res.text()
    assert.throws(() => JSON.parse(text) as unknown, SyntaxError)
    assert.equal((await api('/v2/account', t)).status, 200)
  })

  it('delays the next answer', async () => {
    const t = await fakeAccessToken(fake)
    fake.sandbox.chaos.slowNext(150)
    const start = performance.now()
    assert.equal((await api('/v2/account', t)).status, 200)
    assert.ok(performance.now() - start >= 140)
  })

  it('expires every token issued so far, not later ones', async () => {
    const old = await fakeAccessToken(fake)
    fake.sandbox.chaos.expireTokens()
    assert.equal((await api('/v2/account', old)).status, 401)
    assert.equal((await api('/v2/account', await fakeAccessToken(fake))).status, 200)
    fake.sandbox.reset()
    assert.equal((await api('/v2/account', old)).status, 200, 'reset clears chaos')
  })

  it('leaves the consent page alone', async () => {
    fake.sandbox.chaos.failNext(500)
    assert.equal((await fetch(`${fake.baseUrl}/oauth/authorize?${authorizeQuery().toString()}`)).status, 200)
    assert.equal((await token({ code: 'x' })).status, 500)
  })
})
