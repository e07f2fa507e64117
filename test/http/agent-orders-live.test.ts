/**
 * A live agent's orders go to the account's connected broker (the Alpaca sandbox, linked through
 * the real OAuth flow): placed with our client order id, read back by the fills job (never placed
 * twice), a broker's fill report applied (status, fill, the agent's position by the delta), canceled there; a broker's refusal is `broker_rejected`, counted as
 * `broker.rejected`, with the day's budget given back.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { PGlite } from '@electric-sql/pglite'
import { gateInternals } from '../../src/modules/agents/bot-controls/gate/gate-wiring.service.ts'
import { syncOpenOrders } from '../../src/modules/agents/bot-controls/gate/sync-orders.job.ts'
import { json, type Body } from '../helpers/assertions.ts'
import { connectAlpaca } from '../helpers/brokers.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { createAgent, gateWorld, order, placed, START, usage } from './agent-orders-fixtures.ts'

const { clock } = gateWorld()
const t = useTestApp({ clock })

/** A tenant with Alpaca connected, its linked account, and a live agent. */
async function liveAgent(): Promise<{ u: Client; account: number; agent: number }> {
  const u = await t.newTenant()
  await connectAlpaca(t, u, 'post')
  const accounts = json(await u.get('/api/accounts')).items as Body[]
  const account = accounts.find((a) => a.broker_type === 'brokera')!.id as number
  const agent = await createAgent(u, { settings: { mode: 'live' } })
  return { u, account, agent }
}

/** The agent's net AAPL quantity as the fills left it. */
async function position(tenantId: number, agentId: number): Promise<string> {
  const row = await t.c.scopes.withTenant(tenantId, ({ db }) =>
    db
      .selectFrom('bot_position')
      .select('qty')
      .where('agent_id', '=', agentId)
      .where('symbol', '=', 'AAPL')
      .executeTakeFirst(),
  )
  return String(Number(row?.qty ?? 0))
}

const brokerOrders = async (u: Client) => json(await u.get('/api/brokera/orders?status=all')).items as Body[]

describe('live agent orders through the Alpaca sandbox', () => {
  it('places at the broker with our client order id; the fills job reads the fill into the position', async () => {
    const { u, account, agent } = await liveAgent()
    // A buy limit far under the market rests at the broker whatever its session (the sandbox keeps
    // real time: a market order would fill at once while New York trades).
    const o = await placed(
      u,
      agent,
      order(account, { qty: '1', type: 'limit', limit_price: '1', time_in_force: 'gtc' }),
    )
    assert.equal(o.status, 'sent')
    assert.equal(o.mode, 'live')
    assert.equal(o.broker, 'brokera')
    assert.equal(typeof o.broker_order_id, 'string')
    const atBroker = (await brokerOrders(u)).find((b) => b.id === o.broker_order_id)!
    assert.equal(atBroker.client_order_id, `sx-${u.tenantId}-${o.order_id}`)
    assert.equal(atBroker.symbol, 'AAPL')
    assert.equal(atBroker.qty, '1')
    // The fills job finds the order still open at the broker and leaves it as it is; nothing is
    // placed again.
    const internals = gateInternals.get(t.c.botControls.orders)!
    await syncOpenOrders(internals)
    assert.equal(json(await u.get(`/api/bot-controls/orders/${o.order_id}`)).status, 'sent')
    const ours = (await brokerOrders(u)).filter((b) => b.client_order_id === `sx-${u.tenantId}-${o.order_id}`)
    assert.equal(ours.length, 1)
    // What the job applies when the broker reports fills: the status, and the fill delta into the position.
    const reported = (filledQty: string, status: string) => ({
      id: o.broker_order_id as string,
      clientOrderId: null,
      symbol: 'AAPL',
      side: 'buy',
      type: 'limit',
      timeInForce: 'gtc',
      status,
      qty: '1',
      notional: null,
      filledQty,
      filledAvgPrice: '0.99',
      limitPrice: '1',
      stopPrice: null,
      extendedHours: false,
      createdAt: START,
      submittedAt: START,
      filledAt: null,
      canceledAt: null,
    })
    await internals.execution.apply(u.tenantId, o.order_id, 'brokera', reported('0.4', 'partially_filled'))
    assert.equal(await position(u.tenantId, agent), '0.4')
    await internals.execution.apply(u.tenantId, o.order_id, 'brokera', reported('1', 'filled'))
    assert.equal(await position(u.tenantId, agent), '1')
    const after = json(await u.get(`/api/bot-controls/orders/${o.order_id}`))
    assert.deepEqual([after.status, after.filled_qty, after.filled_avg_price], ['filled', '1', '0.99'])
    // A filled order is closed: a late report changes nothing.
    await internals.execution.apply(u.tenantId, o.order_id, 'brokera', reported('2', 'filled'))
    assert.equal(await position(u.tenantId, agent), '1')
    assert.equal((await usage(u, agent)).open_positions, 1)
  })

  it(
    'reads the broker connection alongside the pass: a resting order is three calls into PGlite',
    {
      skip: process.env['DATABASE_URL'] ? 'PGlite only: PostgreSQL runs them side by side' : false,
    },
    async () => {
      const { u, account, agent } = await liveAgent()
      const resting = (n: number) =>
        order(account, {
          type: 'limit',
          limit_price: '1',
          time_in_force: 'gtc',
          client_order_id: `call-${n}`,
        })
      await placed(u, agent, resting(1)) // every statement prepared
      const calls: string[] = []
      const original = PGlite.prototype.execProtocolRawStream
      PGlite.prototype.execProtocolRawStream = function (this: PGlite, message, opts) {
        calls.push(Buffer.from(message).toString('latin1'))
        return original.call(this, message, opts)
      }
      try {
        const o = await placed(u, agent, resting(2))
        assert.equal(o.status, 'sent')
        assert.equal(typeof o.broker_order_id, 'string')
      } finally {
        PGlite.prototype.execProtocolRawStream = original
      }
      // The gate's read; its pass with the connection's read (two statements, each to its Sync); the
      // broker's answer. The request's sign-in adds none (the session is cached).
      const statements = calls.map((c) => c.split('S\0\0\0\x04').length - 1)
      assert.deepEqual(statements, [1, 2, 1], `calls: ${calls.length}`)
    },
  )

  it('a connection whose token cannot be read, found as the pass is written: broker_rejected, budget back', async () => {
    const { u, account, agent } = await liveAgent()
    await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .updateTable('broker_connection')
        .set({ access_token_enc: 'v1.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA' })
        .where('tenant_id', '=', u.tenantId)
        .execute(),
    )
    const o = await placed(
      u,
      agent,
      order(account, { type: 'limit', limit_price: '1', time_in_force: 'gtc' }),
    )
    assert.equal(o.status, 'broker_rejected')
    assert.equal(o.broker, 'brokera')
    assert.equal(o.broker_order_id, null)
    assert.match(o.reject_detail, /reconnect|connect again/)
    const use = await usage(u, agent)
    assert.deepEqual([use.orders, use.notional, use.rejections], [0, '0.00', { 'broker.rejected': 1 }])
  })

  it('cancels a resting limit order at the broker', async () => {
    const { u, account, agent } = await liveAgent()
    const o = await placed(
      u,
      agent,
      order(account, { type: 'limit', limit_price: '1', time_in_force: 'gtc' }),
    )
    assert.equal(o.status, 'sent')
    const res = await u.post(`/api/bot-controls/agents/${agent}/orders/${o.order_id}/cancel`)
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(res).status, 'canceled')
    assert.equal((await brokerOrders(u)).find((b) => b.id === o.broker_order_id)!.status, 'canceled')
  })

  it('a refusal by the broker is broker_rejected with its message; the budget comes back', async () => {
    const { u, account, agent } = await liveAgent()
    // Far more than the sandbox account can pay for: Alpaca answers 403 insufficient buying power.
    const o = await placed(u, agent, order(account, { type: 'limit', qty: '1000000', limit_price: '500' }))
    assert.equal(o.status, 'broker_rejected')
    assert.equal(o.reject_reason, 'broker.rejected')
    assert.match(o.reject_detail, /buying power/)
    const use = await usage(u, agent)
    assert.deepEqual([use.orders, use.notional, use.rejections], [0, '0.00', { 'broker.rejected': 1 }])
  })
})
