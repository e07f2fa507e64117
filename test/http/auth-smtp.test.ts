/**
 * Identity messages through real transports: e-mail over SMTP to a local sink, SMS through the
 * Twilio fake (wire format, Basic auth, scripted failures). HTTP in, messages out, links followed.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  header,
  htmlOf,
  linksOf,
  startSmtpSink,
  textOf,
  type SinkMessage,
  type SmtpSink,
} from '../fakes/smtp-sink.ts'
import { startTwilioFake, twilioError, type TwilioFake } from '../fakes/twilio-fake.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { accountOf } from '../helpers/identity.ts'

const BASE = 'https://app.sextant.test'
const FROM = 'Sextant <no-reply@sextant.test>'
const LIMITS = {
  PUBLIC_BASE_URL: BASE,
  REGISTRATIONS_PER_IP_PER_HOUR: '1000',
  MESSAGES_PER_IP_PER_HOUR: '1000',
  LOGINS_PER_IP_PER_MINUTE: '1000',
}
const PASSWORD = 'correct horse battery'

let seq = 0
const newEmail = (tag: string) => `${tag}${++seq}.${process.pid}.${Date.now()}@example.test`
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

async function register(app: TestApp, email = newEmail('smtp')) {
  const res = await app.anon.post('/api/auth/register', { email, password: PASSWORD })
  assert.equal(res.statusCode, 201, res.body)
  assert.equal((await accountOf(app, email)).email_verified, false)
  return email
}

function login(app: TestApp, email: string, password = PASSWORD) {
  return app.anon.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: new URLSearchParams({ username: email, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

async function meOf(app: TestApp, email: string, password = PASSWORD) {
  const res = await login(app, email, password)
  assert.equal(res.statusCode, 200, res.body)
  const me = await app.anon.get('/api/auth/me', { authorization: `Bearer ${json(res).access_token}` })
  assert.equal(me.statusCode, 200, me.body)
  return json(me)
}

/** The hrefs of the anchors of an HTML part, entities decoded. */
function hrefsOf(html: string | undefined): string[] {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
  return [...(html ?? '').matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) =>
    (m[1] ?? '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (e, n: string) =>
      /^#x/i.test(n)
        ? String.fromCodePoint(parseInt(n.slice(2), 16))
        : n.startsWith('#')
          ? String.fromCodePoint(Number(n.slice(1)))
          : (named[n.toLowerCase()] ?? e),
    ),
  )
}

/** The single link of a message, checked to point at `path` on PUBLIC_BASE_URL, and its token. */
function tokenOf(msg: SinkMessage, path: string): string {
  const links = linksOf(msg)
  assert.equal(links.length, 1, textOf(msg))
  const url = links[0]!
  assert.ok(url.startsWith(`${BASE}${path}?token=`), url)
  assert.deepEqual(hrefsOf(htmlOf(msg)), [url], 'the HTML part links to the same URL')
  const token = new URL(url).searchParams.get('token')
  assert.ok(token)
  return token
}

async function outboxCount(app: TestApp, email: string) {
  const rows = await app.c.scopes.withSystem('test: outbox', ({ db }) =>
    db.selectFrom('email_outbox').select('id').where('to_address', '=', email).execute(),
  )
  return rows.length
}

describe('e-mail over SMTP', () => {
  let sink: SmtpSink
  let t: TestApp
  before(async () => {
    sink = await startSmtpSink()
    t = await buildTestApp({ env: { ...LIMITS, SMTP_URL: sink.url, EMAIL_FROM: FROM } })
  })
  after(async () => {
    await t?.close()
    await sink?.close()
  })

  const to = (email: string, subject: (s: string) => boolean) => (m: SinkMessage) =>
    m.envelope.to.includes(email) && subject(header(m, 'subject') ?? '')

  it('registration mails a verification link; following it verifies the address', async () => {
    const email = await register(t)
    await t.c.jobs.drain()
    const msg = await sink.waitFor(to(email, (s) => s === 'Confirm your e-mail address'))

    assert.deepEqual(msg.envelope, { from: 'no-reply@sextant.test', to: [email] })
    assert.equal(header(msg, 'from'), FROM)
    assert.equal(header(msg, 'to'), email)
    assert.equal(header(msg, 'subject'), 'Confirm your e-mail address')
    assert.match(header(msg, 'content-type') ?? '', /^multipart\/alternative;/)
    assert.match(textOf(msg) ?? '', /Confirm that this address belongs to your Sextant account\./)
    assert.match(htmlOf(msg) ?? '', /<p>Confirm that this address belongs to your Sextant account\.<\/p>/)
    assert.equal(await outboxCount(t, email), 0, 'SMTP delivery, not the outbox')

    const token = tokenOf(msg, '/verify-email')
    const res = await t.anon.post('/api/auth/verify-email/confirm', { token })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(res).user.email_verified, true)
    assert.equal((await meOf(t, email)).email_verified, true)
  })

  it('password reset: the mail arrives; following it sets a password that logs in', async () => {
    const email = await register(t)
    const req = await t.anon.post('/api/auth/password-reset/request', { email })
    assert.equal(req.statusCode, 204)
    await t.c.jobs.drain()
    const msg = await sink.waitFor(to(email, (s) => s === 'Reset your Sextant password'))
    assert.equal(header(msg, 'from'), FROM)
    assert.equal(header(msg, 'to'), email)
    assert.ok(textOf(msg) && htmlOf(msg), 'a text and an HTML part')

    const NEW = 'reset over smtp 2026'
    const res = await t.anon.post('/api/auth/password-reset/confirm', {
      token: tokenOf(msg, '/reset-password'),
      new_password: NEW,
    })
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(json(res), { status: 'password_updated' })
    assert.equal((await login(t, email)).statusCode, 400, 'old password refused')
    const me = await meOf(t, email, NEW)
    assert.equal(me.email, email)
    assert.equal(me.email_verified, true, 'the reset link proved the inbox')
  })

  it('verification code: the mail carries the code; confirming it verifies the address', async () => {
    const email = await register(t)
    const res = await t.anon.post('/api/auth/verify-email/code/request', { email })
    assert.equal(res.statusCode, 204)
    await t.c.jobs.drain()
    const msg = await sink.waitFor(to(email, (s) => s.startsWith('Your Sextant verification code: ')))
    assert.equal(header(msg, 'from'), FROM)
    const code = /^Your Sextant verification code: (\d{6})$/.exec(header(msg, 'subject') ?? '')?.[1]
    assert.ok(code, header(msg, 'subject'))
    assert.match(textOf(msg) ?? '', new RegExp(`Your verification code is ${code}\\.`))
    assert.ok(htmlOf(msg)?.includes(code))

    const wrong = await t.anon.post('/api/auth/verify-email/code/confirm', { email, code: otherCode(code) })
    assert.equal(wrong.statusCode, 422)
    const ok = await t.anon.post('/api/auth/verify-email/code/confirm', { email, code })
    assert.equal(ok.statusCode, 200, ok.body)
    assert.equal(json(ok).user.email_verified, true)
    assert.equal((await meOf(t, email)).email_verified, true)
  })

  it('an unknown address gets no mail', async () => {
    const email = newEmail('nobody')
    const before = sink.messages.length
    for (const url of [
      '/api/auth/verify-email/request',
      '/api/auth/verify-email/code/request',
      '/api/auth/password-reset/request',
    ]) {
      assert.equal((await t.anon.post(url, { email })).statusCode, 204, url)
    }
    await t.c.jobs.drain()
    // A mail to a known address sent after them arrives; none to the unknown one before it.
    const known = await register(t)
    await t.c.jobs.drain()
    await sink.waitFor((m) => m.envelope.to.includes(known))
    assert.ok(sink.messages.length > before)
    assert.equal(
      sink.messages.filter((m) => m.envelope.to.includes(email)).length,
      0,
      'nothing sent to the unknown address',
    )
  })
})

describe('SMS through Twilio', () => {
  const TWILIO_FROM = '+15550001111'
  let fake: TwilioFake
  let t: TestApp
  before(async () => {
    fake = await startTwilioFake()
    t = await buildTestApp({
      env: {
        ...LIMITS,
        TWILIO_ACCOUNT_SID: fake.credentials.accountSid,
        TWILIO_AUTH_TOKEN: fake.credentials.authToken,
        TWILIO_FROM,
        TWILIO_BASE_URL: fake.baseUrl,
      },
    })
  })
  after(async () => {
    await t?.close()
    await fake?.close()
  })

  async function smsOutbox(tenantId: number) {
    return t.c.scopes.withSystem('test: sms outbox', ({ db }) =>
      db.selectFrom('sms_outbox').select('id').where('tenant_id', '=', tenantId).execute(),
    )
  }

  it('verify-phone/request texts one code through Twilio; confirming it verifies the phone', async () => {
    const phone = '+15551230001'
    const u = await t.newTenant()
    assert.equal((await u.patch('/api/auth/me', { phone })).statusCode, 200)
    const sentBefore = fake.messages.length

    const res = await u.post('/api/auth/verify-phone/request')
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(json(res), { sent: true, expires_in: 600 })
    const mine = fake.messages.slice(sentBefore)
    assert.equal(mine.length, 1, 'exactly one message')
    const sms = mine[0]!
    assert.equal(sms.to, phone)
    assert.equal(sms.from, TWILIO_FROM)
    assert.equal(sms.authUser, fake.credentials.accountSid)
    const code = /^Sextant code: (\d{6})\. It expires in 10 minutes\.$/.exec(sms.body)?.[1]
    assert.ok(code, sms.body)
    assert.deepEqual(await smsOutbox(u.tenantId), [], 'nothing in the outbox')

    const wrong = await u.post('/api/auth/verify-phone/confirm', { code: otherCode(code) })
    assert.equal(wrong.statusCode, 422)
    const ok = await u.post('/api/auth/verify-phone/confirm', { code })
    assert.equal(ok.statusCode, 200, ok.body)
    assert.equal(json(ok).user.phone_verified, true)
    assert.equal(json(ok).user.phone, phone)
    assert.equal(json(await u.get('/api/auth/me')).phone_verified, true)
  })

  it('a Twilio refusal (21211) → 502 upstream problem without internals, sent once', async () => {
    const phone = '+15551230002'
    const u = await t.newTenant()
    assert.equal((await u.patch('/api/auth/me', { phone })).statusCode, 200)
    const requestsBefore = fake.requests.length
    const sentBefore = fake.messages.length
    fake.failNext(400, twilioError(400, 21211, `The 'To' number ${phone} is not a valid phone number.`))

    const res = await u.post('/api/auth/verify-phone/request')
    assert.equal(res.statusCode, 502, res.body)
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/)
    const body = json(res)
    assert.equal(body.status, 502)
    assert.ok(String(body.code).startsWith('upstream.'), body.code)
    assert.equal(body.request_id, res.headers['x-request-id'])
    for (const secret of [
      '21211',
      'valid phone number',
      phone,
      fake.credentials.accountSid,
      '127.0.0.1',
      'stack',
    ]) {
      assert.ok(!res.body.includes(secret), `the answer leaks ${secret}: ${res.body}`)
    }
    assert.equal(fake.requests.length - requestsBefore, 1, 'a refused SMS is not retried')
    assert.equal(fake.messages.length, sentBefore)
    assert.equal(json(await u.get('/api/auth/me')).phone_verified, false)

    // The next attempt goes through and its code verifies.
    const again = await u.post('/api/auth/verify-phone/request')
    assert.equal(again.statusCode, 200, again.body)
    const code = /(\d{6})/.exec(fake.messages.at(-1)?.body ?? '')?.[1]
    assert.ok(code)
    const ok = await u.post('/api/auth/verify-phone/confirm', { code })
    assert.equal(ok.statusCode, 200, ok.body)
    assert.equal(json(ok).user.phone_verified, true)
  })
})
