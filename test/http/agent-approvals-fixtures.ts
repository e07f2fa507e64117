/**
 * Shared set-up of the approval-queue tests: a session-time clock, a market whose quotes a test can
 * move, and a held order (an agent of the tenant, its order held above the threshold).
 */
import assert from 'node:assert/strict'
import { fixedClock } from '../../src/platform/clock.ts'
import { nyDate } from '../../src/kernel/calendar/nyse.ts'
import type { TenantScope } from '../../src/platform/db/index.ts'
import { json, type Body } from '../helpers/assertions.ts'
import type { Client, TestApp } from '../helpers/test-app.ts'
import { QuotedMarket } from './agent-orders-fixtures.ts'

/** Wednesday 2026-11-25, 10:00 New York: the regular session is trading. */
export const T0 = '2026-11-25T15:00:00Z'

export function approvalsWorld() {
  const clock = fixedClock(T0)
  return { clock, market: new QuotedMarket({ clock }) }
}

export interface HeldInput {
  symbol?: string
  side?: 'buy' | 'sell'
  qty?: string | null
  notional?: string | null
  type?: 'market' | 'limit'
  limit_price?: string | null
  reference_price: string
  priced_notional: string
}

let seq = 0

/**
 * An order held for approval the way the gate holds one: the agent, its order `pending_approval`
 * counted in the day's usage, and `approvals.hold` in the same transaction, then `announce` after it.
 */
export async function seedHeld(t: TestApp, u: Client, o: HeldInput) {
  const held = await t.c.scopes.withTenant(u.tenantId, (s) => insertHeld(t, s, u, o))
  // Committed: the creator is told, as the gate does after its transaction.
  await t.c.botControls.approvals.announce(u.tenantId, held.approvalId)
  return held
}

/** `seedHeld`'s writes in the caller's transaction `s` (nothing announced). */
export async function insertHeld(t: TestApp, s: TenantScope, u: Client, o: HeldInput) {
  const now = t.c.clock.now()
  // Live agents' names are unique per tenant: the first is Rebalancer, later ones Rebalancer 2, 3…
  const { n } = await s.db
    .selectFrom('bot_agent')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', u.tenantId)
    .executeTakeFirstOrThrow()
  const name = Number(n) === 0 ? 'Rebalancer' : `Rebalancer ${Number(n) + 1}`
  const agent = await s.db
    .insertInto('bot_agent')
    .values({ tenant_id: u.tenantId, name, created_by: u.userId })
    .returning('id')
    .executeTakeFirstOrThrow()
  const type = o.type ?? 'market'
  const order = await s.db
    .insertInto('bot_order')
    .values({
      tenant_id: u.tenantId,
      agent_id: agent.id,
      account_id: 1,
      client_order_id: `held-${++seq}`,
      symbol: o.symbol ?? 'AAPL',
      side: o.side ?? 'buy',
      qty: o.qty === undefined ? '10' : o.qty,
      notional: o.notional ?? null,
      order_type: type,
      limit_price: o.limit_price ?? null,
      time_in_force: 'day',
      mode: 'paper',
      priced_notional: o.priced_notional,
      reference_price: o.reference_price,
      status: 'pending_approval',
      via: 'rest',
      trading_day: nyDate(now),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  await s.db
    .insertInto('bot_usage_day')
    .values({
      tenant_id: u.tenantId,
      agent_id: agent.id,
      trading_day: nyDate(now),
      orders: 1,
      notional: o.priced_notional,
    })
    .execute()
  const { approvalId } = await t.c.botControls.approvals.hold(s, order, o.reference_price)
  return { agentId: agent.id, orderId: order.id, approvalId }
}

/** The agent's usage row of the order's day. */
export const usageOf = (t: TestApp, tenantId: number, agentId: number) =>
  t.c.scopes.withTenant(tenantId, (s) =>
    s.db.selectFrom('bot_usage_day').selectAll().where('agent_id', '=', agentId).executeTakeFirstOrThrow(),
  )

/** An account of the tenant, an agent (created by `u`) and the tenant's approval threshold. */
export async function agentWithThreshold(u: Client, threshold: string | null, accountId?: number) {
  const account =
    accountId ?? json(await u.post('/api/accounts', { name: 'Brokerage', broker_type: 'manual' })).id
  const th = await u.put('/api/bot-controls/approval-threshold', { threshold })
  assert.equal(th.statusCode, 200, th.body)
  const agent = await u.post('/api/bot-controls/agents', { name: 'Rebalancer' })
  assert.equal(agent.statusCode, 201, agent.body)
  return { accountId: account as number, agentId: json(agent).agent_id as number }
}

let orderSeq = 0

/** Places an order through the gate as `u` (a user, or an agent's key in `headers`); answers the order view. */
export async function place(
  u: Client,
  agentId: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Body> {
  const res = await u.post(
    `/api/bot-controls/agents/${agentId}/orders`,
    {
      symbol: 'AAPL',
      side: 'buy',
      type: 'market',
      time_in_force: 'day',
      client_order_id: `o-${++orderSeq}`,
      ...body,
    },
    headers,
  )
  assert.equal(res.statusCode, 201, res.body)
  return json(res)
}
