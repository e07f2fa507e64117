/** Cross-tenant sweep fixtures: the owner creates an agent; another tenant must get 404 on it. */
import { created, type SweepCaller, type SweepFixture, type SweepTarget } from '../../module.ts'

/** The owner's order held for approval: an account, a zero threshold, an agent, a limit order above it. */
async function heldOrder(owner: SweepCaller): Promise<SweepTarget> {
  const { id: accountId } = await created(
    await owner.post('/api/accounts', { name: 'Sweep', broker_type: 'manual' }),
  )
  const threshold = await owner.put('/api/bot-controls/approval-threshold', { threshold: '0.00' })
  if (threshold.statusCode !== 200)
    throw new Error(`sweep fixture: threshold ${threshold.statusCode}: ${threshold.body}`)
  const { agent_id: agentId } = await created(await owner.post('/api/bot-controls/agents', { name: 'Sweep' }))
  const order = await created(
    await owner.post(`/api/bot-controls/agents/${agentId}/orders`, {
      account_id: accountId,
      symbol: 'AAPL',
      side: 'buy',
      qty: '1',
      type: 'limit',
      limit_price: '10',
      time_in_force: 'day',
      client_order_id: 'sweep-held',
    }),
  )
  if (!order.approval_id) throw new Error(`sweep fixture: the order was not held: ${JSON.stringify(order)}`)
  return { params: { approval_id: order.approval_id } }
}

export const botControlsSweep: Record<string, SweepFixture> = {
  getBotApproval: heldOrder,
  approveBotApproval: heldOrder,
  rejectBotApproval: async (owner) => ({ ...(await heldOrder(owner)), body: { note: 'Intruder' } }),
}
