/**
 * Support cases under /api/support/ai/cases: open, list (status filter, pages), read with public
 * comments only, reply (reopens; closed → 409); isolation between users and tenants.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertAllNeedCredentials, assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const t = useTestApp({ clock })
const BASE = '/api/support/ai/cases'
const ADMIN = '/api/admin/support/cases'

async function open(u: Client, body: Body = {}): Promise<Body> {
  clock.advance(1000)
  const res = await u.post(BASE, { subject: 'Sync stopped', body: 'Schwab has not synced since Friday.', ...body })
  assert.equal(res.statusCode, 200, res.body)
  return json(res)
}

async function setStatus(admin: Client, tenantId: number, id: number, status: string) {
  clock.advance(1000)
  return admin.patch(`${ADMIN}/${id}?tenant_id=${tenantId}`, { status })
}

describe('support cases (customer)', () => {
  it('opens a case: open, category defaulting to other, the conversation kept, no comments', async () => {
    const u = await t.newTenant()
    const c = await open(u, { subject: '  Sync stopped  ', conversation_id: 4021 })
    assert.deepEqual(
      { ...c, case_id: typeof c.case_id },
      {
        case_id: 'number',
        subject: 'Sync stopped',
        body: 'Schwab has not synced since Friday.',
        category: 'other',
        status: 'open',
        conversation_id: 4021,
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
        comments: [],
      },
    )
    const b = await open(u, { category: 'billing', body: 'Line one\nline two' })
    assert.equal(b.category, 'billing')
    assert.equal(b.body, 'Line one\nline two')
    assert.equal(b.conversation_id, null)
  })

  it('refuses bad input with 422: blank or long subject, blank body, unknown category, extra fields, control characters', async () => {
    const u = await t.newTenant()
    const ok = { subject: 's', body: 'b' }
    assertFieldError(await u.post(BASE, { ...ok, subject: '' }), ['body', 'subject'])
    assertFieldError(await u.post(BASE, { ...ok, subject: 'x'.repeat(201) }), ['body', 'subject'])
    assertFieldError(await u.post(BASE, { ...ok, subject: 'a\u0000b' }), ['body', 'subject'])
    assertFieldError(await u.post(BASE, { ...ok, subject: 'a\nb' }), ['body', 'subject'])
    assertFieldError(await u.post(BASE, { ...ok, body: '   \n ' }), ['body', 'body'])
    assertFieldError(await u.post(BASE, { ...ok, body: 'x'.repeat(10_001) }), ['body', 'body'])
    assertFieldError(await u.post(BASE, { ...ok, body: 'a\u001bb' }), ['body', 'body'])
    assertFieldError(await u.post(BASE, { ...ok, category: 'refund' }), ['body', 'category'])
    assertFieldError(await u.post(BASE, { ...ok, conversation_id: 0 }), ['body', 'conversation_id'])
    assertProblem(await u.post(BASE, { ...ok, status: 'closed' }), 422, 'validation.failed')
    assert.equal((await u.post(BASE, { subject: 'x'.repeat(200), body: 'x'.repeat(10_000) })).statusCode, 200)
  })

  it('lists the caller’s cases, most recently updated first, filtered by status and paged', async () => {
    const u = await t.newTenant()
    const admin = await t.newTenant({ role: 'admin' })
    const ids: number[] = []
    for (let i = 0; i < 27; i++) ids.push((await open(u, { subject: `Case ${i}` })).case_id as number)
    const first = json(await u.get(`${BASE}?page_size=25`))
    assert.deepEqual(first.items.map((i: Body) => i.case_id), ids.slice().reverse().slice(0, 25))
    assert.deepEqual([first.page, first.page_size, first.total, first.next_cursor], [1, 25, 27, null])
    assert.deepEqual(json(await u.get(`${BASE}?page=2&page_size=25`)).items.map((i: Body) => i.case_id), [ids[1], ids[0]])
    assert.deepEqual(first.items[0], {
      case_id: ids[26],
      subject: 'Case 26',
      category: 'other',
      status: 'open',
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
      comment_count: 0,
    })
    assert.equal((await setStatus(admin, u.tenantId, ids[3]!, 'resolved')).statusCode, 200)
    const resolved = json(await u.get(`${BASE}?status_filter=resolved`))
    assert.deepEqual([resolved.items.map((i: Body) => i.case_id), resolved.total], [[ids[3]], 1])
    assert.equal(json(await u.get(`${BASE}?status_filter=open`)).total, 26)
    assert.equal(json(await u.get(`${BASE}?status_filter=closed`)).total, 0)
    // The status change moved it to the top of the unfiltered list.
    assert.equal(json(await u.get(BASE)).items[0].case_id, ids[3])
    for (const bad of ['status_filter=waiting', 'status_filter=OPEN', 'status_filter=', 'page_size=10', 'page=0', 'limit=101'])
      assertProblem(await u.get(`${BASE}?${bad}`), 422, 'validation.failed')
  })

  it('replies on a case; the comment is the caller’s and shows in the case', async () => {
    const u = await t.newTenant()
    const c = await open(u)
    clock.advance(5000)
    const res = await u.post(`${BASE}/${c.case_id}/comments`, { body: 'Any news?' })
    assert.equal(res.statusCode, 200, res.body)
    const comment = json(res)
    assert.deepEqual({ ...comment, comment_id: typeof comment.comment_id }, {
      comment_id: 'number',
      author: 'you',
      body: 'Any news?',
      created_at: clock.now().toISOString(),
    })
    const got = json(await u.get(`${BASE}/${c.case_id}`))
    assert.deepEqual(got.comments, [comment])
    assert.equal(got.updated_at, clock.now().toISOString())
    assert.equal(json(await u.get(BASE)).items[0].comment_count, 1)
    assertFieldError(await u.post(`${BASE}/${c.case_id}/comments`, { body: ' ' }), ['body', 'body'])
    assertFieldError(await u.post(`${BASE}/${c.case_id}/comments`, { body: 'a\u0007' }), ['body', 'body'])
    assertProblem(await u.post(`${BASE}/${c.case_id}/comments`, {}), 422, 'validation.failed')
  })

  it('reopens a pending or resolved case on the customer’s comment; a closed case → 409 support.case_closed', async () => {
    const u = await t.newTenant()
    const admin = await t.newTenant({ role: 'admin' })
    const c = await open(u)
    for (const status of ['pending', 'resolved']) {
      assert.equal((await setStatus(admin, u.tenantId, c.case_id, status)).statusCode, 200)
      assert.equal(json(await u.get(`${BASE}/${c.case_id}`)).status, status)
      assert.equal((await u.post(`${BASE}/${c.case_id}/comments`, { body: `re ${status}` })).statusCode, 200)
      assert.equal(json(await u.get(`${BASE}/${c.case_id}`)).status, 'open')
    }
    assert.equal((await setStatus(admin, u.tenantId, c.case_id, 'closed')).statusCode, 200)
    const before = json(await u.get(`${BASE}/${c.case_id}`))
    assertProblem(await u.post(`${BASE}/${c.case_id}/comments`, { body: 'hello?' }), 409, 'support.case_closed')
    assert.deepEqual(json(await u.get(`${BASE}/${c.case_id}`)), before, 'nothing stored')
  })

  it('keeps cases personal: a colleague’s or another tenant’s read or comment → 404, lists stay apart', async () => {
    const u = await t.newTenant()
    const c = await open(u)
    const colleague = await t.newUser(u.tenantId)
    const stranger = await t.newTenant()
    for (const other of [colleague, stranger]) {
      assertProblem(await other.get(`${BASE}/${c.case_id}`), 404, 'support.case_not_found')
      assertProblem(await other.post(`${BASE}/${c.case_id}/comments`, { body: 'x' }), 404, 'support.case_not_found')
      assert.equal(json(await other.get(BASE)).total, 0)
    }
    assert.equal(json(await u.get(`${BASE}/${c.case_id}`)).comments.length, 0)
    assertProblem(await u.get(`${BASE}/999999999`), 404, 'support.case_not_found')
    assertProblem(await u.get(`${BASE}/0`), 422, 'validation.failed')
    assertProblem(await u.get(`${BASE}/abc`), 422, 'validation.failed')
    await assertAllNeedCredentials(t.anon, [
      ['GET', BASE],
      ['POST', BASE],
      ['GET', `${BASE}/${c.case_id}`],
      ['POST', `${BASE}/${c.case_id}/comments`],
    ])
  })
})
