/**
 * A live agent's order to an account linked to Schwab when this server has no Schwab app (its
 * credentials removed since the connection was made): the order never reached a broker, so it is
 * `broker_rejected` with the day's budget given back — not left `sent` as an uncertain outcome.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { useTestApp } from '../helpers/test-app.ts'
import { createAccount, createAgent, gateWorld, order, placed, usage } from './agent-orders-fixtures.ts'

const { clock, market } = gateWorld()
// No broker configured: no adapters, no Schwab, no sandbox.
const t = useTestApp({ clock, providers: { market, brokers: { adapters: {}, schwab: null, sandbox: null } } })
market.prices.set('AAPL', 100)

describe('a live agent order when its broker is not configured on this server', () => {
  it('Schwab not configured: broker_rejected with the reason, the budget given back', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    // A Schwab connection and link made while the server had a Schwab app.
    await t.c.scopes.withTenant(u.tenantId, async ({ db }) => {
      const c = await db
        .insertInto('broker_connection')
        .values({
          tenant_id: u.tenantId,
          broker_type: 'brokerb',
          user_id: u.userId,
          status: 'connected',
          // Sealed under the Schwab app of the time; never opened: the server has none now.
          access_token_enc: 'v1.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db
        .insertInto('broker_linked_account')
        .values({
          tenant_id: u.tenantId,
          connection_id: c.id,
          external_id: 'HASH-1',
          account_number: '12345678',
          account_id: account,
        })
        .execute()
    })
    const agent = await createAgent(u, { settings: { mode: 'live' } })
    const o = await placed(u, agent, order(account, { type: 'limit', limit_price: '90' }))
    assert.equal(o.status, 'broker_rejected', JSON.stringify(o))
    assert.equal(o.reject_reason, 'broker.rejected')
    assert.match(o.reject_detail, /brokerb is not configured on this server/)
    assert.equal(o.broker, 'brokerb')
    assert.equal(o.broker_order_id, null)
    const use = await usage(u, agent)
    assert.deepEqual([use.orders, use.notional, use.rejections], [0, '0.00', { 'broker.rejected': 1 }])
  })
})
