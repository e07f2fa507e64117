/**
 * POST /email-briefing over real SMTP (the loopback sink): 402 on the free plan and 200 after a plan
 * change, the unsubscribe headers and a multipart text + HTML body, 422 for an unverified address,
 * sections degrading on their own, and the provider's failures as 503 / 502.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { header, htmlOf, startSmtpSink, textOf, type SinkMessage, type SmtpSink } from '../fakes/smtp-sink.ts'
import { assertProblem, json } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { holdAapl, setPlan, verifyEmail } from './briefing-fixtures.ts'
import { RecMarket } from './recommendations-fixtures.ts'

const BASE = 'https://app.sextant.test'
const URL = '/api/trading-intel/email-briefing'
// Tuesday 2026-11-24, 08:30 New York: before the open.
const clock = fixedClock('2026-11-24T13:30:00Z')
const market = new RecMarket({ clock })
market.prices['AAPL'] = 200

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

const mails = (u: Client) => sink.messages.filter((m) => m.envelope.to.includes(u.email))
const mailTo = (u: Client) => sink.waitFor((m: SinkMessage) => m.envelope.to.includes(u.email))

async function proUser(): Promise<Client> {
  const u = await t.newTenant({ plan: 'pro' })
  await verifyEmail(t, u)
  return u
}

describe('POST /email-briefing', () => {
  it('is 402 on the free plan, and 200 once the tenant moves to a plan with email_briefing', async () => {
    const u = await t.newTenant()
    await verifyEmail(t, u)
    const denied = assertProblem(await u.post(URL, {}), 402, 'plan.feature_unavailable')
    assert.equal(denied.feature, 'email_briefing')
    assert.equal(json(await u.get('/api/auth/me/entitlements')).features.email_briefing, false)
    await setPlan(t, u, 'pro')
    assert.equal(json(await u.get('/api/auth/me/entitlements')).features.email_briefing, true)
    const res = await u.post(URL, {})
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(res).recipient, u.email)
  })

  it('arrives over SMTP: multipart text + HTML, List-Unsubscribe (https + mailto) and One-Click', async () => {
    const u = await proUser()
    await holdAapl(u)
    const rec = await t.c.recommendations.record(u.tenantId, {
      symbol: 'MSFT',
      action: 'buy',
      confidence: 0.82,
      rationale: 'r',
      origin: 'committee',
      origin_ref: 'run-1',
      price_at: 400,
    })
    const res = await u.post(URL, { to: 'someone-else@example.test' })
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res)
    const msg = await mailTo(u)
    assert.deepEqual(msg.envelope.to, [u.email]) // `to` is ignored
    assert.equal(body.message_id, header(msg, 'message-id'))
    assert.equal(body.subject, 'Sextant briefing for 2026-11-24')
    assert.equal(header(msg, 'subject'), body.subject)
    assert.match(header(msg, 'content-type') ?? '', /^multipart\/alternative;/)
    const list = header(msg, 'list-unsubscribe') ?? ''
    const m = /^<(https:\/\/[^>]+)>$/.exec(list)
    assert.ok(m, list)
    const https = new globalThis.URL(m[1]!)
    assert.equal(`${https.origin}${https.pathname}`, `${BASE}/api/notifications/unsubscribe`)
    const token = https.searchParams.get('token')!
    assert.match(token, /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/)
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
    assert.deepEqual([claims.t, claims.u, claims.list], [u.tenantId, u.userId, 'briefing'])
    assert.equal(header(msg, 'list-unsubscribe-post'), 'List-Unsubscribe=One-Click')
    // Both parts carry the sections and the visible unsubscribe link.
    const text = textOf(msg) ?? ''
    for (const title of [
      "TODAY'S GAME PLAN",
      'YESTERDAY IN REVIEW',
      'OPEN RECOMMENDATIONS',
      'TOP HOLDINGS MOVES',
    ])
      assert.ok(text.includes(title), text)
    assert.ok(text.includes(`Unsubscribe: ${m[1]}`))
    assert.ok(
      text.includes(
        `BUY MSFT at 400.00, confidence 0.82 (committee, ${rec.recommendation.created_at.slice(0, 10)})`,
      ),
    )
    assert.ok((htmlOf(msg) ?? '').includes('<h2>Open recommendations</h2>'))
    assert.ok((htmlOf(msg) ?? '').includes(`href="${m[1]!.replaceAll('&', '&#38;')}"`))
    assert.deepEqual(
      body.sections.map((s: { key: string }) => s.key),
      ['gameplan', 'eod_review', 'recommendations', 'holdings'],
    )
    const holdings = body.sections.find((s: { key: string }) => s.key === 'holdings')
    assert.equal(holdings.status, 'ok', JSON.stringify(holdings))
    assert.equal(holdings.lines.length, 1)
    assert.match(holdings.lines[0], /^AAPL /)
  })

  it('sends only the sections asked for, in that order; a failing source makes its section unavailable', async () => {
    const u = await proUser()
    await holdAapl(u)
    market.failQuotes = true
    try {
      const res = await u.post(URL, { sections: ['holdings', 'recommendations'] })
      assert.equal(res.statusCode, 200, res.body)
      const b = json(res)
      assert.deepEqual(
        b.sections.map((s: { key: string; status: string; reason: string | null }) => [
          s.key,
          s.status,
          s.reason,
        ]),
        [
          ['holdings', 'unavailable', 'upstream.server'],
          ['recommendations', 'ok', null],
        ],
      )
      assert.equal(b.degraded, true)
      const text = textOf(await mailTo(u)) ?? ''
      assert.ok(text.includes('This section is unavailable right now (upstream.server).'), text)
      assert.ok(!text.includes('GAME PLAN'))
    } finally {
      market.failQuotes = false
    }
  })

  it('refuses an unverified address (422), another tenant account (404) and bad sections (422)', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    assertProblem(await u.post(URL, {}), 422, 'briefing.email_unverified')
    await verifyEmail(t, u)
    const other = await t.newTenant({ plan: 'pro' })
    const theirs = await holdAapl(other)
    assertProblem(await u.post(`${URL}?account_id=${theirs}`, {}), 404, 'accounts.not_found')
    assertProblem(await u.post(URL, { sections: ['weather'] }), 422, 'validation.failed')
    assertProblem(await u.post(URL, { sections: ['holdings', 'holdings'] }), 422, 'validation.failed')
    assert.equal(sink.messages.filter((m) => m.envelope.to.includes(u.email)).length, 0)
  })

  it("holds only the caller's tenant data: another tenant's recommendations stay out of the mail", async () => {
    const u = await proUser()
    const other = await proUser()
    const base = {
      action: 'sell' as const,
      confidence: 0.9,
      rationale: 'r',
      origin: 'manual' as const,
      price_at: 10,
    }
    await t.c.recommendations.record(u.tenantId, { ...base, symbol: 'AMD', origin_ref: 'mine' })
    await t.c.recommendations.record(other.tenantId, { ...base, symbol: 'NFLX', origin_ref: 'theirs' })
    const res = json(await u.post(URL, { sections: ['recommendations'] }))
    assert.deepEqual(res.sections[0].lines, ['SELL AMD at 10.00, confidence 0.90 (manual, 2026-11-24)'])
    const text = textOf(await mailTo(u)) ?? ''
    assert.ok(text.includes('SELL AMD') && !text.includes('NFLX'), text)
  })

  it('allows 10 on-demand sends per user and New York day, then 429 until midnight', async () => {
    const u = await proUser()
    for (let i = 0; i < 10; i++)
      assert.equal((await u.post(URL, { sections: ['recommendations'] })).statusCode, 200)
    const res = await u.post(URL, { sections: ['recommendations'] })
    assertProblem(res, 429, 'briefing.too_many_sends')
    assert.equal(res.headers['retry-after'], String(15.5 * 3600)) // 08:30 → midnight New York
    assert.equal(mails(u).length, 10)
  })

  it('answers 503 when the provider is down for now, 502 when it refuses the message', async () => {
    const u = await proUser()
    sink.failNext(451, 'try later')
    assertProblem(await u.post(URL, { sections: ['recommendations'] }), 503, 'briefing.email_unavailable')
    sink.failNext(550, 'no such user')
    assertProblem(await u.post(URL, { sections: ['recommendations'] }), 502, 'briefing.email_rejected')
  })
})
