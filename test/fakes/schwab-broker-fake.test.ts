/**
 * The Schwab sandbox through real HTTP: consent page and code (`%40`), token exchange and refresh
 * with HTTP Basic (30-minute access tokens, the 7-day refresh hard limit on a movable clock). Bearer
 * authentication, error shapes, headers and chaos: schwab-broker-fake.chaos.test.ts; the Trader API:
 * .trader and .orders; market data: .marketdata.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  fakeAuthorizationCode,
  fakeConsent,
  fakeTokens,
  FAKE_SCHWAB_NOW,
  schwabApi,
  type SchwabBrokerFake,
  startSchwabBrokerFake,
  tokenRequest,
} from './schwab-broker-fake.ts'
import { fakePerFile } from './sandbox-server.ts'
import { DAY } from './schwab-fake-session.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const MINUTE = 60_000
let fake: SchwabBrokerFake

const authorizeQuery = (over: Record<string, string> = {}) =>
  new URLSearchParams({
    response_type: 'code',
    client_id: fake.appKey,
    redirect_uri: fake.redirectUri,
    state: 's-1',
    ...over,
  })
const decide = (decision: string, q = authorizeQuery()) =>
  fetch(`${fake.baseUrl}/v1/oauth/authorize?${q.toString()}`, {
    method: 'POST',
    headers: FORM,
    body: `decision=${decision}`,
    redirect: 'manual',
  })
const exchange = (f: SchwabBrokerFake, code: string, auth?: string) =>
  tokenRequest(f, { grant_type: 'authorization_code', code, redirect_uri: f.redirectUri }, auth)
const refresh = (f: SchwabBrokerFake, token: string) =>
  tokenRequest(f, { grant_type: 'refresh_token', refresh_token: token })
const basic = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`

/** A fake whose clock the test moves. */
async function timedFake() {
  const clock = { now: Date.parse(FAKE_SCHWAB_NOW) }
  const f = await startSchwabBrokerFake({ now: () => new Date(clock.now) })
  return { f, clock }
}

fakePerFile(startSchwabBrokerFake, (f) => (fake = f))

describe('Schwab sandbox: consent', () => {
  it('serves a script-free consent page with a CSP allowing the form to post back and redirect', async () => {
    const q = authorizeQuery()
    const res = await fetch(`${fake.baseUrl}/v1/oauth/authorize?${q.toString()}`)
    assert.equal(res.status, 200)
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/)
    assert.equal(
      res.headers.get('content-security-policy'),
      "default-src 'none'; form-action 'self' https://127.0.0.1:3000; frame-ancestors 'none'",
    )
    const html = await res.text()
    assert.match(html, /Charles Schwab \(sandbox\)/)
    const action = `/v1/oauth/authorize?${q.toString()}`.replaceAll('&', '&amp;')
    assert.ok(html.includes(`<form method="post" action="${action}">`))
    assert.match(html, /name="decision" value="allow"/)
    assert.match(html, /name="decision" value="deny"/)
    assert.doesNotMatch(html, /<script|<style|\sstyle=|\son\w+=/i)
  })

  it('refuses bad authorize requests with 400 JSON and never redirects', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ client_id: 'someone-else' }, 'invalid_client'],
      [{ redirect_uri: 'https://evil.example/cb' }, 'invalid_request'],
      [{ redirect_uri: `${fake.redirectUri}/x` }, 'invalid_request'],
    ]
    for (const [over, error] of cases)
      for (const res of [
        await fetch(`${fake.baseUrl}/v1/oauth/authorize?${authorizeQuery(over).toString()}`),
        await decide('allow', authorizeQuery(over)),
      ]) {
        assert.equal(res.status, 400, JSON.stringify(over))
        assert.equal(res.headers.get('location'), null)
        assert.equal(((await res.json()) as { error: string }).error, error)
      }
    assert.equal((await decide('maybe')).status, 400)
  })

  it('redirects with a code ending in %40, a session and the state; access_denied on deny', async () => {
    const location = await fakeConsent(fake, 'st&ate')
    assert.match(location, /[?&]code=[^&]+%40&/, 'the code arrives URL-encoded, ending in %40')
    const url = new URL(location)
    assert.equal(`${url.origin}${url.pathname}`, fake.redirectUri)
    assert.ok(url.searchParams.get('code')!.endsWith('@'), 'decoded once, it ends with @')
    assert.match(url.searchParams.get('session')!, UUID)
    assert.equal(url.searchParams.get('state'), 'st&ate')
    const denied = await decide('deny')
    assert.equal(denied.status, 302)
    const d = new URL(denied.headers.get('location')!)
    assert.deepEqual(
      [d.searchParams.get('error'), d.searchParams.get('code'), d.searchParams.get('state')],
      ['access_denied', null, 's-1'],
    )
    assert.equal(new URL(await fakeConsent(fake)).searchParams.has('state'), false)
  })

  it('creates a new login with two new accounts on every allow', async () => {
    const numbers = async () => {
      const t = await fakeTokens(fake)
      const res = await schwabApi(fake, '/trader/v1/accounts/accountNumbers', t.access_token)
      return (res.body as Array<{ accountNumber: string }>).map((a) => a.accountNumber)
    }
    const [a, b] = [await numbers(), await numbers()]
    assert.equal(new Set([...a, ...b]).size, 4)
  })
})

describe('Schwab sandbox: tokens', () => {
  it('exchanges a code once, with HTTP Basic, for the token response', async () => {
    const code = await fakeAuthorizationCode(fake)
    const first = await exchange(fake, code)
    assert.equal(first.status, 200)
    const keys = ['access_token', 'expires_in', 'id_token', 'refresh_token', 'scope', 'token_type']
    assert.deepEqual(Object.keys(first.body).sort(), keys)
    assert.deepEqual(
      [first.body['expires_in'], first.body['token_type'], first.body['scope']],
      [1800, 'Bearer', 'api'],
    )
    assert.match(String(first.body['id_token']), /^[\w-]+\.[\w-]+\.[\w-]+$/)
    const again = await exchange(fake, code)
    assert.deepEqual([again.status, again.body['error']], [400, 'invalid_grant'])
    const res = await schwabApi(
      fake,
      '/trader/v1/accounts/accountNumbers',
      String(first.body['access_token']),
    )
    assert.equal(res.status, 200)
  })

  it('answers token errors as {error, error_description}', async () => {
    const code = await fakeAuthorizationCode(fake)
    const form = { grant_type: 'authorization_code', code, redirect_uri: fake.redirectUri }
    const cases: [Record<string, string>, string | undefined, number, string][] = [
      [form, '', 401, 'invalid_client'],
      [form, basic(`${fake.appKey}:wrong`), 401, 'invalid_client'],
      [form, basic(`other:${fake.appSecret}`), 401, 'invalid_client'],
      [form, 'Bearer x', 401, 'invalid_client'],
      [{ ...form, code: encodeURIComponent(code) }, undefined, 400, 'invalid_grant'],
      [{ ...form, code: code.slice(0, -1) }, undefined, 400, 'invalid_grant'],
      [{ ...form, code: 'not-a-code@' }, undefined, 400, 'invalid_grant'],
      [{ ...form, redirect_uri: 'https://127.0.0.1:3000/other' }, undefined, 400, 'invalid_grant'],
      [{ ...form, grant_type: 'client_credentials' }, undefined, 400, 'unsupported_grant_type'],
      [
        { grant_type: 'authorization_code', redirect_uri: fake.redirectUri },
        undefined,
        400,
        'invalid_request',
      ],
      [{ code }, undefined, 400, 'invalid_request'],
      [{ grant_type: 'refresh_token' }, undefined, 400, 'invalid_request'],
      [{ grant_type: 'refresh_token', refresh_token: 'unknown' }, undefined, 400, 'invalid_grant'],
    ]
    for (const [fields, auth, status, error] of cases) {
      const res = await tokenRequest(fake, fields, auth)
      assert.deepEqual([res.status, res.body['error']], [status, error], JSON.stringify(fields))
      assert.equal(typeof res.body['error_description'], 'string')
    }
    const json = await fetch(`${fake.baseUrl}/v1/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: basic(`${fake.appKey}:${fake.appSecret}`),
      },
      body: JSON.stringify(form),
    })
    assert.equal(json.status, 400)
    assert.equal((await exchange(fake, code)).status, 200, 'failed attempts do not use the code up')
  })

  it('expires access tokens after 30 minutes; a refresh returns a new one and the same refresh token', async () => {
    const { f, clock } = await timedFake()
    try {
      const t = await fakeTokens(f)
      const get = (token: string) => schwabApi(f, '/trader/v1/accounts/accountNumbers', token)
      clock.now += 30 * MINUTE - 1
      assert.equal((await get(t.access_token)).status, 200)
      clock.now += 1
      assert.equal((await get(t.access_token)).status, 401)
      const r = await refresh(f, t.refresh_token)
      assert.equal(r.status, 200)
      assert.equal(r.body['refresh_token'], t.refresh_token)
      assert.notEqual(r.body['access_token'], t.access_token)
      assert.equal(r.body['expires_in'], 1800)
      assert.equal((await get(String(r.body['access_token']))).status, 200)
      assert.equal((await get(t.refresh_token)).status, 401, 'a refresh token is no bearer token')
      assert.equal((await refresh(f, t.access_token)).body['error'], 'invalid_grant')
    } finally {
      await f.close()
    }
  })

  it('lets refresh tokens die 7 days after the code exchange, refreshing or not', async () => {
    const { f, clock } = await timedFake()
    try {
      const t = await fakeTokens(f)
      clock.now += 6 * DAY
      assert.equal((await refresh(f, t.refresh_token)).status, 200)
      clock.now += DAY - 1
      const last = await refresh(f, t.refresh_token)
      assert.equal(last.status, 200)
      clock.now += 1
      const dead = await refresh(f, t.refresh_token)
      assert.deepEqual([dead.status, dead.body['error']], [400, 'invalid_grant'])
      const still = await schwabApi(
        f,
        '/trader/v1/accounts/accountNumbers',
        String(last.body['access_token']),
      )
      assert.equal(still.status, 200, 'an access token lives its 30 minutes regardless')
    } finally {
      await f.close()
    }
  })

  it('lets a code expire after 10 minutes', async () => {
    const { f, clock } = await timedFake()
    try {
      const code = await fakeAuthorizationCode(f)
      clock.now += 10 * MINUTE + 1
      assert.equal((await exchange(f, code)).body['error'], 'invalid_grant')
    } finally {
      await f.close()
    }
  })

  it('has no revoke endpoint', async () => {
    const res = await fetch(`${fake.baseUrl}/v1/oauth/revoke`, {
      method: 'POST',
      headers: FORM,
      body: 'token=x',
    })
    assert.equal(res.status, 404)
    assert.equal(((await res.json()) as { error: string }).error, 'invalid_request')
  })
})
