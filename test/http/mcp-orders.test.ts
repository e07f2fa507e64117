/**
 * Orders through the MCP server, with the SDK's own client: the same gate as the REST order route
 * (threshold boundary, limits, propose-only credentials, idempotency), simulation that writes
 * nothing, cancel, the order log, usage, and another tenant's account refused.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Client } from '@modelcontextprotocol/client'
import { json } from '../helpers/assertions.ts'
import { agentWithKey, callOk, mcpClient, type Agent } from '../helpers/mcp.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { useTestApp, type Client as ApiClient } from '../helpers/test-app.ts'

const t = useTestApp()
const open: Client[] = []
after(async () => {
  for (const c of open) await c.close()
})

let seq = 0
/** A limit buy of AAPL far below the market, so the paper broker leaves it resting (`sent`). */
const limitBuy = (account_id: number, qty: string, price = '100.00') => ({
  account_id,
  symbol: 'AAPL',
  side: 'buy',
  qty,
  type: 'limit',
  limit_price: price,
  time_in_force: 'day',
  client_order_id: `mcp-test-${++seq}`,
})

interface Setup {
  u: ApiClient
  account: number
  agent: Agent
  client: Client
}

async function setup(scopes: string[], threshold: string | null = '1000.00'): Promise<Setup> {
  const u = await t.newTenant()
  const account = await createManualAccount(u, 'Agent book')
  const th = await u.put('/api/bot-controls/approval-threshold', { threshold })
  assert.equal(th.statusCode, 200, th.body)
  const agent = await agentWithKey(u, scopes)
  const client = await mcpClient(t.app, agent.key)
  open.push(client)
  return { u, account, agent, client }
}

const EXECUTE = ['portfolio:read', 'market:read', 'orders:read', 'orders:propose', 'orders:execute']
const PROPOSE = ['portfolio:read', 'market:read', 'orders:read', 'orders:propose']

describe('MCP orders: the gate', () => {
  let s: Setup
  before(async () => {
    s = await setup(EXECUTE)
  })

  it('sends an order exactly at the approval threshold and holds one a cent above it', async () => {
    const at = await callOk(s.client, 'place_order', limitBuy(s.account, '10'))
    assert.equal(at.replayed, false)
    assert.equal(at.order.priced_notional, '1000.00')
    assert.equal(at.order.status, 'sent', JSON.stringify(at.order))
    assert.equal(at.order.via, 'mcp')
    assert.equal(at.order.approval_id, null)
    const above = await callOk(s.client, 'place_order', limitBuy(s.account, '10.0001'))
    assert.equal(above.order.priced_notional, '1000.01')
    assert.equal(above.order.status, 'pending_approval', JSON.stringify(above.order))
    // The held order is in the user's approval queue, bound to this very order.
    const approval = await s.u.get(`/api/bot-controls/approvals/${String(above.order.approval_id)}`)
    assert.equal(approval.statusCode, 200, approval.body)
    const held = json(approval.body) as { status: string; order: { order_id: number } }
    assert.equal(held.status, 'pending')
    assert.equal(held.order.order_id, above.order.order_id)
  })

  it('rejects an order over a limit with the typed reason, and counts it in usage', async () => {
    const put = await s.u.put(`/api/bot-controls/agents/${s.agent.agentId}/limits`, {
      max_orders_per_day: null,
      max_notional_per_day: null,
      max_order_notional: '500.00',
      max_position_weight: null,
      max_open_positions: null,
      max_orders_per_minute: null,
    })
    assert.equal(put.statusCode, 200, put.body)
    const atLimit = await callOk(s.client, 'place_order', limitBuy(s.account, '5'))
    assert.equal(atLimit.order.status, 'sent', JSON.stringify(atLimit.order))
    const over = await callOk(s.client, 'place_order', limitBuy(s.account, '5', '100.01'))
    assert.equal(over.order.status, 'rejected')
    assert.equal(over.order.reject_reason, 'limit.max_order_notional')
    const limits = await callOk(s.client, 'get_agent_limits')
    assert.equal(limits.usage.rejections['limit.max_order_notional'], 1)
    assert.equal(limits.limits.max_order_notional, '500.00')
  })

  it('answers the same client_order_id and order with the first result (replayed)', async () => {
    const order = limitBuy(s.account, '1')
    const first = await callOk(s.client, 'place_order', order)
    const again = await callOk(s.client, 'place_order', order)
    assert.equal(again.replayed, true)
    assert.equal(again.order.order_id, first.order.order_id)
    const other = await s.client.callTool({ name: 'place_order', arguments: { ...order, qty: '2' } })
    assert.equal(other.isError, true)
    assert.equal((other.structuredContent as { error: string }).error, 'bot.client_order_id_conflict')
    // simulate_order with the used key says what place_order just did.
    const replay = await callOk(s.client, 'simulate_order', order)
    assert.deepEqual([replay.outcome, replay.existing_order_id], ['would_replay', first.order.order_id])
    const conflict = await callOk(s.client, 'simulate_order', { ...order, qty: '2' })
    assert.deepEqual(
      [conflict.outcome, conflict.reason, conflict.existing_order_id],
      ['would_conflict', 'bot.client_order_id_conflict', first.order.order_id],
    )
  })

  it('simulates without recording, lists the agent’s orders and cancels a resting one', async () => {
    const before = await callOk(s.client, 'list_orders', { page_size: 100 })
    const sim = await callOk(s.client, 'simulate_order', {
      ...limitBuy(s.account, '4'),
      client_order_id: undefined,
    })
    assert.equal(sim.outcome, 'would_send')
    const simOver = await callOk(s.client, 'simulate_order', limitBuy(s.account, '6'))
    assert.equal(simOver.outcome, 'would_reject')
    assert.equal(simOver.reason, 'limit.max_order_notional')
    const afterSim = await callOk(s.client, 'list_orders', { page_size: 100 })
    assert.equal(afterSim.total, before.total, 'a simulation records nothing')
    const placed = await callOk(s.client, 'place_order', limitBuy(s.account, '2'))
    const listed = await callOk(s.client, 'list_orders', { status: 'sent', page_size: 100 })
    assert.ok(listed.items.some((o: { order_id: number }) => o.order_id === placed.order.order_id))
    const canceled = await callOk(s.client, 'cancel_order', { order_id: placed.order.order_id })
    assert.equal(canceled.order.status, 'canceled')
  })

  it('refuses an invalid order with the field errors, as the REST route does', async () => {
    const res = await s.client.callTool({
      name: 'place_order',
      arguments: { ...limitBuy(s.account, '1'), notional: '100.00' },
    })
    assert.equal(res.isError, true)
    const body = res.structuredContent as { error: string; status: number; errors: { loc: string[] }[] }
    assert.equal(body.error, 'validation.failed')
    assert.equal(body.status, 422)
    assert.deepEqual(body.errors[0]!.loc, ['body', 'qty'])
    const numeric = await s.client.callTool({
      name: 'place_order',
      arguments: { ...limitBuy(s.account, '1'), qty: 1 },
    })
    assert.equal(numeric.isError, true)
    assert.match(JSON.stringify(numeric.content), /qty/)
  })
})

describe('MCP orders: scopes and tenants', () => {
  it('holds every passing order of a propose-only credential for approval, even under the threshold', async () => {
    const s = await setup(PROPOSE)
    const res = await callOk(s.client, 'place_order', limitBuy(s.account, '1'))
    assert.equal(res.order.priced_notional, '100.00')
    assert.equal(res.order.status, 'pending_approval', JSON.stringify(res.order))
  })

  it('never places an order in another tenant’s account', async () => {
    const s = await setup(EXECUTE, null)
    const other = await t.newTenant()
    const foreign = await createManualAccount(other, 'Not yours')
    const res = await callOk(s.client, 'place_order', limitBuy(foreign, '1'))
    assert.equal(res.order.status, 'rejected')
    assert.equal(res.order.reject_reason, 'account.not_allowed')
    assert.equal(res.order.broker, null)
    const theirs = json(await other.get(`/api/bot-controls/agents?page_size=100`))
    assert.equal(theirs.total, 0)
  })

  it('pages the order log as far as REST does, and names a whole-number bound once', async () => {
    const s = await setup(EXECUTE, null)
    const far = await callOk(s.client, 'list_orders', { page: 100_000 })
    assert.deepEqual([far.items, far.page], [[], 100_000])
    const past = await s.client.callTool({ name: 'list_orders', arguments: { page: 100_001 } })
    assert.equal(past.isError, true)
    const text = (r: typeof past) => (r.content as { text: string }[])[0]!.text
    assert.match(text(past), /page: Too big: expected number to be <=100000$/)
    for (const order_id of [1e20, -1e20]) {
      const res = await s.client.callTool({ name: 'cancel_order', arguments: { order_id } })
      assert.equal(res.isError, true)
      assert.equal(text(res).match(/order_id:/g)?.length, 1, text(res))
      assert.doesNotMatch(text(res), /9007199254740991/)
    }
  })

  it('never shows or cancels another tenant’s agent orders', async () => {
    const a = await setup(EXECUTE, null)
    const b = await setup(EXECUTE, null)
    const bOrder = await callOk(b.client, 'place_order', limitBuy(b.account, '1'))
    assert.equal(bOrder.order.status, 'sent')
    const listed = await callOk(a.client, 'list_orders', { page_size: 100 })
    assert.equal(listed.total, 0)
    const cancel = await a.client.callTool({
      name: 'cancel_order',
      arguments: { order_id: bOrder.order.order_id },
    })
    assert.equal(cancel.isError, true)
    assert.equal((cancel.structuredContent as { status: number }).status, 404)
    const still = await callOk(b.client, 'list_orders', { status: 'sent' })
    assert.equal(still.items[0].order_id, bOrder.order.order_id)
  })
})
