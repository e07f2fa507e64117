/**
 * A live agent's held order, approved, reaches the connected Alpaca account (the in-process sandbox):
 * nothing is sent while it waits, one order is placed at approval, with the gate's client order id.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { json } from '../helpers/assertions.ts'
import { connectAlpaca } from '../helpers/brokers.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { agentWithThreshold, place } from './agent-approvals-fixtures.ts'

const t = useTestApp()
const sandbox = () => t.c.providers.brokers.sandbox!.alpaca!
const BASE = '/api/bot-controls/approvals'
const placed = () => sandbox().requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders')

describe('agent approvals: approve and send (Alpaca sandbox)', () => {
  it('sends the approved order of a live agent to the connected Alpaca account, once', async () => {
    const u = await t.newTenant()
    await connectAlpaca(t, u, 'post')
    const link = await t.c.scopes.withTenant(u.tenantId, (s) =>
      s.db.selectFrom('broker_linked_account').select('account_id').executeTakeFirstOrThrow(),
    )
    const { accountId, agentId } = await agentWithThreshold(u, '100.00', Number(link.account_id))
    const live = await u.patch(`/api/bot-controls/agents/${agentId}`, { mode: 'live' })
    assert.equal(live.statusCode, 200, live.body)
    const before = placed().length
    const held = await place(u, agentId, {
      account_id: accountId,
      qty: '3',
      type: 'limit',
      limit_price: '50',
      client_order_id: 'approve-me',
    })
    assert.deepEqual([held.status, held.mode, held.priced_notional], ['pending_approval', 'live', '150.00'])
    assert.equal(placed().length, before, 'nothing reaches the broker while the order waits')
    const res = await u.post(`${BASE}/${held.approval_id}/approve`)
    assert.equal(res.statusCode, 200, res.body)
    const a = json(res)
    assert.deepEqual([a.status, a.order.status, a.order.broker], ['sent', 'sent', 'brokera'])
    assert.ok(a.order.broker_order_id, 'the broker’s order id is kept')
    const sent = placed().slice(before)
    assert.equal(sent.length, 1)
    const body = sent[0]!.body as Record<string, unknown>
    assert.deepEqual(
      [body.symbol, body.qty, body.side, body.type, body.limit_price],
      ['AAPL', '3', 'buy', 'limit', '50'],
    )
    const orders = json(await u.get('/api/brokera/orders?status=all'))
    assert.ok(JSON.stringify(orders).includes(String(a.order.broker_order_id)), 'the account lists the order')
  })
})
