/**
 * One-click unsubscribe (RFC 8058) end to end over real SMTP: the message read off the sink
 * carries List-Unsubscribe (one https URL with a signed token) and List-Unsubscribe-Post; the GET
 * changes nothing (JSON, or a page for a browser); the POST — urlencoded, multipart or no body,
 * no cookie — suppresses the list, answers 200 directly and idempotently; the next e-mail on that
 * list is `suppressed` in the trace. Bad, altered and expired tokens are 422.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { PAGE_CSP } from '../../src/platform/http/pages.ts'
import { header, startSmtpSink, textOf, type SmtpSink } from '../fakes/smtp-sink.ts'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { verifyEmail } from './briefing-fixtures.ts'

const BASE = 'https://app.sextant.test'
const clock = fixedClock('2026-11-24T15:00:00Z')
let sink: SmtpSink
let t: TestApp
before(async () => {
  sink = await startSmtpSink()
  t = await buildTestApp({
    clock,
    env: { SMTP_URL: sink.url, EMAIL_FROM: 'Sextant <no-reply@sextant.test>', PUBLIC_BASE_URL: BASE },
  })
})
after(async () => {
  await t?.close()
  await sink?.close()
})

let seq = 0
async function mailed(u: Client, title: string): Promise<Body> {
  const res = await u.post(
    '/api/notifications',
    { title, body: 'Body', channels: ['email'] },
    { 'idempotency-key': `u-${++seq}` },
  )
  assert.equal(res.statusCode, 202, res.body)
  await t.c.jobs.drain()
  const n = json(await u.get(`/api/notifications/${json(res).notification_id}`))
  return n.deliveries[0]
}
const invalid = (res: { statusCode: number; body: string }) =>
  assert.deepEqual(assertProblem(res, 422, 'notifications.unsubscribe_token_invalid').errors[0].loc, [
    'query',
    'token',
  ])
const suppressions = async (u: Client) => json(await u.get('/api/notifications/suppressions')).items as Body[]
const oneClick = (url: string, payload: string | undefined, type?: string) =>
  t.anon.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: type ? { 'content-type': type } : {},
  })

describe('one-click unsubscribe', () => {
  it('puts both headers on the mail; GET changes nothing; POST suppresses; the next mail is suppressed', async () => {
    const u = await t.newTenant()
    await verifyEmail(t, u)
    assert.equal((await mailed(u, 'First')).status, 'sent')
    const msg = await sink.waitFor((m) => m.envelope.to.includes(u.email) && header(m, 'subject') === 'First')
    const list = header(msg, 'list-unsubscribe') ?? ''
    const m = /^<(https:\/\/[^>]+)>$/.exec(list)
    assert.ok(m, list)
    assert.equal(header(msg, 'list-unsubscribe-post'), 'List-Unsubscribe=One-Click')
    const link = new URL(m[1]!)
    assert.equal(`${link.origin}${link.pathname}`, `${BASE}/api/notifications/unsubscribe`)
    assert.ok((textOf(msg) ?? '').includes(`Unsubscribe: ${m[1]}`), 'a visible link in the body too')
    const url = `${link.pathname}${link.search}`

    const preview = await t.anon.get(url)
    assert.equal(preview.statusCode, 200, preview.body)
    assert.deepEqual(
      { ...json(preview), expires_at: undefined },
      {
        next_action: 'post_to_confirm',
        method: 'POST',
        list: 'api',
        channel: 'email',
        unsubscribed: false,
        expires_at: undefined,
      },
    )
    assert.equal(json(preview).expires_at, '2027-05-23T15:00:00.000Z')
    const page = await t.anon.get(url, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' })
    assert.match(String(page.headers['content-type']), /^text\/html/)
    assert.equal(page.headers['content-security-policy'], PAGE_CSP)
    assert.match(page.body, /<form id="unsubscribe" method="post">/)
    assert.deepEqual(await suppressions(u), [], 'the GETs changed nothing')

    const res = await oneClick(url, 'List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded')
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.headers['location'], undefined)
    assert.equal(res.headers['set-cookie'], undefined)
    const done = json(res)
    const [sup] = await suppressions(u)
    assert.deepEqual(sup, {
      suppression_id: done.suppression_id,
      channel: 'email',
      recipient: u.email.toLowerCase(),
      reason: 'unsubscribe',
      list: 'api',
      created_at: done.created_at,
    })
    const multipart =
      '--b1\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b1--\r\n'
    assert.deepEqual(json(await oneClick(url, multipart, 'multipart/form-data; boundary=b1')), done)
    assert.deepEqual(json(await oneClick(url, undefined)), done)
    assert.equal((await suppressions(u)).length, 1)
    assert.equal(json(await t.anon.get(url)).unsubscribed, true)

    const next = await mailed(u, 'Second')
    assert.equal(next.status, 'suppressed')
    assert.deepEqual([next.detail.suppression_id, next.detail.reason], [done.suppression_id, 'unsubscribe'])
    assert.equal(sink.messages.filter((x) => header(x, 'subject') === 'Second').length, 0)
  })

  it('refuses a bad, altered or expired token with 422 on GET and POST', async () => {
    const u = await t.newTenant()
    const { url } = t.c.notifications.unsubscribeLink(u.tenantId, u.userId, 'alerts')
    const path = new URL(url)
    const token = path.searchParams.get('token')!
    const [v, payload, tag] = token.split('.')
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), u: u.userId + 1 }),
    ).toString('base64url')
    for (const bad of [
      'nope',
      `${v}.${other}.${tag}`,
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    ]) {
      const q = `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`
      invalid(await t.anon.get(q))
      invalid(await oneClick(q, 'List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded'))
    }
    clock.advance(181 * 86_400_000)
    invalid(await oneClick(`${path.pathname}${path.search}`, undefined))
    clock.advance(-181 * 86_400_000)
    assert.equal((await oneClick(`${path.pathname}${path.search}`, undefined)).statusCode, 200)
  })
})
