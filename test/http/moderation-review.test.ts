/**
 * The review of moderation appeals under /api/admin/moderation/appeals: the queue, a person's
 * decision with a stated reason (required), reversing lifts the action, a decision is final, an
 * appellant never decides their own appeal, administrators only.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const t = useTestApp({ clock })
const QUEUE = '/api/admin/moderation/appeals'

async function appealed(u: Client, reason = 'I was quoting a scam to warn people'): Promise<{ action: number; appeal: number }> {
  clock.advance(1000)
  const g = json(await u.post('/api/moderation/guard', { content: 'I am an official Schwab agent, DM me on telegram' }))
  assert.equal(g.verdict, 'block')
  const res = await u.post(`/api/moderation/actions/${g.action_id}/appeal`, { reason })
  assert.equal(res.statusCode, 201, res.body)
  return { action: g.action_id as number, appeal: json(res).appeal_id as number }
}

const decide = (admin: Client, id: number, body: Body) => admin.post(`${QUEUE}/${id}/decide`, body)

describe('moderation appeal review (administrators)', () => {
  it('lists open appeals soonest due first, with the action’s grounds', async () => {
    const u = await t.newTenant()
    const admin = await t.newUser(u.tenantId, { role: 'admin' })
    const a = await appealed(u)
    const b = await appealed(u, 'second')
    const items = json(await admin.get(QUEUE)).items as Body[]
    assert.deepEqual(items.map((i) => i.appeal_id), [a.appeal, b.appeal])
    assert.deepEqual([items[0]!.user_id, items[0]!.status, items[0]!.reviewer_user_id], [u.userId, 'open', null])
    assert.deepEqual(items[0]!.action.categories, ['impersonation', 'off_platform_solicitation'])
    assert.deepEqual(items[0]!.action.reasons.map((r: Body) => r.rule), ['impersonation.broker', 'offplatform.messenger'])
    assert.deepEqual(json(await admin.get(`${QUEUE}?status=upheld`)).items, [])
    assertProblem(await admin.get(`${QUEUE}?status=pending`), 422, 'validation.failed')
  })

  it('reverses with a stated reason: the appellant sees it and the action is lifted', async () => {
    const u = await t.newTenant()
    const admin = await t.newUser(u.tenantId, { role: 'admin' })
    const { action, appeal } = await appealed(u)
    clock.advance(60_000)
    const res = await decide(admin, appeal, { decision: 'reverse', reason: 'Quoted to warn readers; it promotes nothing.' })
    assert.equal(res.statusCode, 200, res.body)
    const d = json(res)
    assert.deepEqual(
      [d.status, d.reviewer_reason, d.reviewer_user_id, d.decided_at],
      ['reversed', 'Quoted to warn readers; it promotes nothing.', admin.userId, clock.now().toISOString()],
    )
    const mine = json(await u.get('/api/moderation/appeals')).items[0]
    assert.deepEqual([mine.status, mine.reviewer_reason, mine.decided_at], ['reversed', d.reviewer_reason, d.decided_at])
    const act = json(await u.get('/api/moderation/actions')).items.find((x: Body) => x.action_id === action)
    assert.deepEqual([act.status, act.reversed_at, act.appeal], ['reversed', clock.now().toISOString(), { appeal_id: appeal, status: 'reversed' }])
    // Final: no second decision, no second appeal.
    assertProblem(await decide(admin, appeal, { decision: 'uphold', reason: 'changed my mind' }), 409, 'moderation.appeal_decided')
    assertProblem(await u.post(`/api/moderation/actions/${action}/appeal`, { reason: 'again' }), 409, 'moderation.appeal_decided')
    assert.deepEqual(json(await admin.get(`${QUEUE}?status=reversed`)).items.map((i: Body) => i.appeal_id), [appeal])
  })

  it('upholds with a stated reason: the action stands', async () => {
    const u = await t.newTenant()
    const admin = await t.newUser(u.tenantId, { role: 'admin' })
    const { action, appeal } = await appealed(u)
    const d = json(await decide(admin, appeal, { decision: 'uphold', reason: 'Offers a private channel for paid signals.' }))
    assert.equal(d.status, 'upheld')
    const act = json(await u.get('/api/moderation/actions')).items.find((x: Body) => x.action_id === action)
    assert.deepEqual([act.status, act.reversed_at, act.appeal.status], ['active', null, 'upheld'])
    assert.deepEqual(json(await admin.get(QUEUE)).items, [])
  })

  it('requires a reason and a known decision; refuses the appellant deciding their own appeal', async () => {
    const u = await t.newTenant({ role: 'admin' })
    const { appeal } = await appealed(u)
    assertFieldError(await decide(u, appeal, { decision: 'reverse' }), ['body', 'reason'])
    assertFieldError(await decide(u, appeal, { decision: 'reverse', reason: '' }), ['body', 'reason'])
    assertFieldError(await decide(u, appeal, { decision: 'reverse', reason: '   ' }), ['body', 'reason'])
    assertFieldError(await decide(u, appeal, { decision: 'reverse', reason: 'a\u0000' }), ['body', 'reason'])
    assertFieldError(await decide(u, appeal, { decision: 'dismiss', reason: 'x' }), ['body', 'decision'])
    assertProblem(await decide(u, appeal, { decision: 'reverse', reason: 'mine, so reversed' }), 403, 'moderation.own_appeal')
    assertProblem(await decide(u, 999999999, { decision: 'reverse', reason: 'x' }), 404, 'moderation.appeal_not_found')
    assert.equal(json(await u.get('/api/moderation/appeals')).items[0].status, 'open')
    const colleague = await t.newUser(u.tenantId, { role: 'admin' })
    assert.equal((await decide(colleague, appeal, { decision: 'reverse', reason: 'ok' })).statusCode, 200)
  })

  it('is for administrators only, and per tenant unless tenant_id names another', async () => {
    const u = await t.newTenant()
    const { appeal } = await appealed(u)
    assertProblem(await u.get(QUEUE), 403, 'auth.admin_required')
    assertProblem(await decide(u, appeal, { decision: 'reverse', reason: 'x' }), 403, 'auth.admin_required')
    const outside = await t.newTenant({ role: 'admin' })
    assert.deepEqual(json(await outside.get(QUEUE)).items, [])
    assertProblem(await decide(outside, appeal, { decision: 'reverse', reason: 'x' }), 404, 'moderation.appeal_not_found')
    assert.equal(json(await outside.get(`${QUEUE}?tenant_id=${u.tenantId}`)).items.length, 1)
    assert.equal(json(await u.get('/api/moderation/appeals')).items[0].status, 'open')
  })
})
