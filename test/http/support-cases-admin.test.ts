/**
 * Support's side of the cases (/api/admin/support/cases): list with filters, internal notes that
 * never reach the customer, public replies (pending + an in-app notification), status transitions
 * (invalid → 409 naming the allowed ones; closed is final), administrators only.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const t = useTestApp({ clock })
const BASE = '/api/support/ai/cases'
const ADMIN = '/api/admin/support/cases'

async function open(u: Client, body: Body = {}): Promise<number> {
  clock.advance(1000)
  const res = await u.post(BASE, { subject: 'Sync stopped', body: 'Since Friday.', ...body })
  assert.equal(res.statusCode, 200, res.body)
  return json(res).case_id as number
}

const inbox = async (u: Client) => json(await u.get('/api/alerts/in-app')).items as Body[]

describe('support cases (administrators)', () => {
  it('keeps internal notes from the customer: absent from the case, its comment_count and the list', async () => {
    const u = await t.newTenant()
    const admin = await t.newUser(u.tenantId, { role: 'admin' })
    const id = await open(u)
    clock.advance(1000)
    const note = await admin.post(`${ADMIN}/${id}/comments`, { body: 'Token refresh failed: invalid_grant', public: false })
    assert.equal(note.statusCode, 200, note.body)
    assert.deepEqual(
      { ...json(note), comment_id: 0 },
      {
        comment_id: 0,
        author: 'support',
        author_user_id: admin.userId,
        public: false,
        body: 'Token refresh failed: invalid_grant',
        created_at: clock.now().toISOString(),
      },
    )
    const seen = json(await u.get(`${BASE}/${id}`))
    assert.deepEqual(seen.comments, [])
    assert.equal(seen.status, 'open', 'a note changes nothing the customer sees')
    assert.ok(!JSON.stringify(seen).includes('invalid_grant'))
    assert.equal(json(await u.get(BASE)).items[0].comment_count, 0)
    assert.deepEqual(await inbox(u), [], 'no notification for a note')
    // Support sees both.
    const full = json(await admin.get(`${ADMIN}/${id}`))
    assert.deepEqual(full.comments.map((c: Body) => c.public), [false])
    const item = json(await admin.get(ADMIN)).items.find((i: Body) => i.case_id === id)
    assert.deepEqual([item.comment_count, item.internal_count, item.user_id], [0, 1, u.userId])
  })

  it('a public reply reaches the customer, makes an open case pending and sends an in-app notification', async () => {
    const u = await t.newTenant()
    const admin = await t.newUser(u.tenantId, { role: 'admin' })
    const id = await open(u, { subject: 'Where is my dividend?' })
    await admin.post(`${ADMIN}/${id}/comments`, { body: 'internal', public: false })
    clock.advance(1000)
    const reply = json(await admin.post(`${ADMIN}/${id}/comments`, { body: 'It pays on the 28th.', public: true }))
    const seen = json(await u.get(`${BASE}/${id}`))
    assert.deepEqual(seen.comments, [
      { comment_id: reply.comment_id, author: 'support', body: 'It pays on the 28th.', created_at: clock.now().toISOString() },
    ])
    assert.equal(seen.status, 'pending')
    assert.equal(json(await u.get(BASE)).items[0].comment_count, 1)
    const items = await inbox(u)
    assert.equal(items.length, 1)
    assert.deepEqual([items[0]!.title, items[0]!.body, items[0]!.url], [
      'Support replied to your case',
      'Where is my dividend?',
      `/app/support/cases/${id}`,
    ])
    assert.deepEqual(await inbox(admin), [])
    // The customer's answer reopens it.
    await u.post(`${BASE}/${id}/comments`, { body: 'Thanks' })
    assert.equal(json(await admin.get(`${ADMIN}/${id}`)).status, 'open')
  })

  it('validates transitions: invalid → 409 with the allowed ones, same status a no-op, closed final', async () => {
    const u = await t.newTenant()
    const admin = await t.newUser(u.tenantId, { role: 'admin' })
    const id = await open(u)
    const to = (status: string) => admin.patch(`${ADMIN}/${id}`, { status })
    const ok = json(await to('resolved'))
    assert.deepEqual([ok.status, ok.allowed_statuses], ['resolved', ['open', 'closed']])
    const bad = assertProblem(await to('pending'), 409, 'support.case_transition_invalid')
    assert.deepEqual([bad.from, bad.to, bad.allowed], ['resolved', 'pending', ['open', 'closed']])
    assert.match(bad.detail as string, /allowed: open, closed/)
    const before = json(await admin.get(`${ADMIN}/${id}`)).updated_at
    clock.advance(60_000)
    assert.equal(json(await to('resolved')).updated_at, before, 'the same status changes nothing')
    assert.equal(json(await to('closed')).status, 'closed')
    for (const s of ['open', 'pending', 'resolved']) {
      const p = assertProblem(await to(s), 409, 'support.case_transition_invalid')
      assert.deepEqual(p.allowed, [])
    }
    assertProblem(await admin.post(`${ADMIN}/${id}/comments`, { body: 'late', public: false }), 409, 'support.case_closed')
    assertFieldError(await to('archived'), ['body', 'status'])
    assertProblem(await admin.patch(`${ADMIN}/${id}`, {}), 422, 'validation.failed')
  })

  it('filters the tenant’s list by status, category and customer; other tenants only by tenant_id', async () => {
    const u = await t.newTenant()
    const other = await t.newUser(u.tenantId)
    const admin = await t.newUser(u.tenantId, { role: 'admin' })
    const a = await open(u, { category: 'billing' })
    const b = await open(other, { category: 'bug' })
    const ids = async (q: string) => json(await admin.get(`${ADMIN}?${q}`)).items.map((i: Body) => i.case_id)
    assert.deepEqual(await ids(''), [b, a])
    assert.deepEqual(await ids('category=billing'), [a])
    assert.deepEqual(await ids(`user_id=${other.userId}`), [b])
    await admin.patch(`${ADMIN}/${a}`, { status: 'pending' })
    assert.deepEqual(await ids('status_filter=pending'), [a])
    assert.deepEqual(await ids('status_filter=closed'), [])
    assertProblem(await admin.get(`${ADMIN}?status_filter=nope`), 422, 'validation.failed')
    // Another tenant's administrator sees it only by naming the tenant.
    const outside = await t.newTenant({ role: 'admin' })
    assert.deepEqual(json(await outside.get(ADMIN)).items, [])
    assertProblem(await outside.get(`${ADMIN}/${a}`), 404, 'support.case_not_found')
    assert.equal((await outside.get(`${ADMIN}/${a}?tenant_id=${u.tenantId}`)).statusCode, 200)
  })

  it('is for administrators only: a customer gets 403 on every admin operation', async () => {
    const u = await t.newTenant()
    const id = await open(u)
    assertProblem(await u.get(ADMIN), 403, 'auth.admin_required')
    assertProblem(await u.get(`${ADMIN}/${id}`), 403, 'auth.admin_required')
    assertProblem(await u.post(`${ADMIN}/${id}/comments`, { body: 'x', public: true }), 403, 'auth.admin_required')
    assertProblem(await u.patch(`${ADMIN}/${id}`, { status: 'closed' }), 403, 'auth.admin_required')
    assert.equal(json(await u.get(`${BASE}/${id}`)).status, 'open')
    const admin = await t.newUser(u.tenantId, { role: 'admin' })
    assertProblem(await admin.post(`${ADMIN}/${id}/comments`, { body: 'x' }), 422, 'validation.failed')
    assertProblem(await admin.post(`${ADMIN}/${id}/comments`, { body: 'x\u0000', public: true }), 422, 'validation.failed')
  })
})
