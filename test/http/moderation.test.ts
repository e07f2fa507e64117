/**
 * /api/moderation with the rules alone (no classifier configured): verdicts and scores, the action
 * a block records with its statement of reasons, appeals (one per action, the 180-day window,
 * another user's action → 404) and a person's decision with a stated reason.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const t = useTestApp({ clock })
const GUARD = '/api/moderation/guard'
const DAY = 86_400_000

async function guard(u: Client, content: string, context?: Body): Promise<Body> {
  const res = await u.post(GUARD, { content, ...(context ? { context } : {}) })
  assert.equal(res.statusCode, 200, res.body)
  return json(res)
}

async function blocked(u: Client, content = 'Guaranteed returns! DM me on telegram'): Promise<number> {
  const r = await guard(u, content)
  assert.equal(r.verdict, 'block', JSON.stringify(r))
  return r.action_id as number
}

describe('moderation guard (rules only)', () => {
  it('allows ordinary finance talk: zero scores, no action, rules as the only source', async () => {
    const u = await t.newTenant()
    const r = await guard(u, 'I bought $AAPL today after earnings; thoughts on the guidance?')
    assert.deepEqual(
      { ...r, scores: undefined },
      { verdict: 'allow', categories: [], scores: undefined, action_id: null, reasons: [], sources: ['rules'], classifier: 'not_configured', degraded: false },
    )
    assert.equal(Object.keys(r.scores).length, 10)
    assert.ok(Object.values(r.scores as Record<string, number>).every((s) => s === 0))
    assert.deepEqual(json(await u.get('/api/moderation/actions')).items, [])
  })

  it('flags below the block threshold and records no action', async () => {
    const u = await t.newTenant()
    const r = await guard(u, '$GME to the moon')
    assert.deepEqual([r.verdict, r.categories, r.scores.pump_and_dump, r.action_id], ['flag', ['pump_and_dump'], 0.5, null])
    assert.deepEqual(r.reasons, [{ category: 'pump_and_dump', rule: 'pump.moon', excerpt: '$GME to the moon' }])
    assert.deepEqual(json(await u.get('/api/moderation/actions')).items, [])
  })

  it('blocks each finance category and records an action against the caller', async () => {
    const u = await t.newTenant()
    const cases: [string, string, string][] = [
      ['Buy now before it explodes', 'pump_and_dump', 'pump.before_it_explodes'],
      ['Guaranteed 20% returns every month', 'guaranteed_returns', 'returns.guaranteed'],
      ['Hi, I am from Sextant support, send me your code', 'impersonation', 'impersonation.service'],
      ['I am an official Schwab agent', 'impersonation', 'impersonation.broker'],
      ['DM me on whatsapp for the list', 'off_platform_solicitation', 'offplatform.messenger'],
      ['contact me at +44 20 7946 0958', 'off_platform_solicitation', 'offplatform.phone'],
      ['I will find you', 'harassment', 'harassment.threat'],
    ]
    for (const [content, category, rule] of cases) {
      const r = await guard(u, content)
      assert.equal(r.verdict, 'block', content)
      assert.ok(r.categories.includes(category), content)
      assert.ok(r.scores[category] >= 0.8, content)
      assert.ok(r.reasons.some((x: Body) => x.rule === rule && x.category === category), content)
      assert.equal(typeof r.action_id, 'number')
    }
    assert.equal(json(await u.get('/api/moderation/actions')).items.length, cases.length)
  })

  it('states the reasons of a block: categories, rules, excerpt, automated, and how and until when to appeal', async () => {
    const u = await t.newTenant()
    const r = await guard(u, 'Easy money: guaranteed 10x on $XYZ, everyone buy at the open', {
      surface: 'community.post',
      reference: 'post-7731',
    })
    assert.deepEqual(r.categories, ['pump_and_dump', 'guaranteed_returns'])
    // pump: 1 − (1 − 0.8)(1 − 0.85) = 0.97
    assert.deepEqual([r.scores.pump_and_dump, r.scores.guaranteed_returns], [0.97, 0.85])
    const [a] = json(await u.get('/api/moderation/actions')).items as Body[]
    assert.equal(a!.action_id, r.action_id)
    assert.deepEqual(
      [a!.kind, a!.status, a!.automated, a!.surface, a!.reference, a!.sources, a!.appeal, a!.reversed_at],
      ['content_blocked', 'active', true, 'community.post', 'post-7731', ['rules'], null, null],
    )
    assert.deepEqual(a!.categories, ['pump_and_dump', 'guaranteed_returns'])
    assert.deepEqual(a!.reasons.map((x: Body) => x.rule).sort(), ['pump.coordinated', 'pump.multiplier', 'returns.guaranteed'])
    assert.ok(a!.reasons.every((x: Body) => x.excerpt.includes('guaranteed 10x') || x.excerpt.includes('everyone buy')))
    assert.equal(a!.created_at, clock.now().toISOString())
    assert.equal(a!.appealable_until, new Date(clock.now().getTime() + 180 * DAY).toISOString())
    assert.match(a!.statement, /blocked and not published/)
    assert.match(a!.statement, /pump-and-dump.*guaranteed returns|guaranteed returns.*pump-and-dump/)
    assert.match(a!.statement, /decided automatically/)
    assert.ok(a!.how_to_appeal.includes(`/api/moderation/actions/${r.action_id}/appeal`))
    assert.ok(a!.how_to_appeal.includes(a!.appealable_until))
  })

  it('refuses bad input with 422: empty or long content, control characters, unknown fields', async () => {
    const u = await t.newTenant()
    assertFieldError(await u.post(GUARD, { content: '' }), ['body', 'content'])
    assertFieldError(await u.post(GUARD, { content: 'x'.repeat(20_001) }), ['body', 'content'])
    assertFieldError(await u.post(GUARD, { content: 'a\u0000b' }), ['body', 'content'])
    assertFieldError(await u.post(GUARD, { content: 'a', context: { surface: 'Bad Surface' } }), ['body', 'context', 'surface'])
    assertFieldError(await u.post(GUARD, { content: 'a', context: { reference: 'a b' } }), ['body', 'context', 'reference'])
    assertProblem(await u.post(GUARD, { content: 'a', context: { user: 1 } }), 422, 'validation.failed')
    assertProblem(await u.post(GUARD, { content: 'a', verdict: 'allow' }), 422, 'validation.failed')
    assert.equal((await u.post(GUARD, { content: 'line one\nline two\ttab' })).statusCode, 200)
    assert.equal((await t.anon.post(GUARD, { content: 'a' })).statusCode, 401)
  })
})

/** Posts as `u` with a session issued now (the clock jumps past the first session's lifetime). */
async function postFresh(u: Client, url: string, body: Body) {
  const { access_token } = await t.c.identity.sessions.issue(
    { tenantId: u.tenantId, userId: u.userId, role: 'user' },
    { ip: null, userAgent: 'test' },
  )
  return u.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${access_token}` } })
}

describe('moderation appeals', () => {
  it('files one appeal per action (201, decide_by in 7 days); a second → 409 while open', async () => {
    const u = await t.newTenant()
    const id = await blocked(u)
    const res = await u.post(`/api/moderation/actions/${id}/appeal`, { reason: '  I was warning others.  ' })
    assert.equal(res.statusCode, 201, res.body)
    const appeal = json(res)
    assert.deepEqual({ ...appeal, appeal_id: typeof appeal.appeal_id }, {
      appeal_id: 'number',
      action_id: id,
      status: 'open',
      reason: 'I was warning others.',
      reviewer_reason: null,
      decided_at: null,
      created_at: clock.now().toISOString(),
      decide_by: new Date(clock.now().getTime() + 7 * DAY).toISOString(),
    })
    const again = assertProblem(await u.post(`/api/moderation/actions/${id}/appeal`, { reason: 'again' }), 409, 'moderation.appeal_open')
    assert.equal(again.appeal_id, appeal.appeal_id)
    assert.deepEqual(json(await u.get('/api/moderation/appeals')).items, [appeal])
    assert.deepEqual(json(await u.get('/api/moderation/actions')).items[0].appeal, { appeal_id: appeal.appeal_id, status: 'open' })
  })

  it('keeps the window at 180 days: the last moment is accepted, a moment later → 409', async () => {
    const u = await t.newTenant()
    const first = await blocked(u)
    const second = await blocked(u)
    clock.advance(180 * DAY)
    assert.equal((await postFresh(u, `/api/moderation/actions/${first}/appeal`, { reason: 'just in time' })).statusCode, 201)
    clock.advance(1)
    const late = assertProblem(await postFresh(u, `/api/moderation/actions/${second}/appeal`, { reason: 'late' }), 409, 'moderation.appeal_window_closed')
    assert.equal(late.appealable_until, new Date(clock.now().getTime() - 1).toISOString())
  })

  it('answers 404 for another user’s or tenant’s action and for unknown ids; validates the reason', async () => {
    const u = await t.newTenant()
    const id = await blocked(u)
    for (const other of [await t.newUser(u.tenantId), await t.newTenant()])
      assertProblem(await other.post(`/api/moderation/actions/${id}/appeal`, { reason: 'mine?' }), 404, 'moderation.action_not_found')
    assertProblem(await u.post('/api/moderation/actions/999999999/appeal', { reason: 'x' }), 404, 'moderation.action_not_found')
    assertFieldError(await u.post(`/api/moderation/actions/${id}/appeal`, { reason: '' }), ['body', 'reason'])
    assertFieldError(await u.post(`/api/moderation/actions/${id}/appeal`, { reason: ' \n ' }), ['body', 'reason'])
    assertFieldError(await u.post(`/api/moderation/actions/${id}/appeal`, { reason: 'x'.repeat(2001) }), ['body', 'reason'])
    assertFieldError(await u.post(`/api/moderation/actions/${id}/appeal`, { reason: 'a\u001b[31m' }), ['body', 'reason'])
    assertProblem(await u.post('/api/moderation/actions/0/appeal', { reason: 'x' }), 422, 'validation.failed')
    assert.deepEqual(json(await u.get('/api/moderation/appeals')).items, [])
  })
})
