/**
 * Agents under /api/bot-controls/agents: create with defaults, validation (422 with the field),
 * edits (symbols normalised, hours ordered, accounts the tenant's), pages, archive, tenant
 * isolation (404) and the administrator's `tenant_id`.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertAllNeedCredentials, assertFieldError, assertProblem, json } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { BOT, createAgent, seedApproval, seedOrder } from './bot-controls-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const t = useTestApp({ clock })

describe('bot-controls agents', () => {
  it('creates an agent with the documented defaults and no credential', async () => {
    const u = await t.newTenant()
    const a = await createAgent(u, { name: '  Momentum  ', strategy_label: 'weekly top 3' })
    assert.equal(typeof a.agent_id, 'number')
    assert.deepEqual(
      { ...a, agent_id: 0 },
      {
        agent_id: 0,
        name: 'Momentum',
        enabled: true,
        trading_state: 'active',
        mode: 'paper',
        allowed_symbols: null,
        allowed_hours: null,
        allowed_accounts: null,
        strategy_label: 'weekly top 3',
        credential: null,
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
      },
    )
    const limits = json(await u.get(`${BOT}/agents/${a.agent_id}/limits`))
    assert.deepEqual(
      [limits.max_orders_per_day, limits.max_notional_per_day, limits.max_order_notional],
      [null, null, null],
    )
    assert.deepEqual(json(await u.get(`${BOT}/agents/${a.agent_id}`)), a)
  })

  it('refuses bad input with 422 naming the field', async () => {
    const u = await t.newTenant()
    const a = await createAgent(u)
    const url = `${BOT}/agents/${a.agent_id}`
    assertFieldError(await u.post(`${BOT}/agents`, { name: '' }), ['body', 'name'])
    assertFieldError(await u.post(`${BOT}/agents`, { name: 'x'.repeat(101) }), ['body', 'name'])
    assertFieldError(await u.post(`${BOT}/agents`, { name: 'a', mode: 'margin' }), ['body', 'mode'])
    assertFieldError(await u.patch(url, { trading_state: 'paused' }), ['body', 'trading_state'])
    assertFieldError(await u.patch(url, { allowed_symbols: ['AAPL', '1BAD'] }), [
      'body',
      'allowed_symbols',
      1,
    ])
    assertFieldError(
      await u.patch(url, { allowed_symbols: Array.from({ length: 201 }, (_, i) => `S${i}`) }),
      ['body', 'allowed_symbols'],
    )
    assertFieldError(await u.patch(url, { allowed_hours: { start: '9:30', end: '16:00' } }), [
      'body',
      'allowed_hours',
      'start',
    ])
    const backwards = assertProblem(
      await u.patch(url, { allowed_hours: { start: '16:00', end: '09:30' } }),
      422,
      'validation.failed',
    )
    assert.deepEqual(backwards.errors[0].loc, ['body', 'allowed_hours', 'end'])
    assert.match(backwards.errors[0].msg, /after start/)
    assertFieldError(await u.patch(url, { allowed_hours: { start: '10:00', end: '10:00' } }), [
      'body',
      'allowed_hours',
      'end',
    ])
    assertFieldError(await u.patch(url, {}), ['body'])
    assertFieldError(await u.patch(url, { colour: 'red' }), ['body', 'colour'])
    assertFieldError(await u.get(`${BOT}/agents?page_size=101`), ['query', 'page_size'])
    assertFieldError(await u.get(`${BOT}/agents?page=0`), ['query', 'page'])
    assertFieldError(await u.get(`${BOT}/agents/0`), ['path', 'agent_id'])
  })

  it('lets allowed_hours end at 24:00 (midnight) but never start there', async () => {
    const u = await t.newTenant()
    const url = `${BOT}/agents/${(await createAgent(u)).agent_id}`
    const res = await u.patch(url, { allowed_hours: { start: '09:30', end: '24:00' } })
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(json(res).allowed_hours, { start: '09:30', end: '24:00' })
    assert.deepEqual(json(await u.get(url)).allowed_hours, { start: '09:30', end: '24:00' })
    for (const bad of [
      { start: '24:00', end: '24:00' },
      { start: '24:00', end: '23:00' },
    ]) {
      const refused = await u.patch(url, { allowed_hours: bad })
      assertFieldError(refused, ['body', 'allowed_hours', 'start'])
      assert.match(refused.body, /00:00 to 23:59/)
    }
    assertFieldError(await u.patch(url, { allowed_hours: { start: '09:30', end: '24:01' } }), [
      'body',
      'allowed_hours',
      'end',
    ])
    assert.deepEqual(json(await u.get(url)).allowed_hours, { start: '09:30', end: '24:00' })
  })

  it('edits an agent: symbols upper-cased and deduplicated, hours kept, accounts must be the tenant’s', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const mine = await createManualAccount(u, 'Mine')
    const theirs = await createManualAccount(other, 'Theirs')
    const a = await createAgent(u)
    const url = `${BOT}/agents/${a.agent_id}`
    clock.advance(60_000)
    const res = await u.patch(url, {
      trading_state: 'reducing',
      mode: 'live',
      enabled: false,
      allowed_symbols: ['aapl', 'msft', 'AAPL', 'brk.b'],
      allowed_hours: { start: '09:35', end: '15:55' },
      allowed_accounts: [mine, mine],
      strategy_label: null,
    })
    assert.equal(res.statusCode, 200, res.body)
    const b = json(res)
    assert.deepEqual(
      [b.trading_state, b.mode, b.enabled, b.allowed_symbols, b.allowed_hours, b.allowed_accounts],
      ['reducing', 'live', false, ['AAPL', 'MSFT', 'BRK.B'], { start: '09:35', end: '15:55' }, [mine]],
    )
    assert.equal(b.updated_at, clock.now().toISOString())
    assert.equal(b.created_at, a.created_at)
    const refused = assertProblem(
      await u.patch(url, { allowed_accounts: [mine, theirs] }),
      422,
      'bot.account_not_found',
    )
    assert.deepEqual(refused.errors, [
      {
        loc: ['body', 'allowed_accounts', 1],
        msg: `account ${theirs} is not one of yours`,
        type: 'not_found',
      },
    ])
    const cleared = json(
      await u.patch(url, { allowed_symbols: null, allowed_hours: null, allowed_accounts: null }),
    )
    assert.deepEqual(
      [cleared.allowed_symbols, cleared.allowed_hours, cleared.allowed_accounts],
      [null, null, null],
    )
  })

  it('lists live agents oldest first, in pages with the total', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    const ids: number[] = []
    for (let i = 0; i < 5; i++) ids.push((await createAgent(u, { name: `A${i}` })).agent_id)
    await u.delete(`${BOT}/agents/${ids[2]}`)
    const p1 = json(await u.get(`${BOT}/agents?page=1&page_size=2`))
    const p2 = json(await u.get(`${BOT}/agents?page=2&page_size=2`))
    const p3 = json(await u.get(`${BOT}/agents?page=3&page_size=2`))
    assert.deepEqual(
      [p1, p2, p3].map((p) => [
        p.total,
        p.page,
        p.page_size,
        p.items.map((x: { agent_id: number }) => x.agent_id),
      ]),
      [
        [4, 1, 2, [ids[0], ids[1]]],
        [4, 2, 2, [ids[3], ids[4]]],
        [4, 3, 2, []],
      ],
    )
    assert.equal(json(await u.get(`${BOT}/agents`)).page_size, 20)
  })

  it('archives: gone from lists, 404 after, its key stops, its pending approvals and their orders rejected', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const a = await createAgent(u)
    const key = json(await u.post(`${BOT}/agents/${a.agent_id}/credentials`, {})).key as string
    assert.ok(await t.c.botControls.credentials.resolve(key))
    const orderId = await seedOrder(t, u, {
      agentId: a.agent_id,
      accountId: acct,
      status: 'pending_approval',
      day: '2026-11-24',
    })
    const approvalId = await seedApproval(t, u, {
      agentId: a.agent_id,
      orderId,
      expiresAt: new Date('2026-11-24T15:15:00Z'),
    })
    const res = await u.delete(`${BOT}/agents/${a.agent_id}`)
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(json(res), { agent_id: a.agent_id, archived: true })
    assert.equal(await t.c.botControls.credentials.resolve(key), null)
    assertProblem(await u.get(`${BOT}/agents/${a.agent_id}`), 404, 'bot.agent_not_found')
    assertProblem(await u.delete(`${BOT}/agents/${a.agent_id}`), 404, 'bot.agent_not_found')
    assertProblem(await u.get(`${BOT}/agents/${a.agent_id}/limits`), 404, 'bot.agent_not_found')
    assert.equal(json(await u.get(`${BOT}/agents`)).total, 0)
    assert.equal(
      await t.c.scopes.withTenant(u.tenantId, (s) => t.c.botControls.policy.read(s, a.agent_id)),
      null,
    )
    const [approval, order] = await t.c.scopes.withTenant(
      u.tenantId,
      async (s) =>
        [
          await s.db
            .selectFrom('bot_approval')
            .selectAll()
            .where('id', '=', approvalId)
            .executeTakeFirstOrThrow(),
          await s.db.selectFrom('bot_order').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow(),
        ] as const,
    )
    assert.deepEqual(
      [
        approval.status,
        approval.decision_note,
        Number(approval.decided_by),
        order.status,
        order.reject_reason,
      ],
      ['rejected', 'agent archived', u.userId, 'rejected', 'approval.rejected'],
    )
  })

  it('another tenant’s agent is 404 on every operation; an administrator reaches it with tenant_id', async () => {
    const owner = await t.newTenant()
    const stranger = await t.newTenant()
    const admin = await t.newTenant({ role: 'admin' })
    const a = await createAgent(owner)
    const url = `${BOT}/agents/${a.agent_id}`
    assertProblem(await stranger.get(url), 404, 'bot.agent_not_found')
    assertProblem(await stranger.patch(url, { name: 'mine now' }), 404, 'bot.agent_not_found')
    assertProblem(await stranger.delete(url), 404, 'bot.agent_not_found')
    assertProblem(await stranger.post(`${url}/credentials`, {}), 404, 'bot.agent_not_found')
    assertProblem(await stranger.get(`${url}/usage`), 404, 'bot.agent_not_found')
    assertProblem(await stranger.put(`${url}/limits`, NO_LIMITS), 404, 'bot.agent_not_found')
    assert.equal(json(await stranger.get(`${BOT}/agents`)).total, 0)
    assertProblem(await stranger.get(`${url}?tenant_id=${owner.tenantId}`), 403, 'auth.tenant_forbidden')
    // Who may act is answered before what was sent: a foreign tenant_id with a bad body is still a 403.
    assertProblem(
      await stranger.post(`${BOT}/agents?tenant_id=${owner.tenantId}`, {}),
      403,
      'auth.tenant_forbidden',
    )
    assertProblem(
      await stranger.put(`${BOT}/approval-threshold?tenant_id=${owner.tenantId}`),
      403,
      'auth.tenant_forbidden',
    )
    assertProblem(await admin.get(url), 404, 'bot.agent_not_found')
    const q = `?tenant_id=${owner.tenantId}`
    assert.equal(json(await admin.get(`${url}${q}`)).name, 'Rebalancer')
    assert.equal(json(await admin.patch(`${url}${q}`, { trading_state: 'halted' })).trading_state, 'halted')
    assert.equal(json(await admin.get(`${BOT}/agents${q}`)).total, 1)
    const made = await createAgent(admin, { name: 'Made by support' }, q)
    assert.equal(json(await owner.get(`${BOT}/agents/${made.agent_id}`)).name, 'Made by support')
    await assertAllNeedCredentials(t.anon, [
      ['GET', `${BOT}/agents`],
      ['POST', `${BOT}/agents`],
      ['GET', url],
      ['PATCH', url],
      ['DELETE', url],
      ['POST', `${url}/credentials`],
    ])
  })
})

const NO_LIMITS = {
  max_orders_per_day: null,
  max_notional_per_day: null,
  max_order_notional: null,
  max_position_weight: null,
  max_open_positions: null,
  max_orders_per_minute: null,
}
