/** The HTTP platform through the real app: errors, validation, auth, pagination, ops endpoints. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { SignJWT, UnsecuredJWT } from 'jose'
import { useTestApp } from '../helpers/test-app.ts'
import { assertProblem, json } from '../helpers/assertions.ts'

const t = useTestApp({
  routes: (app) => {
    app.get('/api/test/boom', { config: { auth: 'public' } }, () => {
      throw new Error('secret internal detail: password=hunter2')
    })
    app.post(
      '/api/test/echo',
      { config: { auth: 'user' }, schema: { body: { type: 'object', additionalProperties: true } } },
      (req) => ({ ok: true, body: req.body }),
    )
    app.post('/api/test/bodyless', { config: { auth: 'user' } }, () => ({ ok: true }))
  },
})

describe('errors are RFC 9457 problems', () => {
  it('unknown route → 404 problem+json', async () => {
    const res = await t.anon.get('/api/nope?x=1')
    assert.equal(res.statusCode, 404)
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/)
    const body = json(res.body)
    assert.equal(body.status, 404)
    assert.equal(body.code, 'route.not_found')
    assert.equal(body.title, 'Not Found')
    assert.equal(body.type, '/problems/route/not_found')
    assert.equal(body.detail, 'No route GET /api/nope')
    assert.equal(body.request_id, res.headers['x-request-id'])
  })

  it('unexpected failure → 500 with request id and no internals', async () => {
    const res = await t.anon.get('/api/test/boom')
    assert.equal(res.statusCode, 500)
    const body = json(res.body)
    assert.equal(body.code, 'internal.error')
    assert.ok(body.request_id)
    assert.doesNotMatch(res.body, /hunter2|secret internal|stack/)
  })

  it('malformed JSON → 422 naming the body', async () => {
    const u = await t.newTenant()
    const res = await u.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: '{"a":',
      headers: { 'content-type': 'application/json' },
    })
    assert.equal(res.statusCode, 422)
    assert.equal(json(res.body).code, 'validation.malformed_body')
    assert.deepEqual(json(res.body).errors[0].loc, ['body'])
  })

  it('a __proto__ or constructor.prototype key → 422 validation.forbidden_key naming where, not "not valid JSON"', async () => {
    const u = await t.newTenant()
    const cases: [string, (string | number)[]][] = [
      ['{"__proto__": {"admin": true}}', ['body', '__proto__']],
      ['{"a": [1, {"b": {"__proto__": {}}}]}', ['body', 'a', 1, 'b', '__proto__']],
      ['{"constructor": {"prototype": {"x": 1}}}', ['body', 'constructor', 'prototype']],
    ]
    for (const [payload, loc] of cases) {
      const res = await u.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload,
        headers: { 'content-type': 'application/json' },
      })
      assert.equal(res.statusCode, 422, payload)
      const body = json(res.body)
      assert.equal(body.code, 'validation.forbidden_key', payload)
      assert.deepEqual(body.errors[0].loc, loc)
      assert.equal(body.errors[0].type, 'forbidden_key')
      assert.match(body.detail, /valid JSON, but the key .* is refused: .*prototype/)
    }
    const fine = await u.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: '{"constructor": "a name", "proto": 1}',
      headers: { 'content-type': 'application/json' },
    })
    assert.equal(fine.statusCode, 200, 'ordinary keys named like these are read')
  })

  it('a body sent to a write that takes none → 422 naming each field (it would be ignored); nothing, null or {} pass', async () => {
    const u = await t.newTenant()
    const send = (payload: string | undefined) =>
      u.inject({
        method: 'POST',
        url: '/api/test/bodyless',
        ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
      })
    for (const nothing of [undefined, '', '{}', 'null']) {
      const res = await send(nothing)
      assert.equal(res.statusCode, 200, `${String(nothing)}: ${res.body}`)
    }
    const fields = await send('{"note": "looks fine", "force": true}')
    assertProblem(fields, 422, 'validation.failed')
    const body = json(fields.body)
    assert.deepEqual(
      body.errors.map((e: { loc: string[]; type: string }) => [e.loc, e.type]),
      [
        [['body', 'note'], 'additional_properties'],
        [['body', 'force'], 'additional_properties'],
      ],
    )
    assert.equal(body.detail, 'This operation takes no body, and note, force would not be read: send none')
    for (const other of ['[1]', '"text"', '3']) {
      const res = await send(other)
      assertProblem(res, 422, 'validation.failed')
      assert.deepEqual(json(res.body).errors, [
        { loc: ['body'], msg: 'this operation takes no body: send none', type: 'unexpected_body' },
      ])
    }
  })

  it('a real body-less write refuses a body and changes nothing: marking all read with a body', async () => {
    const u = await t.newTenant()
    await u.post(
      '/api/notifications',
      { title: 'N', body: 'b', channels: ['in_app'] },
      { 'idempotency-key': 'bl-1' },
    )
    const refused = await u.post('/api/alerts/in-app/read-all', { only: 'older' })
    assertProblem(refused, 422, 'validation.failed')
    assert.deepEqual(json(await u.get('/api/alerts/in-app/unread-count')), { unread: 1 })
    assert.deepEqual(json(await u.post('/api/alerts/in-app/read-all', {})), { updated: 1 })
  })

  it('an over-long path parameter → 414 titled "URI Too Long"', async () => {
    const u = await t.newTenant()
    const res = await u.get(`/api/quotes/${'A'.repeat(500)}`)
    assert.equal(res.statusCode, 414)
    assert.equal(json(res.body).title, 'URI Too Long')
  })

  it('unsupported media type → 415', async () => {
    const u = await t.newTenant()
    const res = await u.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: 'x',
      headers: { 'content-type': 'text/csv' },
    })
    assert.equal(res.statusCode, 415)
  })
})

describe('pagination on a real route', () => {
  it('page_size=30 → 422 with loc naming page_size', async () => {
    const res = await t.anon.get('/api/plans?page_size=30')
    assert.equal(res.statusCode, 422)
    const body = json(res.body)
    assert.equal(body.code, 'validation.failed')
    assert.deepEqual(body.errors[0].loc, ['query', 'page_size'])
    assert.equal(body.errors[0].type, 'enum')
    assert.match(body.errors[0].msg, /25, 50, 100/)
  })

  it('limit=101 → 422 on limit; limit=abc → 422', async () => {
    for (const q of ['limit=101', 'limit=0', 'limit=abc', 'page=0', 'page=-2']) {
      const res = await t.anon.get(`/api/plans?${q}`)
      assert.equal(res.statusCode, 422, q)
      assert.equal(json(res.body).errors[0].loc[1], q.split('=')[0], q)
    }
  })

  it('walks every plan with limit=1 and cursors; page_size overrides limit', async () => {
    const codes: string[] = []
    let url = '/api/plans?limit=1'
    for (let i = 0; i < 5; i++) {
      const body = json((await t.anon.get(url)).body)
      assert.equal(body.page, i + 1)
      assert.equal(body.page_size, 1)
      assert.equal(body.total, 3)
      codes.push(...body.items.map((p: { code: string }) => p.code))
      if (!body.next_cursor) break
      url = `/api/plans?cursor=${body.next_cursor}`
    }
    assert.deepEqual(codes, ['free', 'pro', 'premium'])
    const both = json((await t.anon.get('/api/plans?limit=1&page_size=25')).body)
    assert.equal(both.page_size, 25)
    assert.equal(both.items.length, 3)
    assert.equal(both.next_cursor, null)
    const page2 = json((await t.anon.get('/api/plans?limit=2&page=2')).body)
    assert.deepEqual(
      page2.items.map((p: { code: string }) => p.code),
      ['premium'],
    )
  })

  it('a tampered cursor → 422 on cursor', async () => {
    const res = await t.anon.get('/api/plans?cursor=garbage')
    assert.equal(res.statusCode, 422)
    assert.deepEqual(json(res.body).errors[0].loc, ['query', 'cursor'])
  })
})

describe('authentication and roles', () => {
  it('no credentials → 401 with WWW-Authenticate', async () => {
    const res = await t.anon.get('/api/tenant')
    assert.equal(res.statusCode, 401)
    assert.equal(res.headers['www-authenticate'], 'Bearer')
    assert.equal(json(res.body).code, 'auth.unauthenticated')
  })

  it('bearer token → the caller’s own tenant', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    const res = await u.get('/api/tenant')
    assert.equal(res.statusCode, 200)
    const body = json(res.body)
    assert.equal(body.id, u.tenantId)
    assert.equal(body.plan, 'pro')
    assert.equal(body.features.support_ai, true)
    assert.equal(res.headers['cache-control'], 'private, no-store')
  })

  it('rejects alg:none, a foreign key and an expired token', async () => {
    const u = await t.newTenant()
    const claims = { tid: u.tenantId, role: 'admin', sid: 's' }
    const none = new UnsecuredJWT(claims)
      .setSubject(String(u.userId))
      .setIssuer('sextant')
      .setAudience('sextant-api')
      .setJti('j')
      .setExpirationTime('1h')
      .encode()
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(u.userId))
      .setIssuer('sextant')
      .setAudience('sextant-api')
      .setJti('j')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)))
    const expired = await t.c.signer.sign(
      { userId: u.userId, tenantId: u.tenantId, role: 'user', sessionId: 's', tokenId: 'j' },
      -10,
      new Date(),
    )
    for (const token of [none, foreign, expired, 'garbage']) {
      const res = await t.anon.get('/api/tenant', { authorization: `Bearer ${token}` })
      assert.equal(res.statusCode, 401, token.slice(0, 20))
    }
  })

  it('role comes from the database, not the token: a user-signed admin claim is not admin', async () => {
    const u = await t.newTenant()
    // A live session whose token claims admin for a user the database says is not.
    const { access_token: forged } = await t.c.identity.sessions.issue(
      { tenantId: u.tenantId, userId: u.userId, role: 'admin' },
      { ip: null, userAgent: null },
    )
    const res = await t.anon.get('/api/admin/tenants', { authorization: `Bearer ${forged}` })
    assert.equal(res.statusCode, 403)
    assert.equal(json(res.body).code, 'auth.admin_required')
  })

  it('admin routes: 403 for users, 200 for admins', async () => {
    const user = await t.newTenant()
    const admin = await t.newTenant({ role: 'admin' })
    assert.equal((await user.get('/api/admin/tenants')).statusCode, 403)
    const res = await admin.get('/api/admin/tenants?page_size=25')
    assert.equal(res.statusCode, 200)
    const ids = json(res.body).items.map((x: { id: number }) => x.id)
    assert.ok(ids.includes(user.tenantId) && ids.includes(admin.tenantId))
    assert.deepEqual(
      [...ids].sort((a, b) => b - a),
      ids,
      'newest first',
    )
  })

  it('cookie-authenticated unsafe requests need an allowed Origin', async () => {
    const u = await t.newTenant()
    const cookie = { cookie: `svc_token=${u.token}` }
    assert.equal((await t.anon.get('/api/tenant', cookie)).statusCode, 200)
    const noOrigin = await t.anon.post('/api/test/echo', { a: 1 }, cookie)
    assert.equal(noOrigin.statusCode, 403)
    assert.equal(json(noOrigin.body).code, 'auth.csrf_origin_mismatch')
    const evil = await t.anon.post('/api/test/echo', { a: 1 }, { ...cookie, origin: 'https://evil.example' })
    assert.equal(evil.statusCode, 403)
    const ok = await t.anon.post('/api/test/echo', { a: 1 }, { ...cookie, origin: 'http://localhost:8000' })
    assert.equal(ok.statusCode, 200)
    const bearer = await u.post('/api/test/echo', { a: 1 })
    assert.equal(bearer.statusCode, 200, 'bearer requests are not CSRF-checked')
  })
})

describe('feature-flag overrides (admin)', () => {
  it('an override changes one tenant only and can be cleared', async () => {
    const admin = await t.newTenant({ role: 'admin' })
    const a = await t.newTenant()
    const b = await t.newTenant()
    const set = await admin.put(`/api/admin/tenants/${a.tenantId}/features/support_ai`, { enabled: false })
    assert.equal(set.statusCode, 200)
    assert.equal(json(set.body).support_ai, false)
    assert.equal(json((await a.get('/api/tenant')).body).features.support_ai, false)
    assert.equal(json((await b.get('/api/tenant')).body).features.support_ai, true)
    await admin.delete(`/api/admin/tenants/${a.tenantId}/features/support_ai`)
    assert.equal(json((await a.get('/api/tenant')).body).features.support_ai, true)
    assert.equal(
      (await admin.put(`/api/admin/tenants/999999/features/support_ai`, { enabled: true })).statusCode,
      404,
    )
    const bad = await admin.put(`/api/admin/tenants/${a.tenantId}/features/nope`, { enabled: true })
    assert.equal(bad.statusCode, 422)
    assert.deepEqual(json(bad.body).errors[0].loc, ['path', 'flag'])
  })
})

describe('operational endpoints', () => {
  it('healthz, readyz, metrics, openapi and docs', async () => {
    assert.deepEqual(json((await t.anon.get('/healthz')).body), { status: 'ok' })
    const ready = await t.anon.get('/readyz')
    assert.equal(ready.statusCode, 200)
    assert.deepEqual(json(ready.body).checks, { database: 'ok', migrations: 'current' })
    await t.anon.get('/api/plans')
    const metrics = await t.anon.get('/metrics')
    assert.match(String(metrics.headers['content-type']), /^text\/plain/)
    assert.match(metrics.body, /http_requests_total\{method="GET",route="\/api\/plans",status="200"\} \d+/)
    assert.match(metrics.body, /http_request_duration_seconds_bucket/)
    assert.match(metrics.body, /nodejs_eventloop_lag_seconds/)
    assert.match(metrics.body, /db_pool_connections \d+/)
    const doc = json((await t.anon.get('/openapi.json')).body)
    assert.equal(doc.openapi, '3.1.0')
    const docs = await t.anon.get('/docs/')
    assert.equal(docs.statusCode, 200)
    assert.match(String(docs.headers['content-type']), /text\/html/)
  })

  it('sets security headers and a request id', async () => {
    const res = await t.anon.get('/healthz')
    assert.equal(res.headers['x-content-type-options'], 'nosniff')
    assert.ok(res.headers['strict-transport-security'])
    assert.equal(res.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'")
    assert.match(String(res.headers['x-request-id']), /^[0-9A-HJKMNP-TV-Z]{26}$/)
  })

  it("helmet's headers are on every answer: 200, 401, 404, 422, a router error and an HTML page", async () => {
    // helmet 8 with contentSecurityPolicy off and a same-site CORP, written out by hand.
    const expected = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-site',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    }
    const answers = [
      [200, await t.anon.get('/healthz')],
      [401, await t.anon.get('/api/tenant')],
      [404, await t.anon.get('/api/no-such-route')],
      [422, await t.anon.get('/api/plans?limit=0')],
      [400, await t.anon.get('/api/plans/%E0%A4%A')],
      [200, await t.anon.get('/')],
    ] as const
    for (const [status, res] of answers) {
      assert.equal(res.statusCode, status, `${res.raw.req.url}: ${res.body}`)
      const got = Object.fromEntries(Object.keys(expected).map((k) => [k, res.headers[k]]))
      assert.deepEqual(got, expected, String(res.raw.req.url))
      assert.match(String(res.headers['x-request-id']), /^[0-9A-HJKMNP-TV-Z]{26}$/)
      assert.equal(res.headers['x-powered-by'], undefined)
    }
  })
})
