/** Set-up shared by the bot-controls HTTP tests: agents through the API, rows the gate would write. */
import assert from 'node:assert/strict'
import { json, type Body } from '../helpers/assertions.ts'
import type { Client, TestApp } from '../helpers/test-app.ts'

export const BOT = '/api/bot-controls'

export async function createAgent(u: Pick<Client, 'post'>, body: Body = {}, query = ''): Promise<Body> {
  const res = await u.post(`${BOT}/agents${query}`, { name: 'Rebalancer', ...body })
  assert.equal(res.statusCode, 201, res.body)
  return json(res)
}

/** An order row as the gate records it (tests of the views only: the gate's own tests cover the gate). */
export async function seedOrder(
  t: TestApp,
  u: Client,
  o: { agentId: number; accountId: number; status: string; day: string; id?: string },
): Promise<number> {
  const row = await t.c.scopes.withTenant(u.tenantId, (s) =>
    s.db
      .insertInto('bot_order')
      .values({
        tenant_id: u.tenantId,
        agent_id: o.agentId,
        account_id: o.accountId,
        client_order_id: o.id ?? `c-${Math.random().toString(36).slice(2)}`,
        symbol: 'AAPL',
        side: 'buy',
        qty: '10',
        notional: null,
        order_type: 'limit',
        limit_price: '150',
        time_in_force: 'day',
        mode: 'paper',
        priced_notional: '1500',
        reference_price: '150',
        status: o.status as 'sent',
        reject_reason: null,
        reject_detail: null,
        broker: null,
        broker_order_id: null,
        via: 'rest',
        trading_day: o.day,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  return Number(row.id)
}

export async function seedApproval(
  t: TestApp,
  u: Client,
  a: { agentId: number; orderId: number; expiresAt: Date },
): Promise<number> {
  const row = await t.c.scopes.withTenant(u.tenantId, (s) =>
    s.db
      .insertInto('bot_approval')
      .values({
        tenant_id: u.tenantId,
        order_id: a.orderId,
        agent_id: a.agentId,
        order_hash: 'h',
        band_low: null,
        band_high: null,
        status: 'pending',
        expires_at: a.expiresAt,
        decided_by: null,
        decided_at: null,
        decision_note: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  return Number(row.id)
}
