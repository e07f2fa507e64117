/**
 * Limits, usage and the approval threshold under /api/bot-controls: decimals as exact strings (at
 * their boundaries; JSON numbers refused), usage of today's New York trading day, and the override
 * taking precedence over the tenant threshold.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertFieldError, assertProblem, json } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { BOT, createAgent, seedApproval, seedOrder } from './bot-controls-fixtures.ts'

// 04:58 UTC on the 25th is still the 24th in New York (23:58 EST).
const clock = fixedClock('2026-11-25T04:58:00Z')
const t = useTestApp({ clock })

const LIMITS = {
  max_orders_per_day: 20,
  max_notional_per_day: '25000.5',
  max_order_notional: '999999999999999999.99',
  max_position_weight: '0.250000',
  max_open_positions: 0,
  max_orders_per_minute: 3,
}

const effective = (u: Client, accountId: number) =>
  t.c.scopes.withTenant(u.tenantId, (s) => t.c.botControls.threshold.effective(s, accountId))

describe('bot-controls limits', () => {
  it('replaces all six limits; decimals come back exact, money with two places', async () => {
    const u = await t.newTenant()
    const a = await createAgent(u)
    const url = `${BOT}/agents/${a.agent_id}/limits`
    const res = await u.put(url, LIMITS)
    assert.equal(res.statusCode, 200, res.body)
    const want = {
      agent_id: a.agent_id,
      max_orders_per_day: 20,
      max_notional_per_day: '25000.50',
      max_order_notional: '999999999999999999.99',
      max_position_weight: '0.25',
      max_open_positions: 0,
      max_orders_per_minute: 3,
      updated_at: clock.now().toISOString(),
    }
    assert.deepEqual(json(res), want)
    assert.deepEqual(json(await u.get(url)), want)
    const policy = await t.c.scopes.withTenant(u.tenantId, (s) => t.c.botControls.policy.read(s, a.agent_id))
    assert.deepEqual(policy?.limits, {
      maxOrdersPerDay: 20,
      maxNotionalPerDay: '25000.50',
      maxOrderNotional: '999999999999999999.99',
      maxPositionWeight: '0.25',
      maxOpenPositions: 0,
      maxOrdersPerMinute: 3,
    })
    const edge = json(await u.put(url, { ...LIMITS, max_position_weight: '1', max_order_notional: '0.01' }))
    assert.deepEqual([edge.max_position_weight, edge.max_order_notional], ['1', '0.01'])
    assert.equal(
      json(await u.put(url, { ...LIMITS, max_position_weight: '0.000001' })).max_position_weight,
      '0.000001',
    )
  })

  it('refuses numbers, too many places, negatives, out-of-range weights and missing fields with 422', async () => {
    const u = await t.newTenant()
    const a = await createAgent(u)
    const url = `${BOT}/agents/${a.agent_id}/limits`
    const number = assertProblem(
      await u.put(url, { ...LIMITS, max_order_notional: 5000 }),
      422,
      'validation.failed',
    )
    assert.deepEqual(number.errors[0].loc, ['body', 'max_order_notional'])
    assert.match(number.errors[0].msg, /send numbers as strings/)
    const places = assertProblem(
      await u.put(url, { ...LIMITS, max_notional_per_day: '10.001' }),
      422,
      'validation.failed',
    )
    assert.match(places.errors[0].msg, /at most 2 decimal places/)
    assertFieldError(await u.put(url, { ...LIMITS, max_order_notional: '-1.00' }), [
      'body',
      'max_order_notional',
    ])
    assertFieldError(await u.put(url, { ...LIMITS, max_order_notional: '1e3' }), [
      'body',
      'max_order_notional',
    ])
    // 19 digits before the point: over the cap, which the message states
    const huge = assertProblem(
      await u.put(url, { ...LIMITS, max_order_notional: '1000000000000000000' }),
      422,
      'validation.failed',
    )
    assert.deepEqual(huge.errors[0].loc, ['body', 'max_order_notional'])
    assert.match(huge.errors[0].msg, /at most 999999999999999999\.99 \(up to 18 digits before the point/)
    const topUrl = `${BOT}/agents/${(await createAgent(u, { name: 'Top' })).agent_id}/limits`
    const top = await u.put(topUrl, { ...LIMITS, max_order_notional: '999999999999999999.99' })
    assert.equal(top.statusCode, 200, top.body)
    assert.equal(json(top).max_order_notional, '999999999999999999.99')
    assertFieldError(await u.put(url, { ...LIMITS, max_position_weight: '1.000001' }), [
      'body',
      'max_position_weight',
    ])
    assertFieldError(await u.put(url, { ...LIMITS, max_position_weight: '0.0000001' }), [
      'body',
      'max_position_weight',
    ])
    assertFieldError(await u.put(url, { ...LIMITS, max_position_weight: 0.5 }), [
      'body',
      'max_position_weight',
    ])
    assertFieldError(await u.put(url, { ...LIMITS, max_orders_per_day: -1 }), ['body', 'max_orders_per_day'])
    assertFieldError(await u.put(url, { ...LIMITS, max_orders_per_day: 1.5 }), ['body', 'max_orders_per_day'])
    assertFieldError(await u.put(url, { ...LIMITS, max_orders_per_day: '5' }), ['body', 'max_orders_per_day'])
    const { max_open_positions: _, ...five } = LIMITS
    assertFieldError(await u.put(url, five), ['body', 'max_open_positions'])
    assert.equal(json(await u.get(url)).max_order_notional, null, 'nothing saved by a refused PUT')
  })

  it('shows today’s New York usage: counters, rejections, live pending approvals, open positions, what remains', async () => {
    const u = await t.newTenant()
    const acct = await createManualAccount(u)
    const a = await createAgent(u)
    const other = await createAgent(u, { name: 'Other' })
    await u.put(`${BOT}/agents/${a.agent_id}/limits`, { ...LIMITS, max_notional_per_day: '1000.00' })
    const empty = json(await u.get(`${BOT}/agents/${a.agent_id}/usage`))
    assert.deepEqual(
      [
        empty.trading_day,
        empty.orders,
        empty.notional,
        empty.rejections,
        empty.rejections_total,
        empty.remaining,
      ],
      ['2026-11-24', 0, '0.00', {}, 0, { orders_per_day: 20, notional_per_day: '1000.00' }],
    )
    await t.c.scopes.withTenant(u.tenantId, async (s) => {
      const day = (
        trading_day: string,
        agent_id: number,
        orders: number,
        notional: string,
        rejections: object,
      ) =>
        s.db
          .insertInto('bot_usage_day')
          .values({
            tenant_id: u.tenantId,
            agent_id,
            trading_day,
            orders,
            notional,
            rejections: JSON.stringify(rejections),
          })
          .execute()
      await day('2026-11-24', a.agent_id, 3, '999.99', {
        'limit.max_order_notional': 2,
        'symbol.not_allowed': 1,
      })
      await day('2026-11-23', a.agent_id, 9, '5000', { 'state.halted': 4 })
      await day('2026-11-24', other.agent_id, 7, '70', {})
      const pos = (symbol: string, qty: string) =>
        s.db
          .insertInto('bot_position')
          .values({ tenant_id: u.tenantId, agent_id: a.agent_id, account_id: acct, symbol, qty })
          .execute()
      await pos('AAPL', '10')
      await pos('MSFT', '-2.5')
      await pos('SPY', '0')
    })
    const held = await seedOrder(t, u, {
      agentId: a.agent_id,
      accountId: acct,
      status: 'pending_approval',
      day: '2026-11-24',
    })
    const stale = await seedOrder(t, u, {
      agentId: a.agent_id,
      accountId: acct,
      status: 'pending_approval',
      day: '2026-11-24',
    })
    await seedApproval(t, u, {
      agentId: a.agent_id,
      orderId: held,
      expiresAt: new Date(clock.now().getTime() + 60_000),
    })
    await seedApproval(t, u, { agentId: a.agent_id, orderId: stale, expiresAt: clock.now() })
    const usage = json(await u.get(`${BOT}/agents/${a.agent_id}/usage`))
    assert.deepEqual(
      { ...usage, limits: usage.limits.max_notional_per_day },
      {
        agent_id: a.agent_id,
        trading_day: '2026-11-24',
        orders: 3,
        notional: '999.99',
        rejections: { 'limit.max_order_notional': 2, 'symbol.not_allowed': 1 },
        rejections_total: 3,
        pending_approvals: 1,
        open_positions: 2,
        limits: '1000.00',
        remaining: { orders_per_day: 17, notional_per_day: '0.01' },
      },
    )
    clock.advance(2 * 60_000 + 1000) // 00:00:01 in New York: a new trading day
    const reset = json(await u.get(`${BOT}/agents/${a.agent_id}/usage`))
    assert.deepEqual(
      [reset.trading_day, reset.orders, reset.notional, reset.rejections_total],
      ['2026-11-25', 0, '0.00', 0],
    )
  })
})

describe('bot-controls approval threshold', () => {
  it('starts with none; the tenant threshold, then an account override, which takes precedence', async () => {
    const u = await t.newTenant()
    const ira = await createManualAccount(u, 'IRA')
    const taxable = await createManualAccount(u, 'Taxable')
    assert.deepEqual(json(await u.get(`${BOT}/approval-threshold`)), {
      tenant_id: u.tenantId,
      threshold: null,
      overrides: [],
      updated_at: null,
    })
    assert.equal(await effective(u, ira), null)
    const put = json(await u.put(`${BOT}/approval-threshold`, { threshold: '2500' }))
    assert.deepEqual([put.threshold, put.updated_at], ['2500.00', clock.now().toISOString()])
    assert.deepEqual([await effective(u, ira), await effective(u, taxable)], ['2500.00', '2500.00'])
    const o = json(
      await u.put(`${BOT}/approval-threshold/account-override`, { account_id: ira, threshold: '0' }),
    )
    assert.deepEqual(o.overrides, [{ account_id: ira, account_name: 'IRA', threshold: '0.00' }])
    assert.deepEqual([await effective(u, ira), await effective(u, taxable)], ['0.00', '2500.00'])
    await u.put(`${BOT}/approval-threshold`, { threshold: null })
    assert.deepEqual(
      [await effective(u, ira), await effective(u, taxable)],
      ['0.00', null],
      'the override outlives the tenant threshold',
    )
    const removed = json(
      await u.put(`${BOT}/approval-threshold/account-override`, { account_id: ira, threshold: null }),
    )
    assert.deepEqual([removed.threshold, removed.overrides], [null, []])
    assert.equal(await effective(u, ira), null)
  })

  it('refuses another tenant’s account and bad amounts with 422; an administrator sets another tenant’s', async () => {
    const u = await t.newTenant()
    const other = await t.newTenant()
    const admin = await t.newTenant({ role: 'admin' })
    const theirs = await createManualAccount(other)
    const refused = assertProblem(
      await u.put(`${BOT}/approval-threshold/account-override`, { account_id: theirs, threshold: '1.00' }),
      422,
      'bot.account_not_found',
    )
    assert.deepEqual(refused.errors[0].loc, ['body', 'account_id'])
    assert.equal(await effective(other, theirs), null)
    assertFieldError(await u.put(`${BOT}/approval-threshold`, { threshold: 100 }), ['body', 'threshold'])
    assertFieldError(await u.put(`${BOT}/approval-threshold`, { threshold: '1.005' }), ['body', 'threshold'])
    const over = await u.put(`${BOT}/approval-threshold`, { threshold: '1000000000000000000.00' })
    assertFieldError(over, ['body', 'threshold'])
    assert.match(over.body, /at most 999999999999999999\.99/)
    assertFieldError(await u.put(`${BOT}/approval-threshold`, {}), ['body', 'threshold'])
    assertProblem(
      await u.put(`${BOT}/approval-threshold?tenant_id=${other.tenantId}`, { threshold: '1' }),
      403,
      'auth.tenant_forbidden',
    )
    const q = `?tenant_id=${other.tenantId}`
    assert.equal(
      json(await admin.put(`${BOT}/approval-threshold${q}`, { threshold: '10.10' })).tenant_id,
      other.tenantId,
    )
    assert.equal(json(await other.get(`${BOT}/approval-threshold`)).threshold, '10.10')
    assert.equal(json(await admin.get(`${BOT}/approval-threshold`)).threshold, null)
  })
})
