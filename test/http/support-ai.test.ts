/**
 * /api/support/ai: the message turn's order (each gate stops before the next and stores exactly
 * what it should — checked in the tables), conversations, escalation, deletion with its audit row,
 * and the 404 on every id route for another tenant.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem, json } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { ADVICE, ALLOWED, BASE, counts, messages, parseSse } from './support-ai-fixtures.ts'

const t = useTestApp()
const SSE = { accept: 'text/event-stream' }

let plans: Promise<unknown> | undefined
/** Plans with tiny assistant limits, so the caps are reached in a few turns (added once). */
const tinyPlans = () =>
  (plans ??= t.db.handle.raw(
    `insert into plan (code, name, rank, limits) values ('support_tiny', 'Tiny', 90,
      '{"support_ai_messages_per_day": 3, "support_ai_tokens_per_day": 100000, "support_ai_messages_per_minute": 2}'),
      ('support_capped', 'Capped', 91,
      '{"support_ai_messages_per_day": 100, "support_ai_tokens_per_day": 0, "support_ai_messages_per_minute": 10}')`,
  ))

async function open(u: Client, title?: string): Promise<number> {
  await tinyPlans() // before the first turn reads (and caches) the plan catalogue
  const res = await u.post(`${BASE}/conversations`, title === undefined ? {} : { title })
  assert.equal(res.statusCode, 200, res.body)
  return json(res).conversation_id as number
}
const send = (u: Client, id: number, content: string, headers: Record<string, string> = {}) =>
  u.post(`${BASE}/conversations/${id}/messages`, { content }, headers)
const zero = {
  support_message: 0,
  support_intent: 0,
  support_tool_call: 0,
  support_feedback: 0,
  support_training_candidate: 0,
}

describe('the message turn, in order', () => {
  it('1. flag off → master_flag_off before anything else (even for another tenant’s id), nothing stored', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const id = await open(u)
    const foreign = await open(other)
    await t.c.flags.setOverride(u.tenantId, 'support_ai', false)
    for (const target of [id, foreign]) {
      const res = await send(u, target, ALLOWED, SSE)
      assert.equal(res.statusCode, 200)
      assert.match(String(res.headers['content-type']), /application\/json/)
      const body = json(res)
      assert.equal(body.outcome, 'master_flag_off')
      assert.equal(body.degraded, true)
      assert.ok(body.message.length > 20)
    }
    assert.deepEqual(await counts(t, u.tenantId), { support_conversation: 1, ...zero })
    await t.c.flags.setOverride(u.tenantId, 'support_ai', true)
    assert.equal(json(await send(u, id, ALLOWED)).outcome, 'runtime_not_wired')
  })

  it('2. no signed-in user → 401 (before the rate limit and the conversation)', async () => {
    const u = await t.newTenant()
    const id = await open(u)
    const res = await t.anon.post(`${BASE}/conversations/${id}/messages`, { content: ALLOWED })
    assert.equal(res.statusCode, 401)
    assert.deepEqual(await counts(t, u.tenantId), { support_conversation: 1, ...zero })
  })

  it('3. rate limit per user per minute → 429 with Retry-After, checked before ownership; nothing stored', async () => {
    await tinyPlans()
    const u = await t.newTenant({ plan: 'support_tiny' })
    const id = await open(u)
    assert.equal(json(await send(u, id, ALLOWED)).outcome, 'runtime_not_wired')
    assert.equal(json(await send(u, id, ADVICE)).outcome, 'refused')
    const res = await send(u, id, ALLOWED)
    const p = assertProblem(res, 429, 'support.rate_limited')
    const retry = Number(res.headers['retry-after'])
    assert.ok(retry >= 1 && retry <= 60, `Retry-After ${retry}`)
    assert.equal(p.retry_after, retry)
    // Before the ownership check: a missing conversation still answers 429.
    assertProblem(await send(u, 999_999_999, ALLOWED), 429, 'support.rate_limited')
    const c = await counts(t, u.tenantId)
    assert.equal(c.support_message, 2)
    assert.equal(c.support_intent, 2)
  })

  it('3. daily message quota → quota_exhausted with the numbers, nothing stored; GET /quota agrees', async () => {
    await tinyPlans()
    const u = await t.newTenant({ plan: 'support_tiny' })
    const colleague = await t.newUser(u.tenantId)
    const id = await open(u)
    const id2 = await open(colleague)
    await send(u, id, ALLOWED)
    await send(u, id, ALLOWED)
    await send(colleague, id2, ALLOWED) // the quota is the tenant's: 3 of 3
    const quota = json(await u.get(`${BASE}/quota`))
    const midnight = new Date(Math.floor(Date.now() / 86_400_000 + 1) * 86_400_000).toISOString()
    assert.deepEqual(quota, {
      used: 3,
      limit: 3,
      remaining: 0,
      resets_at: midnight,
      tokens_used: 0,
      tokens_limit: 100000,
      per_minute: 2,
    })
    const res = await send(colleague, id2, ALLOWED)
    assert.equal(res.statusCode, 200)
    const body = json(res)
    assert.equal(body.outcome, 'quota_exhausted')
    assert.equal(body.degraded, true)
    assert.deepEqual(body.quota, { used: 3, limit: 3, resets_at: midnight })
    assert.equal((await counts(t, u.tenantId)).support_message, 3)
  })

  it('3. deleting conversations gives no usage back: the quota and the per-minute limit still count them', async () => {
    await tinyPlans()
    const u = await t.newTenant({ plan: 'support_tiny' })
    for (let i = 0; i < 2; i++) {
      const id = await open(u)
      assert.equal(json(await send(u, id, ALLOWED)).outcome, 'runtime_not_wired')
      assert.equal((await u.delete(`${BASE}/conversations/${id}`)).statusCode, 200)
    }
    assert.equal((await counts(t, u.tenantId)).support_message, 0)
    assert.equal(json(await u.get(`${BASE}/quota`)).used, 2)
    const id = await open(u)
    assertProblem(await send(u, id, ALLOWED), 429, 'support.rate_limited') // 2 a minute, both deleted
  })

  it('3. daily token cap → cost_cap_reached, nothing stored', async () => {
    await tinyPlans()
    const u = await t.newTenant({ plan: 'support_capped' })
    const id = await open(u)
    const body = json(await send(u, id, ALLOWED))
    assert.equal(body.outcome, 'cost_cap_reached')
    assert.deepEqual(body.quota.limit, 0)
    assert.deepEqual(await counts(t, u.tenantId), { support_conversation: 1, ...zero })
  })

  it('4. another tenant’s or colleague’s conversation → 404; an escalated one → 409; nothing stored', async () => {
    const u = await t.newTenant()
    const colleague = await t.newUser(u.tenantId)
    const id = await open(u)
    assertProblem(await send(colleague, id, ALLOWED), 404, 'support.conversation_not_found')
    const esc = await u.post(`${BASE}/conversations/${id}/escalate`, { reason: 'I want a person' })
    assert.deepEqual(json(esc), {
      conversation_id: id,
      status: 'escalated',
      ticket_form_url: `/app/support/cases/new?conversation_id=${id}`,
    })
    assertProblem(await send(u, id, ALLOWED, SSE), 409, 'support.conversation_escalated')
    assertProblem(await send(u, id, ADVICE), 409, 'support.conversation_escalated')
    assert.deepEqual(await counts(t, u.tenantId), { support_conversation: 1, ...zero })
    const conv = json(await u.get(`${BASE}/conversations/${id}`))
    assert.equal(conv.status, 'escalated')
    assert.equal(conv.escalation.reason, 'I want a person')
    assert.equal(conv.escalation.ticket_form_url, `/app/support/cases/new?conversation_id=${id}`)
  })

  it('5. a refused intent stores the user turn and its classification, no assistant turn, even when streaming', async () => {
    const u = await t.newTenant()
    const id = await open(u)
    const res = await send(u, id, ADVICE, SSE)
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /application\/json/)
    const body = json(res)
    assert.equal(body.outcome, 'refused')
    assert.equal(body.degraded, false)
    assert.equal(body.intent.label, 'personalised_advice')
    assert.equal(body.intent.allowed, false)
    assert.ok(body.message.length > 40)
    const rows = await messages(t, u.tenantId, id)
    assert.deepEqual(
      rows.map((m) => [m.id, m.role, m.content]),
      [[body.user_message_id, 'user', ADVICE]],
    )
    const c = await counts(t, u.tenantId)
    assert.equal(c.support_intent, 1)
    const conv = json(await u.get(`${BASE}/conversations/${id}`))
    assert.deepEqual(conv.messages[0].intent, body.intent)
  })

  it('6. allowed + JSON client → runtime_not_wired (user turn and classification stored, no assistant turn)', async () => {
    const u = await t.newTenant()
    const id = await open(u)
    const body = json(await send(u, id, ALLOWED))
    assert.equal(body.outcome, 'runtime_not_wired')
    assert.equal(body.degraded, true)
    assert.equal(body.intent.allowed, true)
    const rows = await messages(t, u.tenantId, id)
    assert.deepEqual(
      rows.map((m) => m.role),
      ['user'],
    )
    assert.equal((await counts(t, u.tenantId)).support_intent, 1)
  })

  it('6. allowed + text/event-stream → the answer streamed from the help articles and stored as sent', async () => {
    const u = await t.newTenant()
    const id = await open(u)
    const res = await send(u, id, ALLOWED, SSE)
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /^text\/event-stream/)
    assert.equal(res.headers['cache-control'], 'no-cache, no-transform')
    assert.equal(res.headers['x-accel-buffering'], 'no')
    const { events } = parseSse(res.body)
    const names = events.map((e) => e.event)
    assert.equal(names[0], 'meta')
    assert.equal(names.at(-1), 'done')
    assert.ok(names.filter((n) => n === 'token').length >= 2, 'streamed in several tokens')
    const meta = JSON.parse(events[0]!.data)
    assert.deepEqual(
      events.map((e) => e.id),
      events.map((_, i) => `${meta.assistant_message_id}.${i}`),
    )
    const text = events
      .filter((e) => e.event === 'token')
      .map((e) => JSON.parse(e.data).text)
      .join('')
    const done = JSON.parse(events.at(-1)!.data)
    assert.equal(done.assistant_message_id, meta.assistant_message_id)
    assert.equal(done.finish, 'stop')
    assert.equal(done.usage, null)
    assert.ok(done.sources.length >= 1)
    const rows = await messages(t, u.tenantId, id)
    assert.deepEqual(
      rows.map((m) => m.role),
      ['user', 'assistant'],
    )
    assert.equal(rows[1]!.id, meta.assistant_message_id)
    assert.equal(rows[1]!.content, text)
    assert.equal(rows[1]!.finish, 'stop')
    assert.equal(rows[1]!.model, 'help-retrieval')
    assert.deepEqual(rows[1]!.sources, done.sources)
    const conv = json(await u.get(`${BASE}/conversations/${id}`))
    assert.equal(conv.messages[1].content, text)
    assert.equal(conv.messages[1].finish, 'stop')
  })
})

describe('conversations', () => {
  it('create, list newest first with message counts, read; strict input', async () => {
    const u = await t.newTenant()
    const a = await open(u, 'First')
    const b = await open(u)
    await send(u, a, ALLOWED)
    const list = json(await u.get(`${BASE}/conversations?page_size=25`))
    assert.equal(list.total, 2)
    assert.deepEqual(
      list.items.map((i: { conversation_id: number }) => i.conversation_id),
      [a, b],
    )
    assert.deepEqual(
      list.items.map((i: { message_count: number }) => i.message_count),
      [1, 0],
    )
    assert.equal(list.items[1].title, 'New conversation')
    assert.equal((await u.post(`${BASE}/conversations`, { title: 'x', extra: 1 })).statusCode, 422)
    assert.equal((await u.post(`${BASE}/conversations`, { title: 'a\u0007b' })).statusCode, 422)
    assert.equal((await send(u, a, '')).statusCode, 422)
    assert.equal((await send(u, a, 'x'.repeat(4001))).statusCode, 422)
  })

  it('DELETE cascades every child row, keeps the audit row; the candidate survives unlinked', async () => {
    const u = await t.newTenant()
    const id = await open(u)
    await send(u, id, ALLOWED, SSE)
    await send(u, id, ADVICE)
    const fb = json(
      await u.post(`${BASE}/conversations/${id}/feedback`, { helpful: false, comment: 'Wrong' }),
    )
    assert.ok(fb.training_candidate_id)
    const before = await counts(t, u.tenantId)
    assert.ok(before.support_message === 3 && before.support_intent === 2 && before.support_feedback === 1)
    const res = await u.delete(`${BASE}/conversations/${id}`)
    assert.deepEqual(json(res), { conversation_id: id, deleted: true })
    assert.deepEqual(await counts(t, u.tenantId), {
      support_conversation: 0,
      ...zero,
      support_training_candidate: 1,
    })
    const { audit, candidate } = await t.c.scopes.withTenant(u.tenantId, async ({ db }) => ({
      audit: await db
        .selectFrom('audit_log')
        .selectAll()
        .where('tenant_id', '=', u.tenantId)
        .where('event', '=', 'support.conversation_deleted')
        .execute(),
      candidate: await db
        .selectFrom('support_training_candidate')
        .selectAll()
        .where('tenant_id', '=', u.tenantId)
        .executeTakeFirstOrThrow(),
    }))
    assert.equal(audit.length, 1)
    assert.equal(audit[0]!.user_id, u.userId)
    assert.deepEqual(audit[0]!.detail, { conversation_id: id, messages: 3 })
    assert.equal(candidate.conversation_id, null)
    assert.equal(candidate.comment, 'Wrong')
    assertProblem(await u.get(`${BASE}/conversations/${id}`), 404, 'support.conversation_not_found')
    assertProblem(await u.delete(`${BASE}/conversations/${id}`), 404, 'support.conversation_not_found')
  })

  it('another tenant’s conversation → 404 on every id route, and nothing changes', async () => {
    const u = await t.newTenant()
    const intruder = await t.newTenant()
    const id = await open(u)
    await send(u, id, ALLOWED)
    const before = await counts(t, u.tenantId)
    const path = `${BASE}/conversations/${id}`
    for (const res of [
      await intruder.get(path),
      await intruder.delete(path),
      await intruder.post(`${path}/escalate`, {}),
      await intruder.post(`${path}/messages`, { content: ALLOWED }, SSE),
      await intruder.post(`${path}/feedback`, { helpful: false }),
    ])
      assertProblem(res, 404, 'support.conversation_not_found')
    assert.deepEqual(await counts(t, u.tenantId), before)
    assert.equal(json(await u.get(path)).status, 'open')
  })
})
