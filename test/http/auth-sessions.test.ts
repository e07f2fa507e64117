/**
 * Identity through HTTP: registration, the password grant (also driven by a standard OAuth2 client
 * library on a real port), login throttling and its audit, refresh rotation with reuse detection,
 * logout, and CSRF on cookie-authenticated writes.
 */
import assert from 'node:assert/strict'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it } from 'node:test'
import type { LightMyRequestResponse } from 'fastify'
import { ResourceOwnerPassword } from 'simple-oauth2'
import { buildTestApp, useTestApp, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { accountOf, counts } from '../helpers/identity.ts'

const HIGH = { REGISTRATIONS_PER_IP_PER_HOUR: '10000', LOGINS_PER_IP_PER_MINUTE: '10000' }
const t = useTestApp({ env: { ...HIGH, MESSAGES_PER_IP_PER_HOUR: '10000' } })

const PASSWORD = 'orbit-lantern-42'
let seq = 0
const newEmail = (tag = 'u') => `${tag}${++seq}.${process.pid}@example.test`

async function register(app: TestApp, email = newEmail(), password = PASSWORD) {
  const res = await app.anon.post('/api/auth/register', { email, password })
  assert.equal(res.statusCode, 201, res.body)
  return { email, password, user: await accountOf(app, email) }
}
const tokenForm = (app: TestApp, fields: Record<string, string>) =>
  app.anon.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
const login = (app: TestApp, username: string, password: string) =>
  tokenForm(app, { grant_type: 'password', username, password })
/** A registered user with a fresh login. */
async function session(app: TestApp = t) {
  const acc = await register(app)
  const res = await login(app, acc.email, acc.password)
  assert.equal(res.statusCode, 200, res.body)
  return {
    ...acc,
    access: json(res.body).access_token as string,
    refresh: json(res.body).refresh_token as string,
  }
}
const me = (app: TestApp, token: string) => app.anon.get('/api/auth/me', { authorization: `Bearer ${token}` })
const refresh = (app: TestApp, token: string) => app.anon.post('/api/auth/refresh', { refresh_token: token })
/** A Set-Cookie header (svc_token unless named) and its attributes (lower-cased names). */
function svcCookie(res: LightMyRequestResponse, name = 'svc_token') {
  const raw = res.headers['set-cookie']
  const line = (Array.isArray(raw) ? raw : raw ? [raw] : []).find((c) => c.startsWith(`${name}=`))
  assert.ok(line, `${name} cookie in ${JSON.stringify(raw)}`)
  const [pair = '', ...rest] = line.split(/;\s*/)
  const attrs = new Map(rest.map((a) => [a.split('=')[0]!.toLowerCase(), a.split('=').slice(1).join('=')]))
  return { line, value: pair.slice(name.length + 1), attrs }
}
const auditRows = (app: TestApp, event: string) =>
  app.c.scopes.withSystem('test', ({ db }) =>
    db.selectFrom('audit_log').selectAll().where('event', '=', event).orderBy('id').execute(),
  )

describe('POST /api/auth/register', () => {
  it('201 check_email; the account is created in a new free tenant, one tenant per registration', async () => {
    const email = newEmail('shape')
    const res = await t.anon.post('/api/auth/register', { email, password: PASSWORD, full_name: 'Ada L' })
    assert.equal(res.statusCode, 201)
    const body = json(res.body)
    assert.deepEqual(Object.keys(body).sort(), ['detail', 'email', 'status'])
    assert.deepEqual([body.status, body.email], ['check_email', email])
    const acc = await login(t, email, PASSWORD)
    assert.equal(acc.statusCode, 200, acc.body)
    const user = json((await me(t, json(acc.body).access_token)).body)
    assert.equal(user.email, email)
    assert.equal(user.full_name, 'Ada L')
    assert.equal(user.plan, 'free')
    assert.equal(user.role, 'user')
    assert.deepEqual(
      [user.email_verified, user.phone, user.phone_verified, user.mfa_enabled],
      [false, null, false, false],
    )
    assert.ok(Math.abs(Date.parse(user.created_at) - Date.now()) < 60_000)
    const other = await register(t)
    assert.notEqual(other.user.tenant_id, user.tenant_id)
  })

  it('a taken e-mail, in any case, answers exactly as a free one; nothing is created; the owner is told', async () => {
    const { email, user } = await register(t, newEmail('dup'))
    const free = await t.anon.post('/api/auth/register', {
      email: newEmail('free'),
      password: 'another-pass-99',
    })
    const shape = (r: { statusCode: number; headers: Record<string, unknown>; body: string }) => ({
      status: r.statusCode,
      type: r.headers['content-type'],
      keys: Object.keys(json(r.body)).sort(),
      fields: { ...json(r.body), email: '…', detail: String(json(r.body).detail).replace(/\S+@\S+?\./, '…') },
    })
    for (const again of [email, email.toUpperCase(), email.replace('dup', 'DuP')]) {
      const before = await counts(t)
      const res = await t.anon.post('/api/auth/register', { email: again, password: 'another-pass-99' })
      assert.deepEqual(shape(res), shape(free), again)
      assert.equal(json(res.body).email, email, 'the address as registered, like a free one')
      assert.deepEqual(await counts(t), before, 'no user and no tenant created')
      assert.equal((await login(t, email, 'another-pass-99')).statusCode, 400, 'the password did not change')
    }
    assert.equal((await login(t, email, PASSWORD)).statusCode, 200, 'the owner still logs in')
    await t.c.jobs.drain()
    const notices = await t.c.scopes.withSystem('test: outbox', ({ db }) =>
      db
        .selectFrom('email_outbox')
        .select(['subject', 'text_body', 'tenant_id'])
        .where('to_address', '=', email)
        .where('subject', '=', 'Someone tried to register with your address')
        .execute(),
    )
    assert.equal(notices.length, 3, 'one notice per attempt')
    assert.equal(notices[0]!.tenant_id, user.tenant_id)
    assert.match(notices[0]!.text_body, /\/reset-password/)
  })

  it('each password rule → 422 validation.weak_password naming body.password; nothing is created', async () => {
    const email = newEmail('longlocalpart')
    const cases: [string, string][] = [
      ['short12', 'password_too_short'],
      ['x'.repeat(129), 'password_too_long'],
      ['password123', 'password_common'],
      ['QWERTYUIOP', 'password_common'],
      [email, 'password_is_email'],
      [email.split('@')[0]!, 'password_is_email'],
    ]
    for (const [password, type] of cases) {
      const res = await t.anon.post('/api/auth/register', { email, password })
      assert.equal(res.statusCode, 422, type)
      const body = json(res.body)
      assert.equal(body.code, 'validation.weak_password')
      assert.deepEqual(body.errors[0].loc, ['body', 'password'])
      assert.equal(body.errors[0].type, type)
    }
    await register(t, email, 'abcdefg8') // exactly 8 characters, and the e-mail is still free
    await register(t, newEmail(), 'y'.repeat(128))
  })

  it('a malformed e-mail → 422 validation.failed on body.email', async () => {
    for (const email of ['not-an-email', 'a@', '@example.test']) {
      const res = await t.anon.post('/api/auth/register', { email, password: PASSWORD })
      assert.equal(res.statusCode, 422, email)
      assert.equal(json(res.body).code, 'validation.failed')
      assert.deepEqual(json(res.body).errors[0].loc, ['body', 'email'])
    }
  })

  it('unknown fields (role, plan, tenant_id) are refused (422 naming each); nothing is created', async () => {
    const victim = await t.newTenant({ plan: 'premium' })
    const email = newEmail('sneaky')
    const res = await t.anon.post('/api/auth/register', {
      ...{ email, password: PASSWORD },
      ...{ role: 'admin', plan: 'premium', tenant_id: victim.tenantId, email_verified: true },
    })
    assert.equal(res.statusCode, 422, res.body)
    const locs = (json(res.body).errors as { loc: string[] }[]).map((e) => e.loc[1])
    assert.deepEqual(locs.sort(), ['email_verified', 'plan', 'role', 'tenant_id'])
    const retry = await register(t, email)
    const mine = await login(t, email, PASSWORD)
    assert.equal(mine.statusCode, 200, 'the address was not taken by the refused request')
    const who = json((await me(t, json(mine.body).access_token)).body)
    assert.deepEqual([who.role, who.plan, who.id], ['user', 'free', retry.user.id])
  })
})

describe('POST /api/auth/token (password grant)', () => {
  it('200 with tokens, an HttpOnly Lax cookie of 900 s, no-store; the token works as bearer and cookie', async () => {
    const { email, user } = await register(t)
    const res = await login(t, email, PASSWORD)
    assert.equal(res.statusCode, 200)
    const body = json(res.body)
    assert.deepEqual(Object.keys(body).sort(), ['access_token', 'expires_in', 'refresh_token', 'token_type'])
    assert.equal(body.token_type, 'bearer')
    assert.equal(body.expires_in, 900)
    assert.match(body.refresh_token, new RegExp(`^srt_${user.tenant_id}\\.`))
    assert.equal(res.headers['cache-control'], 'no-store')
    const cookie = svcCookie(res)
    assert.equal(cookie.value, body.access_token)
    assert.equal(cookie.attrs.get('max-age'), '900')
    assert.equal(cookie.attrs.get('path'), '/')
    assert.equal(cookie.attrs.get('samesite'), 'Lax')
    assert.ok(cookie.attrs.has('httponly'))
    assert.ok(!cookie.attrs.has('secure'), cookie.line)
    const byBearer = await me(t, body.access_token)
    assert.equal(byBearer.statusCode, 200)
    assert.equal(json(byBearer.body).id, user.id)
    const byCookie = await t.anon.get('/api/auth/me', { cookie: `svc_token=${cookie.value}` })
    assert.equal(byCookie.statusCode, 200)
    assert.equal(json(byCookie.body).email, email)
  })

  it('COOKIE_SECURE=true adds Secure', async () => {
    const secure = await buildTestApp({ env: { ...HIGH, COOKIE_SECURE: 'true' } })
    try {
      const { email } = await register(secure)
      const cookie = svcCookie(await login(secure, email, PASSWORD))
      assert.ok(cookie.attrs.has('secure'), cookie.line)
      assert.ok(cookie.attrs.has('httponly'))
    } finally {
      await secure.close()
    }
  })

  it('wrong password and unknown e-mail answer the same 400 invalid_grant, byte for byte', async () => {
    const { email } = await register(t)
    const wrong = await login(t, email, 'not-the-password')
    const unknown = await login(t, newEmail('ghost'), 'not-the-password')
    assert.equal(wrong.statusCode, 400)
    assert.equal(unknown.statusCode, 400)
    assert.deepEqual(json(wrong.body), {
      error: 'invalid_grant',
      error_description: 'Invalid e-mail or password',
    })
    assert.equal(unknown.body, wrong.body)
    assert.equal(unknown.headers['content-type'], wrong.headers['content-type'])
    assert.equal(wrong.headers['set-cookie'], undefined)
  })

  it('grant_type other than password → 400 unsupported_grant_type; missing fields → 422', async () => {
    const { email } = await register(t)
    const res = await tokenForm(t, { grant_type: 'client_credentials', username: email, password: PASSWORD })
    assert.equal(res.statusCode, 400)
    assert.equal(json(res.body).error, 'unsupported_grant_type')
    for (const [fields, missing] of [
      [{ username: email }, 'password'],
      [{ password: PASSWORD }, 'username'],
    ] as const) {
      const r = await tokenForm(t, fields)
      assert.equal(r.statusCode, 422, missing)
      assert.deepEqual(json(r.body).errors[0].loc, ['body', missing])
    }
  })

  it('the e-mail is case-insensitive and grant_type may be omitted', async () => {
    const { email, user } = await register(t)
    const res = await tokenForm(t, { username: email.toUpperCase(), password: PASSWORD })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json((await me(t, json(res.body).access_token)).body).id, user.id)
  })

  it('audit: login_success and login_failure with reasons and the caller ip', async () => {
    const { email, user } = await register(t)
    await login(t, email, 'bad-password-1')
    const lastId = async () => (await auditRows(t, 'login_failure')).at(-1)?.id ?? 0
    const before = await lastId()
    await login(t, newEmail('ghost'), 'bad-password-1')
    await login(t, email, PASSWORD)
    const failures = (await auditRows(t, 'login_failure')).filter((r) => r.user_id === user.id)
    assert.equal(failures.length, 1)
    assert.deepEqual(failures[0]?.detail, { reason: 'bad_password' })
    assert.equal(failures[0]?.tenant_id, user.tenant_id)
    assert.equal(failures[0]?.ip, '127.0.0.1')
    const unknown = (await auditRows(t, 'login_failure')).filter((r) => r.id > before)
    assert.deepEqual(
      unknown.map((r) => [r.tenant_id, r.user_id, r.detail, r.ip]),
      [[null, null, { reason: 'unknown_account' }, '127.0.0.1']],
    )
    const ok = (await auditRows(t, 'login_success')).filter((r) => r.user_id === user.id)
    assert.equal(ok.length, 1)
    assert.equal(ok[0]?.ip, '127.0.0.1')
  })
})

describe('a standard OAuth2 client (simple-oauth2) against a real port', () => {
  it('password grant succeeds with client credentials in the body; a wrong password throws invalid_grant', async () => {
    const { email, user } = await register(t)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    // A recording pass-through in front of the app, to see exactly what the library sends.
    const seen: { type: string | undefined; body: string }[] = []
    const proxy = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString()
        seen.push({ type: req.headers['content-type'], body })
        const up = request({
          host: '127.0.0.1',
          port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        })
        up.on('response', (r) => (res.writeHead(r.statusCode ?? 502, r.headers), r.pipe(res)))
        up.end(body)
      })
    })
    await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok))
    const client = (host: string) =>
      new ResourceOwnerPassword({
        client: { id: 'dummy-client', secret: 'dummy-secret' },
        auth: { tokenHost: host, tokenPath: '/api/auth/token' },
        options: { authorizationMethod: 'body' },
      })
    try {
      const proxied = await client(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`).getToken({
        ...{ username: email, password: PASSWORD, scope: 'x' },
      })
      assert.match(String(proxied.token['refresh_token']), /^srt_/)
      const sent = new URLSearchParams(seen[0]?.body)
      assert.equal(seen[0]?.type, 'application/x-www-form-urlencoded')
      assert.deepEqual(Object.fromEntries(sent), {
        ...{ username: email, password: PASSWORD, scope: 'x', grant_type: 'password' },
        ...{ client_id: 'dummy-client', client_secret: 'dummy-secret' },
      })

      const direct = client(`http://127.0.0.1:${port}`)
      const token = await direct.getToken({ username: email, password: PASSWORD, scope: 'x' })
      assert.equal(token.token['token_type'], 'bearer')
      const who = await me(t, String(token.token['access_token']))
      assert.equal(who.statusCode, 200)
      assert.equal(json(who.body).id, user.id)

      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Boom error from @hapi/wreck
      const err: any = await direct.getToken({ username: email, password: 'wrong-pass-1', scope: 'x' }).then(
        () => assert.fail('a wrong password must reject'),
        (e: unknown) => e,
      )
      assert.equal(err.output?.statusCode, 400)
      assert.equal(err.data?.payload?.error, 'invalid_grant')
    } finally {
      await new Promise((ok) => proxy.close(ok))
    }
  })
})

describe('login throttling', () => {
  it('LOGINS_PER_IP_PER_MINUTE=2: the 3rd attempt from the IP → 429 rate_limit.exceeded', async () => {
    const app = await buildTestApp({
      env: { REGISTRATIONS_PER_IP_PER_HOUR: '10000', LOGINS_PER_IP_PER_MINUTE: '2' },
    })
    try {
      const a = await register(app)
      assert.equal((await login(app, a.email, PASSWORD)).statusCode, 200)
      assert.equal((await login(app, a.email, 'wrong-pass-9')).statusCode, 400)
      const res = await login(app, a.email, PASSWORD)
      assert.equal(res.statusCode, 429)
      assert.equal(json(res.body).code, 'rate_limit.exceeded')
      assert.ok(res.headers['retry-after'])
    } finally {
      await app.close()
    }
  })

  it('REGISTRATIONS_PER_IP_PER_HOUR=2: the 3rd registration → 429', async () => {
    const app = await buildTestApp({ env: { REGISTRATIONS_PER_IP_PER_HOUR: '2' } })
    try {
      await register(app)
      await register(app)
      const res = await app.anon.post('/api/auth/register', { email: newEmail(), password: PASSWORD })
      assert.equal(res.statusCode, 429)
      assert.equal(json(res.body).code, 'rate_limit.exceeded')
    } finally {
      await app.close()
    }
  })
})

describe('POST /api/auth/refresh', () => {
  it('rotates: a new refresh token and a working access token, with a refreshed cookie', async () => {
    const s = await session()
    const res = await refresh(t, s.refresh)
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.notEqual(body.refresh_token, s.refresh)
    assert.notEqual(body.access_token, s.access)
    assert.equal(body.expires_in, 900)
    assert.equal(svcCookie(res).value, body.access_token)
    assert.equal(json((await me(t, body.access_token)).body).id, s.user.id)
    assert.equal((await refresh(t, body.refresh_token)).statusCode, 200, 'the new token works in turn')
  })

  it('reuse of a rotated token revokes the whole family and its access tokens', async () => {
    const s = await session()
    const r2 = json((await refresh(t, s.refresh)).body)
    assert.equal((await me(t, r2.access_token)).statusCode, 200)
    const reused = await refresh(t, s.refresh)
    assert.equal(reused.statusCode, 401)
    assert.equal(json(reused.body).code, 'auth.refresh_token_reused')
    const next = await refresh(t, r2.refresh_token)
    assert.equal(next.statusCode, 401)
    assert.equal(json(next.body).code, 'auth.invalid_refresh_token')
    assert.equal((await me(t, r2.access_token)).statusCode, 401)
    assert.equal((await me(t, s.access)).statusCode, 401)
    const rows = (await auditRows(t, 'refresh_reuse_detected')).filter((r) => r.user_id === s.user.id)
    assert.equal(rows.length, 1)
    assert.equal(rows[0]?.ip, '127.0.0.1')
    assert.equal(rows[0]?.tenant_id, s.user.tenant_id)
  })

  it('unknown or garbage refresh tokens → 401 auth.invalid_refresh_token', async () => {
    const s = await session()
    const forged = `srt_${s.user.tenant_id}.${'A'.repeat(43)}`
    for (const token of ['garbage', forged, s.access]) {
      const res = await refresh(t, token)
      assert.equal(res.statusCode, 401, token)
      assert.equal(json(res.body).code, 'auth.invalid_refresh_token')
    }
  })

  it('REFRESH_ROTATION_ENABLED=false: the same refresh token comes back and keeps working', async () => {
    const app = await buildTestApp({ env: { ...HIGH, REFRESH_ROTATION_ENABLED: 'false' } })
    try {
      const s = await session(app)
      for (let i = 0; i < 2; i++) {
        const res = await refresh(app, s.refresh)
        assert.equal(res.statusCode, 200, res.body)
        assert.equal(json(res.body).refresh_token, s.refresh)
        assert.equal((await me(app, json(res.body).access_token)).statusCode, 200)
      }
    } finally {
      await app.close()
    }
  })

  it('an admin override of refresh_rotation turns rotation off for that tenant only', async () => {
    const admin = await t.newTenant({ role: 'admin' })
    const s = await session()
    const other = await session()
    const put = await admin.put(`/api/admin/tenants/${s.user.tenant_id}/features/refresh_rotation`, {
      enabled: false,
    })
    assert.equal(put.statusCode, 200, put.body)
    for (let i = 0; i < 2; i++) {
      const res = await refresh(t, s.refresh)
      assert.equal(res.statusCode, 200, res.body)
      assert.equal(json(res.body).refresh_token, s.refresh)
    }
    assert.notEqual(json((await refresh(t, other.refresh)).body).refresh_token, other.refresh)
  })
})

/** A Set-Cookie that clears svc_token: empty value and Max-Age=0 or an Expires in the past. */
function assertCleared(res: LightMyRequestResponse, what: string) {
  const c = svcCookie(res)
  assert.equal(c.value, '', `${what}: ${c.line}`)
  const expires = c.attrs.get('expires')
  assert.ok(
    c.attrs.get('max-age') === '0' || (expires !== undefined && Date.parse(expires) < Date.now()),
    `${what}: ${c.line}`,
  )
  assert.equal(c.attrs.get('path'), '/', what)
}
const logout = (headers: Record<string, string>, payload?: string) =>
  t.anon.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers,
    ...(payload === undefined ? {} : { payload }),
  })

describe('POST /api/auth/logout', () => {
  it('with a valid cookie: 204, the cookie cleared, the access token dead by bearer and by cookie', async () => {
    const s = await session()
    const res = await logout({ cookie: `svc_token=${s.access}` })
    assert.equal(res.statusCode, 204)
    assert.equal(res.body, '')
    assertCleared(res, 'valid cookie')
    assert.equal((await me(t, s.access)).statusCode, 401)
    assert.equal((await t.anon.get('/api/auth/me', { cookie: `svc_token=${s.access}` })).statusCode, 401)
  })

  it('garbage, stale or missing tokens and a null body still answer 204 and clear the cookie', async () => {
    const s = await session()
    assert.equal((await logout({ authorization: `Bearer ${s.access}` })).statusCode, 204)
    assert.equal((await me(t, s.access)).statusCode, 401, 'bearer logout revoked the session')
    const cases: [string, Record<string, string>, string?][] = [
      ['garbage cookie', { cookie: 'svc_token=garbage' }],
      ['stale bearer', { authorization: `Bearer ${s.access}` }],
      ['stale cookie', { cookie: `svc_token=${s.access}` }],
      ['no token', {}],
      ['JSON null body', { 'content-type': 'application/json' }, 'null'],
      ['garbage refresh token', { 'content-type': 'application/json' }, '{"refresh_token":"nope"}'],
    ]
    for (const [what, headers, payload] of cases) {
      const res = await logout(headers, payload)
      assert.equal(res.statusCode, 204, `${what}: ${res.body}`)
      assertCleared(res, what)
    }
  })

  it('an empty body sent as application/json (what many HTTP clients do) → 204, cookie cleared', async () => {
    const s = await session()
    const res = await logout({ cookie: `svc_token=${s.access}`, 'content-type': 'application/json' }, '')
    assert.equal(res.statusCode, 204, res.body)
    assertCleared(res, 'empty JSON body')
    assert.equal((await me(t, s.access)).statusCode, 401)
  })

  it('with a refresh token: its family is revoked', async () => {
    const s = await session()
    const res = await t.anon.post('/api/auth/logout', { refresh_token: s.refresh })
    assert.equal(res.statusCode, 204)
    const again = await refresh(t, s.refresh)
    assert.equal(again.statusCode, 401)
    assert.equal(json(again.body).code, 'auth.invalid_refresh_token')
    assert.equal((await me(t, s.access)).statusCode, 401, 'the family’s session is revoked too')
  })
})

describe('CSRF on cookie-authenticated writes', () => {
  it('PATCH /api/auth/me by cookie needs an allowed Origin; bearer does not', async () => {
    const s = await session()
    const patch = (headers: Record<string, string>, full_name: string) =>
      t.anon.inject({ method: 'PATCH', url: '/api/auth/me', payload: { full_name }, headers })
    const cookie = { cookie: `svc_token=${s.access}` }
    const denied = await patch(cookie, 'Mallory')
    assert.equal(denied.statusCode, 403)
    assert.equal(json(denied.body).code, 'auth.csrf_origin_mismatch')
    assert.equal(json((await me(t, s.access)).body).full_name, null, 'the refused write changed nothing')
    const evil = await patch({ ...cookie, origin: 'https://evil.example' }, 'Mallory')
    assert.equal(evil.statusCode, 403)
    const ok = await patch({ ...cookie, origin: 'http://localhost:8000' }, 'Alice')
    assert.equal(ok.statusCode, 200, ok.body)
    assert.equal(json(ok.body).full_name, 'Alice')
    const bearer = await patch({ authorization: `Bearer ${s.access}` }, 'Bob')
    assert.equal(bearer.statusCode, 200, bearer.body)
    assert.equal(json(bearer.body).full_name, 'Bob')
  })
})

describe('the refresh cookie (how a browser refreshes without ever reading the token)', () => {
  const withCookie = (value: string) => ({ cookie: `svc_refresh=${value}` })

  it('login sets svc_refresh: httpOnly, only for /api/auth, SameSite=Strict, for the refresh lifetime', async () => {
    const acc = await register(t)
    const res = await login(t, acc.email, acc.password)
    const c = svcCookie(res, 'svc_refresh')
    assert.equal(c.value, json(res.body).refresh_token)
    assert.ok(c.attrs.has('httponly'))
    assert.equal(c.attrs.get('path'), '/api/auth')
    assert.equal(c.attrs.get('samesite'), 'Strict')
    assert.equal(c.attrs.get('max-age'), String(30 * 86_400))
  })

  it('POST /api/auth/refresh with no body reads the cookie, rotates it, and a reused one is refused', async () => {
    const s = await session()
    const res = await t.anon.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: withCookie(s.refresh),
    })
    assert.equal(res.statusCode, 200, res.body)
    const next = svcCookie(res, 'svc_refresh').value
    assert.equal(next, json(res.body).refresh_token)
    assert.notEqual(next, s.refresh)
    assert.equal((await me(t, json(res.body).access_token)).statusCode, 200)
    const reused = await t.anon.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: withCookie(s.refresh),
    })
    assert.equal(reused.statusCode, 401)
    assert.equal(json(reused.body).code, 'auth.refresh_token_reused')
  })

  it('neither a body token nor the cookie: 422 naming refresh_token', async () => {
    const res = await t.anon.inject({ method: 'POST', url: '/api/auth/refresh' })
    assert.equal(res.statusCode, 422, res.body)
    assert.deepEqual(json(res.body).errors[0].loc, ['body', 'refresh_token'])
  })

  it('logout revokes the refresh token of the cookie and clears both cookies', async () => {
    const s = await session()
    const out = await t.anon.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `svc_token=${s.access}; svc_refresh=${s.refresh}` },
    })
    assert.equal(out.statusCode, 204)
    assert.equal(svcCookie(out, 'svc_refresh').attrs.get('max-age'), '0')
    assert.equal(svcCookie(out).attrs.get('max-age'), '0')
    assert.equal((await refresh(t, s.refresh)).statusCode, 401)
  })
})
