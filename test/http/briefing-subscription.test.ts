/**
 * Briefing subscriptions, the one-click unsubscribe (RFC 8058) and the scheduled job, over SMTP:
 * the job sends once per subscription and New York day, skips plans without the feature, retries a
 * failed delivery, and sends nothing after a one-click POST.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { briefingModule, JOB_BRIEFING_SEND_DUE } from '../../src/modules/trading-intel/briefing/index.ts'
import { fixedClock } from '../../src/platform/clock.ts'
import { header, startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts'
import { assertFieldError, assertProblem, json } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { holdAapl, setPlan, verifyEmail } from './briefing-fixtures.ts'
import { bearer } from './options-flow-fixtures.ts'
import { RecMarket } from './recommendations-fixtures.ts'

const BASE = 'https://app.sextant.test'
const SUB = '/api/trading-intel/email-briefing/subscription'
const UNSUB = '/api/trading-intel/email-briefing/unsubscribe'
// Tuesday 2026-11-24 in New York (EST, UTC−5).
const at = (day: string, hhmm: string) =>
  `${day}T${String(Number(hhmm.slice(0, 2)) + 5).padStart(2, '0')}:${hhmm.slice(3)}:00Z`
const clock = fixedClock(at('2026-11-24', '07:00'))
const market = new RecMarket({ clock })

let sink: SmtpSink
let t: TestApp
before(async () => {
  sink = await startSmtpSink()
  t = await buildTestApp({
    clock,
    providers: { market },
    env: { SMTP_URL: sink.url, EMAIL_FROM: 'Sextant <no-reply@sextant.test>', PUBLIC_BASE_URL: BASE },
  })
})
after(async () => {
  await t?.close()
  await sink?.close()
})

/** A request with a token fresh at the clock's time (tests move the clock by hours). */
const get = async (u: Client, url: string) => u.get(url, await bearer(t, u))
const put = async (u: Client, url: string, body: unknown) =>
  u.inject({ method: 'PUT', url, payload: body as object, headers: await bearer(t, u) })
const mails = (u: Client) => sink.messages.filter((m) => m.envelope.to.includes(u.email))
const run = () => t.c.briefing.job.sendDue()

async function subscriber(sendAt = '08:30'): Promise<Client> {
  const u = await t.newTenant({ plan: 'pro' })
  await verifyEmail(t, u)
  const res = await put(u, SUB, { enabled: true, send_at: sendAt })
  assert.equal(res.statusCode, 200, res.body)
  return u
}

/** The one-click URI of the latest mail to `u` (the notifications list `briefing`). */
function linkOf(u: Client): URL {
  const list = header(mails(u).at(-1)!, 'list-unsubscribe') ?? ''
  return new URL(/^<(https:[^>]+)>$/.exec(list)![1]!)
}

/** The subscription's own token, which the links of mails sent before the notifications list carry. */
async function tokenOf(u: Client): Promise<string> {
  return (await t.c.briefing.subscriptions.forMail(u.tenantId, u.userId)).token
}

describe('subscription', () => {
  it('GET answers the defaults; PUT is 402 without the plan feature', async () => {
    clock.set(at('2026-11-24', '07:00'))
    const u = await t.newTenant()
    assert.deepEqual(json(await get(u, SUB)), {
      enabled: false,
      account_id: null,
      send_at: '08:30',
      entitled: false,
      last_sent_on: null,
      unsubscribed_at: null,
      created_at: null,
      updated_at: null,
    })
    assertProblem(await put(u, SUB, { enabled: true }), 402, 'plan.feature_unavailable')
  })

  it('PUT stores enabled, account and a bounded send time; other tenants see only their own', async () => {
    clock.set(at('2026-11-24', '07:00'))
    const u = await subscriber('09:25')
    const account = await holdAapl(u)
    const saved = json(await put(u, SUB, { enabled: true, account_id: account }))
    assert.deepEqual(
      [saved.enabled, saved.account_id, saved.send_at, saved.entitled],
      [true, account, '09:25', true],
    )
    for (const bad of ['09:30', '04:55', '08:31', '8:30'])
      assertFieldError(await put(u, SUB, { enabled: true, send_at: bad }), ['body', 'send_at'])
    const other = await t.newTenant({ plan: 'pro' })
    const theirs = await holdAapl(other)
    assertProblem(await put(u, SUB, { enabled: true, account_id: theirs }), 404, 'accounts.not_found')
    assert.equal(json(await get(other, SUB)).created_at, null)
    assert.equal(json(await get(u, SUB)).account_id, account)
  })
})

describe('the scheduled job', () => {
  it('sends at send_at on trading days, once per day whatever reruns', async () => {
    clock.set(at('2026-11-24', '07:00'))
    const u = await subscriber('08:30')
    clock.set(at('2026-11-24', '08:25'))
    await run()
    assert.equal(mails(u).length, 0, 'not before send_at')
    clock.set(at('2026-11-24', '08:30'))
    await run()
    assert.equal(mails(u).length, 1)
    clock.set(at('2026-11-24', '08:35'))
    await run()
    await run()
    assert.equal(mails(u).length, 1, 'a rerun the same day sends nothing')
    assert.equal(json(await get(u, SUB)).last_sent_on, '2026-11-24')
    clock.set(at('2026-11-26', '08:30')) // Thanksgiving: markets closed
    await run()
    assert.equal(mails(u).length, 1)
    clock.set(at('2026-11-27', '08:30'))
    await run()
    assert.equal(mails(u).length, 2, 'the next trading day sends again')
  })

  it('is registered as briefing.send-due every 5 minutes 05:00–09:55 New York on weekdays, and runs sendDue', async () => {
    const jobs = briefingModule.jobs!(t.c.briefing)
    assert.deepEqual(
      jobs.map((j) => [j.name, j.schedule]),
      [[JOB_BRIEFING_SEND_DUE, { cron: '*/5 5-9 * * 1-5', tz: 'America/New_York' }]],
    )
    clock.set(at('2026-11-25', '07:00'))
    const u = await subscriber('09:10')
    clock.set(at('2026-11-25', '09:10'))
    await jobs[0]!.run(undefined as never)
    assert.equal(mails(u).length, 1)
  })

  it('skips a tenant whose plan lost the feature, and retries a failed delivery on the next run', async () => {
    clock.set(at('2026-11-30', '07:00'))
    const lapsed = await subscriber('08:30')
    await setPlan(t, lapsed, 'free')
    clock.set(at('2026-11-30', '08:30'))
    await run()
    assert.equal(mails(lapsed).length, 0)

    clock.set(at('2026-11-30', '07:00'))
    const u = await subscriber('09:00')
    clock.set(at('2026-11-30', '09:00'))
    sink.failNext(451, 'busy')
    const first = await run()
    assert.equal(first.failed, 1)
    assert.equal(mails(u).length, 0)
    clock.set(at('2026-11-30', '09:05'))
    await run()
    assert.equal(mails(u).length, 1, 'the claim was given back and the next run sent it')
  })
})

describe('one-click unsubscribe', () => {
  it('mails carry the notifications list link: its POST turns the subscription off and the job sends nothing', async () => {
    clock.set(at('2026-12-08', '07:00'))
    const u = await subscriber('08:30')
    clock.set(at('2026-12-08', '08:30'))
    await run()
    const link = linkOf(u)
    assert.equal(link.pathname, '/api/notifications/unsubscribe')
    assert.equal(header(mails(u).at(-1)!, 'list-unsubscribe-post'), 'List-Unsubscribe=One-Click')
    const preview = json(await t.anon.get(`${link.pathname}${link.search}`))
    assert.deepEqual([preview.list, preview.unsubscribed], ['briefing', false])
    assert.equal(json(await get(u, SUB)).enabled, true, 'the GET changed nothing')
    const res = await t.anon.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(await get(u, SUB)).enabled, false)
    clock.set(at('2026-12-09', '08:30'))
    await run()
    assert.equal(mails(u).length, 1, 'nothing after the unsubscribe')
  })

  it('a GET shows a page and changes nothing; the urlencoded POST unsubscribes, idempotently; then the job sends nothing', async () => {
    clock.set(at('2026-12-01', '07:00'))
    const u = await subscriber('08:30')
    clock.set(at('2026-12-01', '08:30'))
    await run()
    const token = await tokenOf(u)
    const page = await t.anon.get(`${UNSUB}?token=${token}`)
    assert.equal(page.statusCode, 200)
    assert.match(String(page.headers['content-type']), /^text\/html/)
    assert.match(page.body, /<form id="unsubscribe" method="post">/)
    assert.equal(json(await get(u, SUB)).enabled, true)

    const post = () =>
      t.anon.inject({
        method: 'POST',
        url: `${UNSUB}?token=${token}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    const res = await post()
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.headers['location'], undefined)
    assert.equal(res.headers['set-cookie'], undefined)
    const first = json(res)
    assert.equal(first.unsubscribed, true)
    const again = await post()
    assert.deepEqual(json(again), first)
    const sub = json(await get(u, SUB))
    assert.deepEqual([sub.enabled, sub.unsubscribed_at], [false, first.unsubscribed_at])

    clock.set(at('2026-12-02', '08:30'))
    await run()
    assert.equal(mails(u).length, 1, 'nothing after the unsubscribe')
    // Subscribing again clears it.
    const back = json(await put(u, SUB, { enabled: true }))
    assert.deepEqual([back.enabled, back.unsubscribed_at], [true, null])
  })

  it('takes the multipart/form-data POST RFC 8058 recommends; unknown tokens are 404, malformed 422', async () => {
    clock.set(at('2026-12-03', '07:00'))
    const u = await subscriber('08:30')
    clock.set(at('2026-12-03', '08:30'))
    await run()
    const token = await tokenOf(u)
    const res = await t.anon.inject({
      method: 'POST',
      url: `${UNSUB}?token=${token}`,
      payload:
        '--b1\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b1--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b1' },
    })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(await get(u, SUB)).enabled, false)
    // A quoted boundary, a file part, a part without headers, no boundary: each is still the one-click POST.
    const fields = '--XyZ\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n'
    const file = '--XyZ\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\nfile\r\n'
    for (const [payload, type] of [
      [`${fields}${file}--XyZ--\r\n`, 'multipart/form-data; boundary="XyZ"'],
      [`${fields}${file}--XyZ\r\nno blank line here\r\n--XyZ--\r\n`, 'multipart/form-data; boundary=XyZ'],
      [`${fields}--XyZ--\r\n`, 'multipart/form-data'],
    ] as const) {
      const again = await t.anon.inject({
        method: 'POST',
        url: `${UNSUB}?token=${token}`,
        payload,
        headers: { 'content-type': type },
      })
      assert.equal(again.statusCode, 200, `${type}: ${again.body}`)
      assert.equal(json(again).unsubscribed, true)
    }
    const forged = `${u.tenantId}.${'A'.repeat(43)}`
    assertProblem(await t.anon.post(`${UNSUB}?token=${forged}`), 404, 'briefing.unsubscribe_token_unknown')
    assertFieldError(await t.anon.post(`${UNSUB}?token=nope`), ['query', 'token'])
  })
})
