/**
 * The approval queue without a broker in the way: a held order is pending for 15 minutes with its
 * band, its creator is notified in-app, people list, reject (once) and see lapsed approvals expire;
 * every decision, and archiving the agent, gives the order's budget back. Another tenant sees nothing.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { approvalsWorld, insertHeld, seedHeld, T0, usageOf } from './agent-approvals-fixtures.ts'

const world = approvalsWorld()
const t = useTestApp({ clock: world.clock, providers: { market: world.market } })
const BASE = '/api/bot-controls/approvals'
const MINUTE = 60_000

describe('agent approvals: the queue', () => {
  it('holds a market order pending for 15 minutes within ±2 % of its reference price', async () => {
    world.clock.set(T0)
    const u = await t.newTenant()
    const held = await seedHeld(t, u, { reference_price: '150.25', priced_notional: '1502.50' })
    const res = await u.get(`${BASE}/${held.approvalId}`)
    assert.equal(res.statusCode, 200, res.body)
    const a = json(res)
    // 150.25 × 0.98 = 147.245, × 1.02 = 153.255
    assert.deepEqual(
      { ...a, order: undefined },
      {
        approval_id: held.approvalId,
        status: 'pending',
        order: undefined,
        agent_name: 'Rebalancer',
        band_low: '147.245',
        band_high: '153.255',
        expires_at: '2026-11-25T15:15:00.000Z',
        decided_by: null,
        decided_at: null,
        decision_note: null,
        created_at: '2026-11-25T15:00:00.000Z',
      },
    )
    assert.equal(a.order.order_id, held.orderId)
    assert.equal(a.order.approval_id, held.approvalId)
    assert.equal(a.order.status, 'pending_approval')
    assert.equal(a.order.priced_notional, '1502.50')
  })

  it('gives a limit order no band', async () => {
    world.clock.set(T0)
    const u = await t.newTenant()
    const held = await seedHeld(t, u, {
      type: 'limit',
      limit_price: '140.5',
      reference_price: '140.5',
      priced_notional: '1405.00',
    })
    const a = json(await u.get(`${BASE}/${held.approvalId}`))
    assert.deepEqual([a.band_low, a.band_high, a.order.limit_price], [null, null, '140.5'])
  })

  it('tells the agent’s creator in-app, once, linking to the queue', async () => {
    world.clock.set(T0)
    const u = await t.newTenant()
    const held = await seedHeld(t, u, { reference_price: '100', priced_notional: '1000.00' })
    await t.c.jobs.drain()
    const items = json(await u.get('/api/alerts/in-app')).items as Body[]
    assert.equal(items.length, 1, JSON.stringify(items))
    assert.equal(items[0]!.title, 'Rebalancer asks to place an order')
    assert.equal(
      items[0]!.body,
      'buy 10 AAPL (market, about $1000). Approve or reject before 10:15 New York time.',
    )
    assert.equal(items[0]!.url, '/app/agents/approvals')
    // The job again (a retry, another worker): the dedupe key keeps it one notification.
    await t.c.botControls.approvals.notifyHeld({ tenantId: u.tenantId, approvalId: held.approvalId })
    assert.equal((json(await u.get('/api/alerts/in-app')).items as Body[]).length, 1)
  })

  it('queues no notification for a hold whose transaction rolls back', async () => {
    world.clock.set(T0)
    const u = await t.newTenant()
    const queued: string[] = []
    const enqueue = t.c.jobs.enqueue.bind(t.c.jobs)
    t.c.jobs.enqueue = (name, payload, opts) => {
      queued.push(name)
      return enqueue(name, payload, opts)
    }
    try {
      await assert.rejects(
        t.c.scopes.withTenant(u.tenantId, async (s) => {
          await insertHeld(t, s, u, { reference_price: '100', priced_notional: '1000.00' })
          throw new Error('the gate failed after the hold')
        }),
        /after the hold/,
      )
      await t.c.jobs.drain()
    } finally {
      t.c.jobs.enqueue = enqueue
    }
    assert.deepEqual(queued, [])
    assert.equal((json(await u.get(BASE)).items as Body[]).length, 0)
    assert.equal((json(await u.get('/api/alerts/in-app')).items as Body[]).length, 0)
  })

  it('rejects with a note: the order is rejected, its budget given back, the reason counted; again → 409', async () => {
    world.clock.set(T0)
    const u = await t.newTenant()
    const held = await seedHeld(t, u, { reference_price: '100', priced_notional: '1000.00' })
    world.clock.advance(MINUTE)
    const res = await u.post(`${BASE}/${held.approvalId}/reject`, { note: 'Too large before earnings' })
    assert.equal(res.statusCode, 200, res.body)
    const a = json(res)
    assert.deepEqual(
      [a.status, a.decided_by, a.decided_at, a.decision_note],
      ['rejected', u.userId, '2026-11-25T15:01:00.000Z', 'Too large before earnings'],
    )
    assert.deepEqual(
      [a.order.status, a.order.reject_reason, a.order.reject_detail],
      ['rejected', 'approval.rejected', 'Too large before earnings'],
    )
    const usage = await usageOf(t, u.tenantId, held.agentId)
    assert.deepEqual(
      [usage.orders, Number(usage.notional), usage.rejections],
      [0, 0, { 'approval.rejected': 1 }],
    )
    const again = assertProblem(
      await u.post(`${BASE}/${held.approvalId}/reject`, {}),
      409,
      'bot.approval_not_pending',
    )
    assert.deepEqual([again.approval_status, again.order_status], ['rejected', 'rejected'])
    assertProblem(await u.post(`${BASE}/${held.approvalId}/approve`), 409, 'bot.approval_not_pending')
    assert.deepEqual((await usageOf(t, u.tenantId, held.agentId)).rejections, { 'approval.rejected': 1 })
  })

  it('archiving the agent rejects its held orders as a rejection does: budget back, the reason counted', async () => {
    world.clock.set(T0)
    const u = await t.newTenant()
    const held = await seedHeld(t, u, { reference_price: '100', priced_notional: '1000.00' })
    world.clock.advance(MINUTE)
    const res = await u.delete(`/api/bot-controls/agents/${held.agentId}`)
    assert.equal(res.statusCode, 200, res.body)
    const a = json(await u.get(`${BASE}/${held.approvalId}`))
    assert.deepEqual(
      [a.status, a.decided_by, a.decided_at, a.decision_note],
      ['rejected', u.userId, '2026-11-25T15:01:00.000Z', 'agent archived'],
    )
    assert.deepEqual(
      [a.order.status, a.order.reject_reason, a.order.reject_detail],
      ['rejected', 'approval.rejected', 'agent archived'],
    )
    const usage = await usageOf(t, u.tenantId, held.agentId)
    assert.deepEqual(
      [usage.orders, Number(usage.notional), usage.rejections],
      [0, 0, { 'approval.rejected': 1 }],
    )
    assertProblem(await u.post(`${BASE}/${held.approvalId}/approve`), 409, 'bot.approval_not_pending')
  })

  it('a cancel arriving while a decision holds the approval waits for it: no deadlock, then withdrawn', async () => {
    world.clock.set(T0)
    const u = await t.newTenant()
    const held = await seedHeld(t, u, { reference_price: '100', priced_notional: '1000.00' })
    let cancel: ReturnType<Client['post']> | undefined
    await t.c.scopes.withTenant(u.tenantId, async (s) => {
      // A decision's locks, as deciding takes them: the approval, then (the cancel under way) its order.
      const lock = (table: 'bot_approval' | 'bot_order', id: number) =>
        s.db.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute()
      await lock('bot_approval', held.approvalId)
      cancel = u.post(`/api/bot-controls/agents/${held.agentId}/orders/${held.orderId}/cancel`)
      await untilWaitingOnALock()
      await lock('bot_order', held.orderId)
    })
    const res = await cancel!
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual([json(res).status, json(res).reject_reason], ['canceled', 'order.withdrawn'])
    const a = json(await u.get(`${BASE}/${held.approvalId}`))
    assert.deepEqual([a.status, a.decision_note], ['rejected', 'order canceled'])
    assert.equal((await usageOf(t, u.tenantId, held.agentId)).orders, 0)
  })

  it('expires after 15 minutes through the minute job: order expired, budget back, decision refused', async () => {
    world.clock.set(T0)
    const u = await t.newTenant()
    const held = await seedHeld(t, u, { reference_price: '100', qty: '5', priced_notional: '500.00' })
    world.clock.advance(15 * MINUTE - 1)
    assert.equal(await t.c.botControls.approvals.expireDue(), 0, 'a millisecond before expires_at it waits')
    world.clock.advance(1)
    assert.ok((await t.c.botControls.approvals.expireDue()) >= 1)
    const v = await t.newUser(u.tenantId) // a session of now (the first one's token has lapsed too)
    const a = json(await v.get(`${BASE}/${held.approvalId}`))
    assert.deepEqual(
      [a.status, a.decided_by, a.decided_at, a.order.status, a.order.reject_reason],
      ['expired', null, '2026-11-25T15:15:00.000Z', 'expired', 'approval.expired'],
    )
    const usage = await usageOf(t, u.tenantId, held.agentId)
    assert.deepEqual([usage.orders, Number(usage.notional), usage.rejections], [0, 0, {}])
    assertProblem(await v.post(`${BASE}/${held.approvalId}/approve`), 422, 'bot.approval_expired')
  })

  it('treats a lapsed approval as expired on read and on decision, before the job ran', async () => {
    world.clock.set(T0)
    const u = await t.newTenant()
    const first = await seedHeld(t, u, { reference_price: '100', priced_notional: '1000.00' })
    const second = await seedHeld(t, u, { reference_price: '100', priced_notional: '1000.00' })
    world.clock.advance(16 * MINUTE)
    const v = await t.newUser(u.tenantId)
    const page = json(await v.get(`${BASE}?status=pending`))
    assert.deepEqual([page.items, page.total], [[], 0])
    const expired = json(await v.get(`${BASE}?status=expired`))
    assert.deepEqual(
      expired.items.map((i: Body) => i.approval_id).sort(),
      [first.approvalId, second.approvalId].sort(),
    )
    assert.equal((await usageOf(t, u.tenantId, first.agentId)).orders, 0)
  })

  it('refuses a decision on a lapsed approval with 422 and expires it', async () => {
    world.clock.set(T0)
    const u = await t.newTenant()
    const held = await seedHeld(t, u, { reference_price: '100', priced_notional: '1000.00' })
    world.clock.advance(15 * MINUTE)
    const v = await t.newUser(u.tenantId)
    assertProblem(await v.post(`${BASE}/${held.approvalId}/approve`), 422, 'bot.approval_expired')
    const a = json(await v.get(`${BASE}/${held.approvalId}`))
    assert.deepEqual([a.status, a.order.status], ['expired', 'expired'])
    assert.equal((await usageOf(t, u.tenantId, held.agentId)).orders, 0)
  })

  it('lists newest first with a status filter and pages', async () => {
    world.clock.set(T0)
    const u = await t.newTenant()
    const ids: number[] = []
    for (let i = 0; i < 3; i++) {
      world.clock.advance(1000)
      ids.push((await seedHeld(t, u, { reference_price: '100', priced_notional: '1000.00' })).approvalId)
    }
    await u.post(`${BASE}/${ids[0]}/reject`, {})
    const p1 = json(await u.get(`${BASE}?status=pending&page_size=1`))
    assert.deepEqual(
      [p1.items.map((i: Body) => i.approval_id), p1.total, p1.page, p1.page_size],
      [[ids[2]], 2, 1, 1],
    )
    const p2 = json(await u.get(`${BASE}?status=pending&page_size=1&page=2`))
    assert.deepEqual(
      p2.items.map((i: Body) => i.approval_id),
      [ids[1]],
    )
    const all = json(await u.get(BASE))
    assert.deepEqual([all.items.map((i: Body) => i.approval_id), all.page_size], [[...ids].reverse(), 20])
    assertProblem(await u.get(`${BASE}?status=maybe`), 422, 'validation.failed')
    assertProblem(await u.get(`${BASE}?page_size=101`), 422, 'validation.failed')
  })

  it('keeps another tenant out: 404 on read and decisions, an empty list; admins name the tenant', async () => {
    world.clock.set(T0)
    const owner = await t.newTenant()
    const other = await t.newTenant()
    const held = await seedHeld(t, owner, { reference_price: '100', priced_notional: '1000.00' })
    assertProblem(await other.get(`${BASE}/${held.approvalId}`), 404, 'bot.approval_not_found')
    assertProblem(await other.post(`${BASE}/${held.approvalId}/approve`), 404, 'bot.approval_not_found')
    assertProblem(await other.post(`${BASE}/${held.approvalId}/reject`, {}), 404, 'bot.approval_not_found')
    assert.deepEqual(json(await other.get(BASE)).items, [])
    assertProblem(await other.get(`${BASE}?tenant_id=${owner.tenantId}`), 403, 'auth.tenant_forbidden')
    // Naming another tenant is refused before the body is validated, as on every bot-controls route.
    const reject = `${BASE}/${held.approvalId}/reject?tenant_id=${owner.tenantId}`
    assertProblem(await other.post(reject, { note: 5 }), 403, 'auth.tenant_forbidden')
    const admin = await t.newTenant({ role: 'admin' })
    const seen = json(await admin.get(`${BASE}?tenant_id=${owner.tenantId}`))
    assert.deepEqual(
      seen.items.map((i: Body) => i.approval_id),
      [held.approvalId],
    )
    assert.equal(json(await owner.get(`${BASE}/${held.approvalId}`)).status, 'pending')
  })
})

/**
 * On PostgreSQL, until another connection waits on a row lock (the cancel, behind the decision's);
 * PGlite's one session makes the cancel wait for the whole scope anyway.
 */
async function untilWaitingOnALock(): Promise<void> {
  if (!process.env['DATABASE_URL']) return
  for (let i = 0; i < 200; i++) {
    const r = await t.db.handle.raw(
      `select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and datname = current_database()`,
    )
    if (Number(r.rows[0]?.['n'] ?? 0) > 0) return
    await new Promise((done) => setTimeout(done, 10))
  }
  throw new Error('the cancel never waited on a lock')
}
