/**
 * Proofs of ownership through HTTP, with outbox delivery: e-mail link and code, password reset,
 * phone code; no account enumeration on the request endpoints; the per-IP message budget.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { LightMyRequestResponse } from 'fastify'
import { fixedClock } from '../../src/platform/clock.ts'
import { buildTestApp, useTestApp, type TestApp } from '../helpers/test-app.ts'
import { accountOf } from '../helpers/identity.ts'
import { json } from '../helpers/assertions.ts'

const BASE = 'https://app.sextant.test'
const ENV = {
  PUBLIC_BASE_URL: BASE,
  REGISTRATIONS_PER_IP_PER_HOUR: '10000',
  MESSAGES_PER_IP_PER_HOUR: '10000',
  LOGINS_PER_IP_PER_MINUTE: '10000',
}
const PASSWORD = 'correct horse battery'

const t = useTestApp({ env: ENV })

let seq = 0
const newEmail = (tag: string) => `${tag}${++seq}.${process.pid}.${Date.now()}@example.test`

/** The hrefs of the anchors of an HTML part, entities decoded. */
function hrefsOf(html: string | null | undefined): string[] {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
  return [...(html ?? '').matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) =>
    (m[1] ?? '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (e, n: string) =>
      n.startsWith('#x') || n.startsWith('#X')
        ? String.fromCodePoint(parseInt(n.slice(2), 16))
        : n.startsWith('#')
          ? String.fromCodePoint(Number(n.slice(1)))
          : (named[n.toLowerCase()] ?? e),
    ),
  )
}

/** Any code but `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

interface OutboxMail {
  id: number
  to_address: string
  subject: string
  text_body: string
  html_body: string | null
}

async function register(app: TestApp, email = newEmail('reg')) {
  const res = await app.anon.post('/api/auth/register', { email, password: PASSWORD, full_name: 'Ver Ify' })
  assert.equal(res.statusCode, 201, res.body)
  // Jobs run concurrently on a PostgreSQL server: let the registration mail go out first, so
  // the mails of later requests come after it in the outbox.
  await app.c.jobs.drain()
  return { email, user: await accountOf(app, email) }
}

async function login(app: TestApp, email: string, password = PASSWORD) {
  return app.anon.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

async function tokens(app: TestApp, email: string, password = PASSWORD) {
  const res = await login(app, email, password)
  assert.equal(res.statusCode, 200, res.body)
  const body = json(res)
  return { access: body.access_token as string, refresh: body.refresh_token as string }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The account as GET /api/auth/me shows it (after a fresh login). */
async function meOf(app: TestApp, email: string, password = PASSWORD) {
  const { access } = await tokens(app, email, password)
  const res = await app.anon.get('/api/auth/me', bearer(access))
  assert.equal(res.statusCode, 200, res.body)
  return json(res)
}

/** E-mails sent to `email`, oldest first (after the jobs ran). */
async function mails(app: TestApp, email: string): Promise<OutboxMail[]> {
  await app.c.jobs.drain()
  const rows = await app.c.scopes.withSystem('test: outbox', ({ db }) =>
    db
      .selectFrom('email_outbox')
      .select(['id', 'to_address', 'subject', 'text_body', 'html_body'])
      .where('to_address', '=', email)
      .orderBy('id', 'asc')
      .execute(),
  )
  return rows.map((r) => ({ ...r, id: Number(r.id) }))
}

async function smsTo(app: TestApp, tenantId: number) {
  const rows = await app.c.scopes.withSystem('test: sms outbox', ({ db }) =>
    db
      .selectFrom('sms_outbox')
      .select(['id', 'to_number', 'body'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id', 'asc')
      .execute(),
  )
  return rows
}

/** The one link of `path` in a mail's text part, and its token. */
function linkIn(mail: OutboxMail | undefined, path: string): { url: string; token: string } {
  assert.ok(mail, 'no e-mail')
  const urls = [...mail.text_body.matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0])
  assert.equal(urls.length, 1, mail.text_body)
  const url = urls[0]!
  assert.ok(url.startsWith(`${BASE}${path}?token=`), url)
  const token = new URL(url).searchParams.get('token')
  assert.ok(token, url)
  return { url, token }
}

function codeIn(mail: OutboxMail | undefined): string {
  assert.ok(mail, 'no e-mail')
  const m = /^Your Sextant verification code: (\d{6})$/.exec(mail.subject)
  assert.ok(m?.[1], mail.subject)
  assert.ok(mail.text_body.includes(m[1]), 'the code is in the text too')
  return m[1]
}

function assertFieldError(res: LightMyRequestResponse, loc: string[], type?: string) {
  assert.equal(res.statusCode, 422, res.body)
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/)
  const body = json(res)
  assert.deepEqual(body.errors[0].loc, loc, res.body)
  if (type) assert.equal(body.errors[0].type, type, res.body)
}

describe('e-mail verification by link', () => {
  it('registration sends a link; a new request replaces it; the newest link verifies once', async () => {
    const { email, user } = await register(t)
    assert.equal(user.email_verified, false)
    const first = await mails(t, email)
    assert.equal(first.length, 1, 'registration queued one verification e-mail')
    assert.equal(first[0]!.subject, 'Confirm your e-mail address')
    const link1 = linkIn(first[0], '/verify-email')

    const req = await t.anon.post('/api/auth/verify-email/request', { email })
    assert.equal(req.statusCode, 204)
    assert.equal(req.body, '')
    const second = await mails(t, email)
    assert.equal(second.length, 2, 'a fresh e-mail')
    const link2 = linkIn(second[1], '/verify-email')
    assert.notEqual(link2.token, link1.token)

    // The HTML part carries the same link, HTML-escaped, as the href of an anchor.
    assert.deepEqual(hrefsOf(second[1]!.html_body), [link2.url], second[1]!.html_body ?? '')

    // Only the newest link is valid: issuing one invalidates the earlier ones.
    assertFieldError(await t.anon.post('/api/auth/verify-email/confirm', { token: link1.token }), [
      'body',
      'token',
    ])

    const ok = await t.anon.post('/api/auth/verify-email/confirm', { token: link2.token })
    assert.equal(ok.statusCode, 200, ok.body)
    assert.equal(json(ok).user.email_verified, true)
    assert.equal(json(ok).user.email, email)
    assert.equal(json(ok).user.id, user.id)

    const { access } = await tokens(t, email)
    assert.equal(json(await t.anon.get('/api/auth/me', bearer(access))).email_verified, true)

    // Reuse → 422 on the token.
    assertFieldError(await t.anon.post('/api/auth/verify-email/confirm', { token: link2.token }), [
      'body',
      'token',
    ])
  })

  it('garbage and unknown tokens → 422 on the token', async () => {
    const { email, user } = await register(t)
    for (const token of ['garbage', `${user.tenant_id}.${'A'.repeat(43)}`, `999999.${'b'.repeat(43)}`]) {
      assertFieldError(await t.anon.post('/api/auth/verify-email/confirm', { token }), ['body', 'token'])
    }
    assert.equal((await meOf(t, email)).email_verified, false)
  })

  it('a verified account gets no new e-mail on request', async () => {
    const { email } = await register(t)
    const { token } = linkIn((await mails(t, email))[0], '/verify-email')
    assert.equal((await t.anon.post('/api/auth/verify-email/confirm', { token })).statusCode, 200)

    for (const url of ['/api/auth/verify-email/request', '/api/auth/verify-email/code/request']) {
      const res = await t.anon.post(url, { email })
      assert.equal(res.statusCode, 204, url)
    }
    assert.equal((await mails(t, email)).length, 1, 'still only the registration e-mail')
  })

  it('a link token is not a password-reset token', async () => {
    const { email } = await register(t)
    const { token } = linkIn((await mails(t, email))[0], '/verify-email')
    const res = await t.anon.post('/api/auth/password-reset/confirm', {
      token,
      new_password: 'brand new pass 1',
    })
    assertFieldError(res, ['body', 'token'])
    assert.equal((await login(t, email)).statusCode, 200, 'password unchanged')
  })
})

describe('e-mail verification by code', () => {
  it('request → 204 and a 6-digit code by e-mail; confirm → verified; the code works once', async () => {
    const { email } = await register(t)
    const res = await t.anon.post('/api/auth/verify-email/code/request', { email })
    assert.equal(res.statusCode, 204)
    assert.equal(res.body, '')
    const all = await mails(t, email)
    assert.equal(all.length, 2, 'registration link + code')
    const code = codeIn(all[1])

    // Wrong code → 422 on the code, the account stays unverified.
    assertFieldError(
      await t.anon.post('/api/auth/verify-email/code/confirm', { email, code: otherCode(code) }),
      ['body', 'code'],
    )

    const ok = await t.anon.post('/api/auth/verify-email/code/confirm', { email, code })
    assert.equal(ok.statusCode, 200, ok.body)
    assert.equal(json(ok).user.email_verified, true)
    assert.equal(json(ok).user.email, email)

    assertFieldError(await t.anon.post('/api/auth/verify-email/code/confirm', { email, code }), [
      'body',
      'code',
    ])
  })

  it('the e-mail is matched case-insensitively', async () => {
    const { email } = await register(t)
    assert.equal(
      (await t.anon.post('/api/auth/verify-email/code/request', { email: email.toUpperCase() })).statusCode,
      204,
    )
    const code = codeIn((await mails(t, email))[1])
    const ok = await t.anon.post('/api/auth/verify-email/code/confirm', { email: email.toUpperCase(), code })
    assert.equal(ok.statusCode, 200, ok.body)
    assert.equal(json(ok).user.email_verified, true)
  })

  it('a new code replaces the previous one', async () => {
    const { email } = await register(t)
    await t.anon.post('/api/auth/verify-email/code/request', { email })
    const code1 = codeIn((await mails(t, email))[1])
    await t.anon.post('/api/auth/verify-email/code/request', { email })
    const code2 = codeIn((await mails(t, email))[2])
    if (code1 !== code2) {
      assertFieldError(await t.anon.post('/api/auth/verify-email/code/confirm', { email, code: code1 }), [
        'body',
        'code',
      ])
    }
    const ok = await t.anon.post('/api/auth/verify-email/code/confirm', { email, code: code2 })
    assert.equal(ok.statusCode, 200, ok.body)
  })

  it('4 wrong attempts then the right code → verified', async () => {
    const { email } = await register(t)
    await t.anon.post('/api/auth/verify-email/code/request', { email })
    const code = codeIn((await mails(t, email))[1])
    for (let i = 0; i < 4; i++) {
      const res = await t.anon.post('/api/auth/verify-email/code/confirm', { email, code: otherCode(code) })
      assert.equal(res.statusCode, 422)
    }
    const ok = await t.anon.post('/api/auth/verify-email/code/confirm', { email, code })
    assert.equal(ok.statusCode, 200, ok.body)
  })

  it('5 wrong attempts then the right code → 422, the account stays unverified', async () => {
    const { email } = await register(t)
    await t.anon.post('/api/auth/verify-email/code/request', { email })
    const code = codeIn((await mails(t, email))[1])
    for (let i = 0; i < 5; i++) {
      const res = await t.anon.post('/api/auth/verify-email/code/confirm', { email, code: otherCode(code) })
      assertFieldError(res, ['body', 'code'])
    }
    assertFieldError(await t.anon.post('/api/auth/verify-email/code/confirm', { email, code }), [
      'body',
      'code',
    ])
    assert.equal((await meOf(t, email)).email_verified, false)
  })

  describe('expiry (fixed clock)', () => {
    const clock = fixedClock('2026-06-01T12:00:00Z')
    let ct: TestApp
    before(async () => {
      ct = await buildTestApp({ env: ENV, clock })
    })
    after(async () => {
      await ct.close()
    })

    it('a code is refused 11 minutes later, accepted 9 minutes later', async () => {
      clock.set('2026-06-01T12:00:00Z')
      const late = await register(ct)
      const early = await register(ct)
      for (const { email } of [late, early])
        assert.equal((await ct.anon.post('/api/auth/verify-email/code/request', { email })).statusCode, 204)
      const lateCode = codeIn((await mails(ct, late.email))[1])
      const earlyCode = codeIn((await mails(ct, early.email))[1])

      clock.advance(9 * 60_000)
      const ok = await ct.anon.post('/api/auth/verify-email/code/confirm', {
        email: early.email,
        code: earlyCode,
      })
      assert.equal(ok.statusCode, 200, ok.body)

      clock.advance(2 * 60_000) // 11 minutes after sending
      assertFieldError(
        await ct.anon.post('/api/auth/verify-email/code/confirm', { email: late.email, code: lateCode }),
        ['body', 'code'],
      )
      assert.equal((await meOf(ct, late.email)).email_verified, false)
      assert.equal((await meOf(ct, early.email)).email_verified, true)
    })

    it('a reset link is refused after 1 hour', async () => {
      clock.set('2026-06-02T12:00:00Z')
      const { email } = await register(ct)
      assert.equal((await ct.anon.post('/api/auth/password-reset/request', { email })).statusCode, 204)
      const { token } = linkIn((await mails(ct, email)).at(-1), '/reset-password')
      clock.advance(61 * 60_000)
      const res = await ct.anon.post('/api/auth/password-reset/confirm', {
        token,
        new_password: 'brand new pass 2',
      })
      assertFieldError(res, ['body', 'token'])
      assert.equal((await login(ct, email)).statusCode, 200, 'old password still works')
    })
  })
})

describe('no account enumeration', () => {
  /** What an observer can compare: status, body and the headers that could differ. */
  function observable(res: LightMyRequestResponse) {
    return {
      status: res.statusCode,
      body: res.body,
      // Every header but those that differ between any two calls.
      headers: Object.fromEntries(
        Object.entries(res.headers).filter(
          ([h]) => !/^(date|x-request-id|x-ratelimit-remaining|x-ratelimit-reset)$/.test(h),
        ),
      ),
    }
  }

  function withoutRequestId(res: LightMyRequestResponse) {
    const { request_id: rid, ...rest } = json(res)
    assert.ok(rid, 'problems carry a request id')
    return rest
  }

  it('each request endpoint answers an unknown e-mail exactly like an existing one, and sends nothing', async () => {
    const { email: existing } = await register(t)
    // A deactivated account: the one reactivate/request really writes to.
    const { email: deactivated } = await register(t)
    const { access } = await tokens(t, deactivated)
    const deact = await t.anon.post('/api/auth/deactivate', { password: PASSWORD }, bearer(access))
    assert.equal(deact.statusCode, 204, deact.body)
    const unknown = newEmail('nobody')
    const before = {
      existing: (await mails(t, existing)).length,
      deactivated: (await mails(t, deactivated)).length,
    }

    const endpoints = [
      '/api/auth/verify-email/request',
      '/api/auth/verify-email/code/request',
      '/api/auth/password-reset/request',
      '/api/auth/reactivate/request',
    ]
    for (const url of endpoints) {
      const a = await t.anon.post(url, { email: existing })
      const b = await t.anon.post(url, { email: unknown })
      const c = await t.anon.post(url, { email: deactivated })
      assert.equal(a.statusCode, 204, `${url}: ${a.body}`)
      assert.equal(a.headers['content-type'], undefined, url)
      assert.equal(a.headers['content-length'], undefined, url)
      assert.deepEqual(observable(b), observable(a), url)
      assert.deepEqual(observable(c), observable(a), url)
    }

    assert.deepEqual(await mails(t, unknown), [], 'nothing sent to an unknown address')
    // The existing active account did get mail: link, code, reset (not reactivation).
    const sent = (await mails(t, existing)).slice(before.existing).map((m) => m.subject)
    assert.equal(sent.length, 3, sent.join(' | '))
    assert.ok(sent.includes('Confirm your e-mail address'))
    assert.ok(sent.some((s) => s.startsWith('Your Sextant verification code: ')))
    assert.ok(sent.includes('Reset your Sextant password'))
    const toDeactivated = (await mails(t, deactivated)).slice(before.deactivated).map((m) => m.subject)
    assert.deepEqual(toDeactivated, ['Reactivate your Sextant account'])
  })

  it('code/confirm: an unknown e-mail gets the same 422 as a wrong code', async () => {
    const { email } = await register(t)
    await t.anon.post('/api/auth/verify-email/code/request', { email })
    const code = codeIn((await mails(t, email))[1])
    const wrong = await t.anon.post('/api/auth/verify-email/code/confirm', { email, code: otherCode(code) })
    const unknown = await t.anon.post('/api/auth/verify-email/code/confirm', {
      email: newEmail('nobody'),
      code,
    })
    // An existing account that never asked for a code.
    const { email: idle } = await register(t)
    const noCode = await t.anon.post('/api/auth/verify-email/code/confirm', { email: idle, code })
    assertFieldError(wrong, ['body', 'code'])
    for (const res of [unknown, noCode]) {
      assert.equal(res.statusCode, wrong.statusCode)
      assert.equal(res.headers['content-type'], wrong.headers['content-type'])
      assert.deepEqual(withoutRequestId(res), withoutRequestId(wrong))
    }
  })
})

describe('password reset', () => {
  it('link → new password; sessions revoked; old password dead; token single-use; audited', async () => {
    const { email, user } = await register(t)
    const old = await tokens(t, email)
    assert.equal((await t.anon.get('/api/auth/me', bearer(old.access))).statusCode, 200)
    const oldKey = json(await t.anon.get('/api/auth/api-key', bearer(old.access))).key as string
    assert.equal((await t.anon.get('/api/auth/me', { 'x-api-key': oldKey })).statusCode, 200)
    const countBefore = (await mails(t, email)).length

    const req = await t.anon.post('/api/auth/password-reset/request', { email })
    assert.equal(req.statusCode, 204)
    assert.equal(req.body, '')
    const all = await mails(t, email)
    assert.equal(all.length, countBefore + 1)
    const mail = all.at(-1)!
    assert.equal(mail.subject, 'Reset your Sextant password')
    const { url, token } = linkIn(mail, '/reset-password')
    assert.deepEqual(hrefsOf(mail.html_body), [url])

    // Weak password → 422 on new_password; the token is not spent.
    const weak = await t.anon.post('/api/auth/password-reset/confirm', { token, new_password: 'password123' })
    assertFieldError(weak, ['body', 'new_password'], 'password_common')
    assert.equal(json(weak).code, 'validation.weak_password')
    const short = await t.anon.post('/api/auth/password-reset/confirm', { token, new_password: 'short' })
    assertFieldError(short, ['body', 'new_password'])
    assert.equal((await login(t, email)).statusCode, 200, 'nothing changed yet')

    const NEW = 'a whole new secret 42'
    const ok = await t.anon.post('/api/auth/password-reset/confirm', { token, new_password: NEW })
    assert.equal(ok.statusCode, 200, ok.body)
    assert.deepEqual(json(ok), { status: 'password_updated' })

    // Every session and refresh family is revoked.
    assert.equal((await t.anon.get('/api/auth/me', bearer(old.access))).statusCode, 401)
    const refresh = await t.anon.post('/api/auth/refresh', { refresh_token: old.refresh })
    assert.equal(refresh.statusCode, 401, refresh.body)
    // So is the API key (it has no session): the user makes a new one after logging in.
    const byOldKey = await t.anon.get('/api/auth/me', { 'x-api-key': oldKey })
    assert.equal(byOldKey.statusCode, 401, byOldKey.body)

    const oldLogin = await login(t, email)
    assert.equal(oldLogin.statusCode, 400)
    assert.equal(json(oldLogin).error, 'invalid_grant')
    const fresh = await tokens(t, email, NEW)
    const me = await t.anon.get('/api/auth/me', bearer(fresh.access))
    assert.equal(me.statusCode, 200)
    // The link proved the inbox: the unverified address is now verified.
    assert.equal(user.email_verified, false)
    assert.equal(json(me).email_verified, true)
    const newKey = await t.anon.get('/api/auth/api-key', bearer(fresh.access))
    assert.equal(newKey.statusCode, 200)
    assert.notEqual(json(newKey).key, oldKey, 'a new key is created, shown once')
    assert.equal((await t.anon.get('/api/auth/me', { 'x-api-key': json(newKey).key })).statusCode, 200)

    // The token works once.
    const again = await t.anon.post('/api/auth/password-reset/confirm', {
      token,
      new_password: 'yet another secret 43',
    })
    assertFieldError(again, ['body', 'token'])
    assert.equal((await login(t, email, NEW)).statusCode, 200, 'the second confirm changed nothing')

    const audit = await t.c.scopes.withSystem('test: audit', ({ db }) =>
      db
        .selectFrom('audit_log')
        .select(['event', 'tenant_id'])
        .where('user_id', '=', user.id)
        .where('event', '=', 'password_reset')
        .execute(),
    )
    assert.equal(audit.length, 1)
    assert.equal(audit[0]!.tenant_id, user.tenant_id)
  })

  it('garbage token → 422 on the token', async () => {
    for (const token of ['garbage', `1.${'z'.repeat(43)}`]) {
      const res = await t.anon.post('/api/auth/password-reset/confirm', {
        token,
        new_password: 'fine password 77',
      })
      assertFieldError(res, ['body', 'token'])
    }
  })
})

describe('phone verification', () => {
  const PHONE = '+15551234567'
  const smsCode = (body: string) => {
    const m = /^Sextant code: (\d{6})\. It expires in 10 minutes\.$/.exec(body)
    assert.ok(m?.[1], body)
    return m[1]
  }

  it('no phone on the profile → 422 on phone', async () => {
    const u = await t.newTenant()
    const res = await u.post('/api/auth/verify-phone/request')
    assertFieldError(res, ['body', 'phone'], 'phone_missing')
    assert.deepEqual(await smsTo(t, u.tenantId), [])
  })

  it('set a phone, get a code by SMS, confirm it; changing the phone clears the proof', async () => {
    const u = await t.newTenant()
    const patched = await u.patch('/api/auth/me', { phone: PHONE })
    assert.equal(patched.statusCode, 200, patched.body)
    assert.equal(json(patched).phone, PHONE)
    assert.equal(json(patched).phone_verified, false)

    const res = await u.post('/api/auth/verify-phone/request')
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(json(res), { sent: true, expires_in: 600 })
    const sms = await smsTo(t, u.tenantId)
    assert.equal(sms.length, 1)
    assert.equal(sms[0]!.to_number, PHONE)
    const code = smsCode(sms[0]!.body)

    assertFieldError(await u.post('/api/auth/verify-phone/confirm', { code: otherCode(code) }), [
      'body',
      'code',
    ])
    assert.equal(json(await u.get('/api/auth/me')).phone_verified, false)

    const ok = await u.post('/api/auth/verify-phone/confirm', { code })
    assert.equal(ok.statusCode, 200, ok.body)
    assert.equal(json(ok).user.phone_verified, true)
    assert.equal(json(ok).user.phone, PHONE)
    assert.equal(json(await u.get('/api/auth/me')).phone_verified, true)

    // A name change keeps the proof; a phone change clears it.
    assert.equal(json(await u.patch('/api/auth/me', { full_name: 'Renamed' })).phone_verified, true)
    const changed = await u.patch('/api/auth/me', { phone: '+15557654321' })
    assert.equal(changed.statusCode, 200)
    assert.equal(json(changed).phone_verified, false)
    assert.equal(json(await u.get('/api/auth/me')).phone_verified, false)
  })

  it('a code sent to the old number does not verify a new number', async () => {
    const u = await t.newTenant()
    await u.patch('/api/auth/me', { phone: PHONE })
    assert.equal((await u.post('/api/auth/verify-phone/request')).statusCode, 200)
    const code = smsCode((await smsTo(t, u.tenantId))[0]!.body)
    assert.equal((await u.patch('/api/auth/me', { phone: '+15550009999' })).statusCode, 200)
    assertFieldError(await u.post('/api/auth/verify-phone/confirm', { code }), ['body', 'code'])
    const me = json(await u.get('/api/auth/me'))
    assert.equal(me.phone, '+15550009999')
    assert.equal(me.phone_verified, false)
  })

  it('a bad phone number → 422 on phone', async () => {
    const u = await t.newTenant()
    for (const phone of ['5551234567', '+0123456789', 'call me']) {
      assertFieldError(await u.patch('/api/auth/me', { phone }), ['body', 'phone'])
    }
  })

  it('unauthenticated → 401', async () => {
    const req = await t.anon.post('/api/auth/verify-phone/request')
    assert.equal(req.statusCode, 401)
    assert.equal(json(req).code, 'auth.unauthenticated')
    const conf = await t.anon.post('/api/auth/verify-phone/confirm', { code: '123456' })
    assert.equal(conf.statusCode, 401)
  })
})

describe('per-IP message budget', () => {
  let rt: TestApp
  before(async () => {
    rt = await buildTestApp({ env: { ...ENV, MESSAGES_PER_IP_PER_HOUR: '2' } })
  })
  after(async () => {
    await rt.close()
  })

  it('the third password-reset request in an hour → 429 with Retry-After', async () => {
    const email = newEmail('budget')
    for (let i = 0; i < 2; i++) {
      const res = await rt.anon.post('/api/auth/password-reset/request', { email })
      assert.equal(res.statusCode, 204, `request ${i + 1}: ${res.body}`)
    }
    const third = await rt.anon.post('/api/auth/password-reset/request', { email })
    assert.equal(third.statusCode, 429, third.body)
    assert.equal(json(third).code, 'rate_limit.exceeded')
    const retryAfter = Number(third.headers['retry-after'])
    assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 3600, String(retryAfter))
  })
})
