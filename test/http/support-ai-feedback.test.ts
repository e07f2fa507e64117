/**
 * Feedback and training candidates (thresholds: helpful=false or rating ≤ 2 queue one; rating 3
 * does not; PII redacted), their admin review, and the disclosure (current version only, idempotent
 * with accepted_at moving forward).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertProblem, json } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { ALLOWED, BASE, counts } from './support-ai-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const t = useTestApp({ clock })
const SSE = { accept: 'text/event-stream' }

async function conversationWithAnswer(u: Client): Promise<number> {
  const id = json(await u.post(`${BASE}/conversations`, {})).conversation_id as number
  const res = await u.post(`${BASE}/conversations/${id}/messages`, { content: ALLOWED }, SSE)
  assert.match(res.body, /event: done/)
  return id
}
const feedback = (u: Client, id: number, body: unknown) => u.post(`${BASE}/conversations/${id}/feedback`, body)

describe('feedback', () => {
  it('rating 2 queues a candidate, rating 3 does not, helpful=false does; at least one field', async () => {
    const u = await t.newTenant()
    const id = await conversationWithAnswer(u)
    const two = json(await feedback(u, id, { rating: 2 }))
    assert.equal(typeof two.training_candidate_id, 'number')
    const three = json(await feedback(u, id, { rating: 3, helpful: true }))
    assert.equal(three.training_candidate_id, null)
    assert.equal(typeof three.feedback_id, 'number')
    const unhelpful = json(await feedback(u, id, { helpful: false }))
    assert.equal(typeof unhelpful.training_candidate_id, 'number')
    const one = json(await feedback(u, id, { rating: 1, helpful: true }))
    assert.equal(typeof one.training_candidate_id, 'number')
    const c = await counts(t, u.tenantId)
    assert.equal(c.support_feedback, 4)
    assert.equal(c.support_training_candidate, 3)
    assertProblem(await feedback(u, id, {}), 422, 'support.feedback_empty')
    assert.equal((await feedback(u, id, { rating: 6 })).statusCode, 422)
    assert.equal((await feedback(u, id, { rating: 0 })).statusCode, 422)
    assert.equal((await feedback(u, id, { comment: 'x'.repeat(2001) })).statusCode, 422)
    assertProblem(await feedback(u, id, { rating: 1, message_id: 999_999_999 }), 404, 'support.message_not_found')
  })

  it('the candidate holds the comment with PII redacted, queued, and the exchange it is about', async () => {
    const admin = await t.newTenant({ role: 'admin' })
    const id = await conversationWithAnswer(admin)
    const comment =
      'Useless. Mail me at jane.doe@example.com or call +44 20 7946 0958; card 4111 1111 1111 1111, ' +
      'IBAN GB82 WEST 1234 5698 7654 32.'
    const out = json(await feedback(admin, id, { helpful: false, rating: 1, comment }))
    const list = json(await admin.get('/api/admin/support/training-candidates?status=queued'))
    assert.equal(list.items.length, 1)
    const cand = list.items[0]
    assert.equal(cand.candidate_id, out.training_candidate_id)
    assert.equal(cand.candidate_type, 'negative_feedback')
    assert.equal(cand.status, 'queued')
    assert.equal(cand.conversation_id, id)
    assert.equal(cand.question, ALLOWED)
    assert.ok(cand.answer.length > 20)
    for (const leaked of ['jane.doe@example.com', '7946 0958', '4111 1111 1111 1111', 'GB82'])
      assert.ok(!cand.comment.includes(leaked), `${leaked} redacted in ${cand.comment}`)
    for (const placeholder of ['[email]', '[phone]', '[card]', '[iban]'])
      assert.ok(cand.comment.includes(placeholder), `${placeholder} in ${cand.comment}`)
    const kinds = Object.fromEntries(cand.pii_found.map((f: { kind: string; count: number }) => [f.kind, f.count]))
    assert.deepEqual([kinds.email, kinds.phone, kinds.card, kinds.iban], [1, 1, 1, 1])
    // The feedback row itself keeps what the user wrote (it is theirs; the candidate is what reviewers see).
  })

  it('admin approve / reject: decided once (409 after), unknown 404, users 403', async () => {
    const admin = await t.newTenant({ role: 'admin' })
    const user = await t.newUser(admin.tenantId)
    const id = await conversationWithAnswer(admin)
    const a = json(await feedback(admin, id, { rating: 1 })).training_candidate_id
    const b = json(await feedback(admin, id, { helpful: false })).training_candidate_id
    const path = (c: number, d: string) => `/api/admin/support/training-candidates/${c}/${d}`
    const approved = json(await admin.post(path(a, 'approve'), { note: 'Article fixed' }))
    assert.equal(approved.status, 'approved')
    assert.equal(approved.reviewer_id, admin.userId)
    assert.equal(approved.review_note, 'Article fixed')
    assert.equal(approved.reviewed_at, clock.now().toISOString())
    assert.equal(json(await admin.post(path(b, 'reject'), {})).status, 'rejected')
    assertProblem(await admin.post(path(a, 'reject'), {}), 409, 'support.candidate_decided')
    assertProblem(await admin.post(path(999_999, 'approve'), {}), 404, 'support.candidate_not_found')
    assert.equal((await user.post(path(a, 'approve'), {})).statusCode, 403)
    assert.equal((await user.get('/api/admin/support/training-candidates')).statusCode, 403)
    const rejected = json(await admin.get('/api/admin/support/training-candidates?status=rejected'))
    assert.deepEqual(rejected.items.map((c: { candidate_id: number }) => c.candidate_id), [b])
  })
})

describe('disclosure', () => {
  it('status before, accept the current version only, accept again moves accepted_at forward', async () => {
    const u = await t.newTenant()
    const before = json(await u.get(`${BASE}/disclosure/status`))
    assert.equal(before.accepted, false)
    assert.equal(before.accepted_version, null)
    assert.equal(before.accepted_at, null)
    assert.ok(before.text.length > 100)
    const version = before.current_version as string
    assertProblem(await u.post(`${BASE}/disclosure/accept`, { version: '1999-01' }), 422, 'support.disclosure_version')
    assert.equal((await u.post(`${BASE}/disclosure/accept`, { version: 'a b' })).statusCode, 422)
    const first = json(await u.post(`${BASE}/disclosure/accept`, { version }))
    assert.deepEqual(first, { version, accepted_at: clock.now().toISOString() })
    clock.advance(600_000)
    const second = json(await u.post(`${BASE}/disclosure/accept`, { version }))
    assert.deepEqual(second, { version, accepted_at: clock.now().toISOString() })
    const after = json(await u.get(`${BASE}/disclosure/status`))
    assert.deepEqual(
      { accepted: after.accepted, accepted_version: after.accepted_version, accepted_at: after.accepted_at },
      { accepted: true, accepted_version: version, accepted_at: clock.now().toISOString() },
    )
    const colleague = await t.newUser(u.tenantId)
    assert.equal(json(await colleague.get(`${BASE}/disclosure/status`)).accepted, false)
  })
})
