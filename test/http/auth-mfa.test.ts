/**
 * Identity through HTTP: TOTP MFA end to end (codes made independently with `otpauth`), profile and
 * entitlements, the API key, deactivation and reactivation, and their audit rows.
 */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { describe, it } from 'node:test'
import { Secret, TOTP, URI } from 'otpauth'
import { useTestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { accountOf } from '../helpers/identity.ts'

const t = useTestApp({
  env: {
    REGISTRATIONS_PER_IP_PER_HOUR: '10000',
    LOGINS_PER_IP_PER_MINUTE: '10000',
    MESSAGES_PER_IP_PER_HOUR: '10000',
  },
})

const PASSWORD = 'orbit-lantern-42'
let seq = 0
const newEmail = (tag = 'm') => `${tag}${++seq}.${process.pid}@example.test`

const login = (username: string, password = PASSWORD) =>
  t.anon.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
/** A registered user with a fresh login and a bearer client. */
async function session() {
  const email = newEmail()
  const reg = await t.anon.post('/api/auth/register', { email, password: PASSWORD })
  assert.equal(reg.statusCode, 201, reg.body)
  const res = await login(email)
  assert.equal(res.statusCode, 200, res.body)
  const access = json(res.body).access_token as string
  const auth = { authorization: `Bearer ${access}` }
  const user = await accountOf(t, email)
  return {
    email,
    user,
    access,
    get: (url: string) => t.anon.get(url, auth),
    send: (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.anon.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) }),
  }
}
type Session = Awaited<ReturnType<typeof session>>
const me = (token: string) => t.anon.get('/api/auth/me', { authorization: `Bearer ${token}` })
const auditRows = (event: string, userId: number) =>
  t.c.scopes.withSystem('test', ({ db }) =>
    db.selectFrom('audit_log').selectAll().where('event', '=', event).where('user_id', '=', userId).execute(),
  )

const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })
/** A code of the next 30-second step: never the step already used at verification. */
const nextCode = (totp: TOTP) => totp.generate({ timestamp: Date.now() + 30_000 })
/** Six digits valid for no step near now. */
function wrongCode(totp: TOTP): string {
  const near = new Set([-2, -1, 0, 1, 2].map((k) => totp.generate({ timestamp: Date.now() + k * 30_000 })))
  let n = 123_456
  while (near.has(String(n))) n++
  return String(n)
}
/** setup → verify with the current code. */
async function enrol(s: Session) {
  const setup = await s.send('POST', '/api/auth/mfa/totp/setup')
  assert.equal(setup.statusCode, 200, setup.body)
  const { secret } = json(setup.body)
  const totp = totpOf(secret)
  const verify = await s.send('POST', '/api/auth/mfa/totp/verify', { code: totp.generate() })
  assert.equal(verify.statusCode, 200, verify.body)
  return { secret: secret as string, totp, recovery: json(verify.body).recovery_codes as string[] }
}
async function mfaToken(email: string): Promise<string> {
  const res = await login(email)
  assert.equal(res.statusCode, 200, res.body)
  assert.equal(json(res.body).mfa_required, true, res.body)
  return json(res.body).mfa_token
}
const challenge = (mfa_token: string, code: string) =>
  t.anon.post('/api/auth/mfa/challenge', { mfa_token, code })

describe('TOTP MFA', () => {
  it('enrolment: setup → verify returns 10 unique recovery codes; the secret is stored encrypted', async () => {
    const s = await session()
    const setup = await s.send('POST', '/api/auth/mfa/totp/setup')
    assert.equal(setup.statusCode, 200)
    const { secret, otpauth_url } = json(setup.body)
    assert.match(secret, /^[A-Z2-7]{16,}=*$/)
    assert.ok(otpauth_url.startsWith(`otpauth://totp/Sextant:${encodeURIComponent(s.email)}?`), otpauth_url)
    const parsed = URI.parse(otpauth_url) as TOTP
    assert.deepEqual([parsed.secret.base32, parsed.issuer, parsed.label], [secret, 'Sextant', s.email])
    assert.equal(json((await s.get('/api/auth/me')).body).mfa_enabled, false, 'pending is not enabled')
    assert.equal(json((await login(s.email)).body).token_type, 'bearer', 'pending MFA does not gate login')

    const totp = totpOf(secret)
    const wrong = await s.send('POST', '/api/auth/mfa/totp/verify', { code: wrongCode(totp) })
    assert.equal(wrong.statusCode, 422)
    assert.deepEqual(json(wrong.body).errors[0].loc, ['body', 'code'])
    const res = await s.send('POST', '/api/auth/mfa/totp/verify', { code: totp.generate() })
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.equal(body.mfa_enabled, true)
    assert.equal(body.recovery_codes.length, 10)
    assert.equal(new Set(body.recovery_codes).size, 10)
    for (const c of body.recovery_codes) assert.match(c, /^[a-z0-9]{5}-[a-z0-9]{5}$/)
    assert.equal(json((await s.get('/api/auth/me')).body).mfa_enabled, true)

    const row = await t.c.scopes.withSystem('test', ({ db }) =>
      db.selectFrom('mfa_totp').selectAll().where('user_id', '=', s.user.id).executeTakeFirstOrThrow(),
    )
    assert.equal(row.tenant_id, s.user.tenant_id)
    assert.ok(row.verified_at)
    assert.ok(row.secret_enc.length > 0)
    assert.ok(!row.secret_enc.includes(secret), 'base32 secret stored in clear')
    assert.ok(!row.secret_enc.toLowerCase().includes(secret.toLowerCase().slice(0, 16)))
    assert.ok(!row.secret_enc.includes(Buffer.from(Secret.fromBase32(secret).bytes).toString('base64')))

    const again = await s.send('POST', '/api/auth/mfa/totp/setup')
    assert.equal(again.statusCode, 409)
    assert.equal(json(again.body).code, 'auth.mfa_already_enabled')
    assert.equal(json((await s.get('/api/auth/me')).body).mfa_enabled, true, 'a refused setup keeps MFA')
    const rows = await auditRows('mfa_enabled', s.user.id)
    assert.equal(rows.length, 1)
    assert.equal(rows[0]?.ip, '127.0.0.1')
  })

  it('login answers mfa_required without cookie or tokens; the challenge completes it; a used step is refused', async () => {
    const s = await session()
    const { totp } = await enrol(s)
    const pending = await login(s.email)
    assert.equal(pending.statusCode, 200)
    const body = json(pending.body)
    assert.deepEqual(Object.keys(body).sort(), ['mfa_methods', 'mfa_required', 'mfa_token'])
    assert.deepEqual(body.mfa_methods, ['totp'])
    assert.match(body.mfa_token, /^mfa_/)
    assert.equal(pending.headers['set-cookie'], undefined)

    const code = nextCode(totp)
    const res = await challenge(body.mfa_token, code)
    assert.equal(res.statusCode, 200, res.body)
    const tokens = json(res.body)
    assert.match(tokens.refresh_token, /^srt_/)
    assert.equal(tokens.token_type, 'bearer')
    assert.equal(res.headers['cache-control'], 'no-store')
    assert.match(String(res.headers['set-cookie']), new RegExp(`^svc_token=${tokens.access_token};`))
    assert.equal(json((await me(tokens.access_token)).body).id, s.user.id)
    const used = await challenge(body.mfa_token, code)
    assert.equal(used.statusCode, 400, 'an mfa_token works once')

    const replay = await challenge(await mfaToken(s.email), code)
    assert.equal(replay.statusCode, 400)
    assert.equal(json(replay.body).error, 'invalid_grant')
    assert.equal(replay.headers['set-cookie'], undefined)
  })

  it('each recovery code works once', async () => {
    const s = await session()
    const { recovery } = await enrol(s)
    const first = await challenge(await mfaToken(s.email), recovery[0]!)
    assert.equal(first.statusCode, 200, first.body)
    assert.equal((await me(json(first.body).access_token)).statusCode, 200)
    const token = await mfaToken(s.email)
    const second = await challenge(token, recovery[0]!)
    assert.equal(second.statusCode, 400)
    assert.equal(json(second.body).error, 'invalid_grant')
    assert.equal((await challenge(token, recovery[1]!)).statusCode, 200, 'another code on the same token')
  })

  it('5 wrong codes kill the mfa_token (even a right code then fails); garbage tokens → 400', async () => {
    const s = await session()
    const { totp, recovery } = await enrol(s)
    const token = await mfaToken(s.email)
    for (let i = 0; i < 5; i++) {
      const res = await challenge(token, wrongCode(totp))
      assert.equal(res.statusCode, 400, `attempt ${i + 1}`)
      assert.equal(json(res.body).error, 'invalid_grant')
    }
    assert.equal((await challenge(token, recovery[2]!)).statusCode, 400, 'dead token')
    assert.equal(
      (await challenge(await mfaToken(s.email), recovery[2]!)).statusCode,
      200,
      'the code was right',
    )
    assert.ok((await auditRows('mfa_challenge_failure', s.user.id)).length >= 5)
    for (const garbage of [
      'garbage',
      `mfa_${s.user.tenant_id}.${'A'.repeat(43)}`,
      token.replace(/.$/, '_'),
    ]) {
      const res = await challenge(garbage, nextCode(totp))
      assert.equal(res.statusCode, 400, garbage)
      assert.equal(json(res.body).error, 'invalid_grant')
    }
  })

  it('DELETE /api/auth/mfa/totp: wrong code 422, recovery code 204, then login needs no MFA', async () => {
    const s = await session()
    const { totp, recovery } = await enrol(s)
    const wrong = await s.send('DELETE', '/api/auth/mfa/totp', { code: wrongCode(totp) })
    assert.equal(wrong.statusCode, 422)
    assert.deepEqual(json(wrong.body).errors[0].loc, ['body', 'code'])
    assert.equal(json((await s.get('/api/auth/me')).body).mfa_enabled, true)
    assert.equal((await auditRows('mfa_disabled', s.user.id)).length, 0)
    const res = await s.send('DELETE', '/api/auth/mfa/totp', { code: recovery[5]!.toUpperCase() })
    assert.equal(res.statusCode, 204, res.body)
    assert.equal(json((await s.get('/api/auth/me')).body).mfa_enabled, false)
    const plain = await login(s.email)
    assert.equal(plain.statusCode, 200)
    assert.equal(json(plain.body).mfa_required, undefined)
    assert.equal((await me(json(plain.body).access_token)).statusCode, 200)
    const again = await s.send('DELETE', '/api/auth/mfa/totp', { code: nextCode(totp) })
    assert.equal(again.statusCode, 409)
    const rows = await auditRows('mfa_disabled', s.user.id)
    assert.equal(rows.length, 1)
    assert.equal(rows[0]?.tenant_id, s.user.tenant_id)
  })

  it('DELETE with a current TOTP code also works', async () => {
    const s = await session()
    const { totp } = await enrol(s)
    const res = await s.send('DELETE', '/api/auth/mfa/totp', { code: nextCode(totp) })
    assert.equal(res.statusCode, 204, res.body)
    assert.equal(json((await s.get('/api/auth/me')).body).mfa_enabled, false)
  })
})

describe('profile and entitlements', () => {
  it('PATCH /me: name and E.164 phone; a phone change clears phone_verified; null removes it', async () => {
    const s = await session()
    const named = await s.send('PATCH', '/api/auth/me', { full_name: 'Grace Hopper' })
    assert.equal(named.statusCode, 200)
    assert.equal(json(named.body).full_name, 'Grace Hopper')
    for (const phone of ['5551234567', '+0123456789', '+1 555 123 4567', '+1555', 'tel:+15551234567']) {
      const res = await s.send('PATCH', '/api/auth/me', { phone })
      assert.equal(res.statusCode, 422, phone)
      assert.deepEqual(json(res.body).errors[0].loc, ['body', 'phone'])
    }
    const set = await s.send('PATCH', '/api/auth/me', { phone: '+15551234567' })
    assert.equal(set.statusCode, 200)
    assert.deepEqual([json(set.body).phone, json(set.body).phone_verified], ['+15551234567', false])
    await t.c.scopes.withSystem('test', ({ db }) =>
      db.updateTable('app_user').set({ phone_verified_at: new Date() }).where('id', '=', s.user.id).execute(),
    )
    assert.equal(json((await s.get('/api/auth/me')).body).phone_verified, true)
    const changed = await s.send('PATCH', '/api/auth/me', { phone: '+447700900123' })
    assert.equal(changed.statusCode, 200)
    assert.deepEqual([json(changed.body).phone, json(changed.body).phone_verified], ['+447700900123', false])
    const after = json((await s.get('/api/auth/me')).body)
    assert.deepEqual(
      [after.phone, after.phone_verified, after.full_name],
      ['+447700900123', false, 'Grace Hopper'],
    )
    const removed = await s.send('PATCH', '/api/auth/me', { phone: null })
    assert.equal(json(removed.body).phone, null)
  })

  it('entitlements of a free tenant; an admin flag override shows up for that tenant only', async () => {
    const s = await session()
    const other = await t.newTenant()
    const res = await s.get('/api/auth/me/entitlements')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(json(res.body), {
      plan: 'free',
      features: {
        ...{ broker_connect: false, email_briefing: false, committee_model: false, ai_screener: false },
        learn_advanced: false,
        ...{ stock_screener_ai: true, support_ai: true, refresh_rotation: true },
      },
      limits: {
        ...{ manual_accounts: 3, watchlist_symbols: 50, saved_screens: 5, alerts: 10 },
        support_ai_messages_per_day: 50,
        support_ai_tokens_per_day: 50_000,
        support_ai_messages_per_minute: 5,
        agents: 3,
      },
    })
    const admin = await t.newTenant({ role: 'admin' })
    const put = await admin.put(`/api/admin/tenants/${s.user.tenant_id}/features/support_ai`, {
      enabled: false,
    })
    assert.equal(put.statusCode, 200, put.body)
    const features = json((await s.get('/api/auth/me/entitlements')).body).features
    assert.equal(features.support_ai, false)
    assert.equal(features.stock_screener_ai, true)
    assert.equal(json((await other.get('/api/auth/me/entitlements')).body).features.support_ai, true)
  })
})

describe('API key', () => {
  it('created on first read, shown once, authenticates by X-API-Key, rotates, stored hashed', async () => {
    const u = await t.newTenant()
    const first = await u.get('/api/auth/api-key')
    assert.equal(first.statusCode, 200)
    assert.equal(first.headers['cache-control'], 'no-store')
    const created = json(first.body)
    assert.match(created.key, new RegExp(`^sxk_${u.tenantId}\\.[A-Za-z0-9_-]{43}$`))
    assert.ok(created.key.startsWith(created.prefix) && created.prefix.length < created.key.length)
    assert.equal(created.last_used_at, null)
    const second = json((await u.get('/api/auth/api-key')).body)
    assert.equal('key' in second, false)
    assert.deepEqual([second.prefix, second.created_at], [created.prefix, created.created_at])

    const viaKey = await t.anon.get('/api/auth/me', { 'x-api-key': created.key })
    assert.equal(viaKey.statusCode, 200)
    assert.equal(json(viaKey.body).id, u.userId)
    assert.notEqual(json((await u.get('/api/auth/api-key')).body).last_used_at, null)
    assert.equal((await t.anon.get('/api/auth/me', { 'x-api-key': `${created.key}x` })).statusCode, 401)

    const row = await t.c.scopes.withSystem('test', ({ db }) =>
      db.selectFrom('api_key').selectAll().where('user_id', '=', u.userId).executeTakeFirstOrThrow(),
    )
    assert.notEqual(row.key_hash, created.key)
    assert.equal(row.key_hash, createHash('sha256').update(created.key).digest('hex'))
    const secretPart = created.key.split('.')[1]
    assert.ok(!JSON.stringify(row).includes(secretPart), 'no column holds the key')

    const rotated = await u.post('/api/auth/api-key/rotate')
    assert.equal(rotated.statusCode, 200)
    assert.equal(rotated.headers['cache-control'], 'no-store')
    const next = json(rotated.body)
    assert.notEqual(next.key, created.key)
    assert.equal(next.last_used_at, null)
    assert.ok(next.key.startsWith(next.prefix))
    assert.equal((await t.anon.get('/api/auth/me', { 'x-api-key': next.key })).statusCode, 200)
    const old = await t.anon.get('/api/auth/me', { 'x-api-key': created.key })
    assert.equal(old.statusCode, 401)
    const rows = await auditRows('api_key_rotated', u.userId)
    assert.equal(rows.length, 1)
    assert.equal(rows[0]?.tenant_id, u.tenantId)
  })
})

describe('deactivation and reactivation', () => {
  const reactivationMails = (email: string) =>
    t.c.scopes.withSystem('test', ({ db }) =>
      db
        .selectFrom('email_outbox')
        .selectAll()
        .where('to_address', '=', email)
        .where('text_body', 'like', '%/reactivate?token=%')
        .execute(),
    )

  it('password-checked deactivation; reactivation by e-mailed link, once', async () => {
    const s = await session()
    const active = await session()
    const wrong = await s.send('POST', '/api/auth/deactivate', { password: 'not-my-password' })
    assert.equal(wrong.statusCode, 403)
    assert.equal(json(wrong.body).code, 'auth.invalid_password')
    assert.equal((await me(s.access)).statusCode, 200, 'a refused deactivation changes nothing')

    const res = await s.send('POST', '/api/auth/deactivate', { password: PASSWORD })
    assert.equal(res.statusCode, 204)
    assert.match(String(res.headers['set-cookie']), /^svc_token=;/)
    assert.equal((await me(s.access)).statusCode, 401)
    const denied = await login(s.email)
    assert.equal(denied.statusCode, 400)
    assert.equal(json(denied.body).error, 'invalid_grant')

    const nobody = newEmail('nobody')
    for (const email of [active.email, nobody, s.email]) {
      const r = await t.anon.post('/api/auth/reactivate/request', { email })
      assert.equal(r.statusCode, 204, email)
    }
    await t.c.jobs.drain()
    assert.equal((await reactivationMails(active.email)).length, 0, 'an active account gets no mail')
    assert.equal((await reactivationMails(nobody)).length, 0, 'an unknown address gets no mail')
    const mails = await reactivationMails(s.email)
    assert.equal(mails.length, 1)
    const link = /http:\/\/localhost:8000\/reactivate\?token=\S+/.exec(mails[0]!.text_body)?.[0]
    assert.ok(link, mails[0]!.text_body)
    const token = new URL(link).searchParams.get('token')!

    const confirm = await t.anon.post('/api/auth/reactivate/confirm', { token })
    assert.equal(confirm.statusCode, 200, confirm.body)
    assert.equal(json(confirm.body).user.id, s.user.id)
    const back = await login(s.email)
    assert.equal(back.statusCode, 200, back.body)
    assert.equal((await me(json(back.body).access_token)).statusCode, 200)
    for (const bad of [token, 'garbage']) {
      const r = await t.anon.post('/api/auth/reactivate/confirm', { token: bad })
      assert.equal(r.statusCode, 422)
      assert.deepEqual(json(r.body).errors[0].loc, ['body', 'token'])
    }
    assert.equal((await auditRows('account_deactivated', s.user.id)).length, 1)
    assert.equal((await auditRows('account_reactivated', s.user.id)).length, 1)
  })

  it('a deactivated account’s API key stops working at once, and works again after reactivation', async () => {
    const s = await session()
    const key = json((await t.anon.get('/api/auth/api-key', { authorization: `Bearer ${s.access}` })).body)
      .key as string
    const viaKey = () => t.anon.get('/api/auth/me', { 'x-api-key': key })
    assert.equal((await viaKey()).statusCode, 200) // also warms the cached principal
    assert.equal((await s.send('POST', '/api/auth/deactivate', { password: PASSWORD })).statusCode, 204)
    assert.equal((await viaKey()).statusCode, 401)
    await t.anon.post('/api/auth/reactivate/request', { email: s.email })
    await t.c.jobs.drain()
    const link = /reactivate\?token=(\S+)/.exec((await reactivationMails(s.email))[0]!.text_body)![1]!
    assert.equal(
      (await t.anon.post('/api/auth/reactivate/confirm', { token: decodeURIComponent(link) })).statusCode,
      200,
    )
    assert.equal((await viaKey()).statusCode, 200)
  })
})
