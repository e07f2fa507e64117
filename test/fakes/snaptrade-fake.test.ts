/**
 * The SnapTrade fake on the wire, called by hand (signed with the documented scheme): signature,
 * timestamp and user checks, both path prefixes, the portal's three endings, the data endpoints'
 * shapes and paging, and every failure mode.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sign } from '../../src/providers/brokers/snaptrade/snaptrade-sign.ts'
import { completePortal, type SnapTradeFake, startSnapTradeFake } from './snaptrade-fake.ts'
import { fakePerFile } from './sandbox-server.ts'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- wire bodies
let fake: SnapTradeFake

interface Call {
  method?: string
  query?: Record<string, string>
  body?: unknown
  key?: string
  timestamp?: number
  prefix?: string
}

async function call(path: string, c: Call = {}) {
  const q = new URLSearchParams(c.query)
  q.set('clientId', fake.clientId)
  q.set('timestamp', String(c.timestamp ?? Math.floor(Date.now() / 1000)))
  const wirePath = `${c.prefix ?? ''}${path}`
  const query = q.toString()
  const signature = sign(c.key ?? fake.consumerKey, { content: c.body, path: wirePath, query })
  const res = await fetch(`${fake.baseUrl}${wirePath}?${query}`, {
    method: c.method ?? 'GET',
    headers: {
      Signature: signature,
      ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(c.body !== undefined ? { body: JSON.stringify(c.body) } : {}),
  })
  const text = await res.text()
  let body: Json | null = null
  try {
    body = JSON.parse(text) as Json
  } catch {
    body = null
  }
  return { status: res.status, headers: res.headers, body, text }
}

async function newUser(userId = `u-${Math.random().toString(36).slice(2)}`) {
  const r = await call('/snapTrade/registerUser', { method: 'POST', body: { userId } })
  assert.equal(r.status, 200, r.text)
  return { userId, userSecret: String(r.body!['userSecret']) }
}

async function connected(broker = 'ALPACA') {
  const user = await newUser()
  const login = await call('/snapTrade/login', {
    method: 'POST',
    query: user,
    body: { broker, customRedirect: 'http://app.test/cb?state=s1' },
  })
  const done = await completePortal(String(login.body!['redirectURI']), 'allow', broker)
  return { user, connectionId: done.location!.searchParams.get('connection_id')! }
}

fakePerFile(startSnapTradeFake, (f) => (fake = f))

describe('SnapTrade fake: signing and users', () => {
  it('refuses a bad signature, another key, a stale timestamp or a missing clientId with 401 1076', async () => {
    const expect = { default_detail: 'Unable to verify signature sent', default_code: 1076 }
    assert.deepEqual((await call('/snapTrade/listUsers', { key: 'wrong' })).body, expect)
    const stale = await call('/snapTrade/listUsers', { timestamp: Math.floor(Date.now() / 1000) - 3600 })
    assert.equal(stale.status, 401)
    const unsigned = await fetch(`${fake.baseUrl}/snapTrade/listUsers?clientId=${fake.clientId}`)
    assert.equal(unsigned.status, 401)
    assert.deepEqual(await unsigned.json(), expect)
    assert.equal((await call('/snapTrade/listUsers')).status, 200)
  })

  it('registers a user once (400 1010 on a repeat); wrong secret is 401; deleteUser then 404', async () => {
    const user = await newUser('sx-one')
    assert.match(user.userSecret, /^[0-9a-f-]{36}$/)
    const again = await call('/snapTrade/registerUser', { method: 'POST', body: { userId: 'sx-one' } })
    assert.equal(again.status, 400)
    assert.equal(again.body!['default_code'], 1010)
    const bad = await call('/accounts', { query: { userId: 'sx-one', userSecret: 'nope' } })
    assert.equal(bad.status, 401)
    assert.deepEqual((await call('/snapTrade/listUsers')).body, ['sx-one'])
    const del = await call('/snapTrade/deleteUser', { method: 'DELETE', query: { userId: 'sx-one' } })
    assert.equal(del.body!['status'], 'deleted')
    assert.equal(
      (await call('/snapTrade/deleteUser', { method: 'DELETE', query: { userId: 'sx-one' } })).status,
      404,
    )
  })

  it('serves the legacy /api/v1 prefix (signed with that path) with a Deprecation header; the root without', async () => {
    const user = await newUser()
    const legacy = await call('/accounts', { query: user, prefix: '/api/v1' })
    assert.equal(legacy.status, 200)
    assert.equal(legacy.headers.get('deprecation'), '@1781222400')
    const root = await call('/accounts', { query: user })
    assert.equal(root.headers.get('deprecation'), null)
    assert.equal(root.headers.get('x-ratelimit-limit'), '250')
    // Signed for the root path but sent to the legacy one: refused.
    const q = new URLSearchParams({
      ...user,
      clientId: fake.clientId,
      timestamp: String(Math.floor(Date.now() / 1000)),
    })
    const sig = sign(fake.consumerKey, { content: null, path: '/accounts', query: q.toString() })
    const res = await fetch(`${fake.baseUrl}/api/v1/accounts?${q.toString()}`, {
      headers: { Signature: sig },
    })
    assert.equal(res.status, 401)
  })
})

describe('SnapTrade fake: portal', () => {
  it('login gives a portal link; allow → 302 SUCCESS with a connection id; the link works once', async () => {
    const user = await newUser()
    const login = await call('/snapTrade/login', {
      method: 'POST',
      query: user,
      body: { broker: 'SCHWAB', customRedirect: 'http://app.test/cb?state=abc' },
    })
    const link = new URL(String(login.body!['redirectURI']))
    assert.equal(link.pathname, '/snapTrade/redeemToken')
    assert.equal(link.searchParams.get('broker'), 'SCHWAB')
    const page = await fetch(link)
    assert.match(await page.text(), /<form method="post"/)
    const done = await completePortal(link.toString(), 'allow', 'SCHWAB')
    assert.equal(done.status, 302)
    assert.equal(done.location!.searchParams.get('status'), 'SUCCESS')
    assert.equal(done.location!.searchParams.get('state'), 'abc')
    const id = done.location!.searchParams.get('connection_id')!
    const auths = (await call('/authorizations', { query: user })).body as unknown as Json[]
    assert.deepEqual(
      auths.map((a) => [a['id'], a['brokerage']['slug']]),
      [[id, 'SCHWAB']],
    )
    assert.equal((await completePortal(link.toString())).status, 410)
  })

  it('deny → ABANDONED, no authorization', async () => {
    const user = await newUser()
    const login = await call('/snapTrade/login', {
      method: 'POST',
      query: user,
      body: { customRedirect: 'http://app.test/cb' },
    })
    const done = await completePortal(String(login.body!['redirectURI']), 'deny')
    assert.equal(done.location!.searchParams.get('status'), 'ABANDONED')
    assert.deepEqual((await call('/authorizations', { query: user })).body, [])
  })
})

describe('SnapTrade fake: data', () => {
  it('accounts, positions/all (decimal strings), balances, activities newest first with offset paging', async () => {
    const { user, connectionId } = await connected()
    const accounts = (await call('/accounts', { query: user })).body as unknown as Json[]
    assert.equal(accounts.length, 1)
    const acct = accounts[0]!
    assert.equal(acct['brokerage_authorization'], connectionId)
    for (const k of ['id', 'name', 'number', 'institution_name', 'created_date', 'sync_status', 'balance'])
      assert.ok(k in acct, k)
    const pos = (await call(`/accounts/${acct['id']}/positions/all`, { query: user })).body!
    assert.ok(pos['results'].length > 0)
    for (const p of pos['results']) {
      assert.equal(typeof p['units'], 'string')
      assert.equal(typeof p['price'], 'string')
      assert.equal(p['instrument']['kind'], 'stock')
    }
    const bal = (await call(`/accounts/${acct['id']}/balances`, { query: user })).body as unknown as Json[]
    assert.equal(bal[0]!['currency']['code'], 'USD')
    const first = (await call(`/accounts/${acct['id']}/activities`, { query: { ...user, limit: '5' } })).body!
    assert.equal(first['data'].length, 5)
    assert.deepEqual(first['pagination'], { offset: 0, limit: 5, total: first['pagination']['total'] })
    const times = first['data'].map((a: Json) => Date.parse(a['trade_date']))
    assert.deepEqual(
      times,
      [...times].sort((a: number, b: number) => b - a),
    )
    const buys = (
      await call(`/accounts/${acct['id']}/activities`, {
        query: { ...user, type: 'BUY,SELL', offset: '2', limit: '3' },
      })
    ).body!
    assert.ok(buys['data'].every((a: Json) => a['type'] === 'BUY' || a['type'] === 'SELL'))
    assert.equal(buys['pagination']['offset'], 2)
    const other = await newUser()
    assert.equal((await call(`/accounts/${acct['id']}/positions/all`, { query: other })).status, 404)
  })

  it('DELETE /connection/{id} removes it (then 404)', async () => {
    const { user, connectionId } = await connected()
    const del = await call(`/connection/${connectionId}`, { method: 'DELETE', query: user })
    assert.equal(del.body!['connection_id'], connectionId)
    assert.deepEqual((await call('/accounts', { query: user })).body, [])
    assert.equal((await call(`/connection/${connectionId}`, { method: 'DELETE', query: user })).status, 404)
  })
})

describe('SnapTrade fake: failure modes', () => {
  it('429 with Retry-After and X-RateLimit-Reset, the vendor body', async () => {
    fake.sandbox.chaos.rateLimitNext(1, 7)
    const r = await call('/snapTrade/listUsers')
    assert.equal(r.status, 429)
    assert.equal(r.headers.get('retry-after'), '7')
    assert.equal(r.headers.get('x-ratelimit-reset'), '7')
    assert.equal(r.headers.get('x-ratelimit-remaining'), '0')
    assert.equal(r.body!['status_code'], 429)
    assert.equal(r.body!['code'], '0000')
  })

  it('5xx and 503 sync-lock bodies, malformed JSON, a slow answer, expired user secrets', async () => {
    const user = await newUser()
    fake.sandbox.chaos.failNext(500)
    assert.deepEqual((await call('/accounts', { query: user })).body, {
      detail: 'Internal server error',
      status_code: 500,
      code: 1000,
    })
    fake.sandbox.chaos.failNext(503)
    assert.equal((await call('/accounts', { query: user })).body!['code'], 3002)
    fake.sandbox.chaos.malformNext()
    const bad = await call('/accounts', { query: user })
    assert.equal(bad.status, 200)
    assert.equal(bad.body, null)
    fake.sandbox.chaos.slowNext(150)
    const t0 = Date.now()
    await call('/accounts', { query: user })
    assert.ok(Date.now() - t0 >= 140)
    fake.sandbox.chaos.expireTokens()
    const expired = await call('/accounts', { query: user })
    assert.equal(expired.status, 401)
    assert.equal(expired.body!['default_code'], 1083)
  })
})
