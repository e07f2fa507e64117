/** Cross-tenant sweep fixtures: the owner creates an agent; another tenant must get 404 on it. */
import { created, type SweepCaller, type SweepFixture, type SweepTarget } from '../../module.ts'

async function agent(owner: SweepCaller): Promise<{ params: { agent_id: number } }> {
  const { agent_id } = await created(await owner.post('/api/bot-controls/agents', { name: 'Sweep agent' }))
  return { params: { agent_id: agent_id! } }
}

const NO_LIMITS = {
  max_orders_per_day: 1,
  max_notional_per_day: '1.00',
  max_order_notional: '1.00',
  max_position_weight: '0.1',
  max_open_positions: 1,
  max_orders_per_minute: 1,
}

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

/** The owner's account, agent and one of its orders (a paper limit order that rests, so it can be canceled). */
async function agentOrder(
  owner: SweepCaller,
): Promise<SweepTarget & { params: { agent_id: number; order_id: number } }> {
  const { id: accountId } = await created(
    await owner.post('/api/accounts', { name: 'Sweep', broker_type: 'manual' }),
  )
  const { agent_id: agentId } = await created(
    await owner.post('/api/bot-controls/agents', { name: 'Sweep orders' }),
  )
  const order = await created(
    await owner.post(`/api/bot-controls/agents/${agentId}/orders`, { ...ORDER, account_id: accountId }),
  )
  return { params: { agent_id: agentId!, order_id: order.order_id! } }
}

/** A buy limit far below any quote: it rests as sent. */
const ORDER = {
  symbol: 'AAPL',
  side: 'buy',
  qty: '1',
  type: 'limit',
  limit_price: '0.01',
  time_in_force: 'gtc',
  client_order_id: 'sweep-order',
}

export const botControlsSweep: Record<string, SweepFixture> = {
  getBotAgent: agent,
  updateBotAgent: async (owner) => ({ ...(await agent(owner)), body: { trading_state: 'halted' } }),
  archiveBotAgent: agent,
  issueBotAgentCredential: async (owner) => ({ ...(await agent(owner)), body: {} }),
  getBotAgentLimits: agent,
  putBotAgentLimits: async (owner) => ({ ...(await agent(owner)), body: NO_LIMITS }),
  getBotAgentUsage: agent,
  getBotApproval: heldOrder,
  approveBotApproval: heldOrder,
  rejectBotApproval: async (owner) => ({ ...(await heldOrder(owner)), body: { note: 'Intruder' } }),
  placeAgentOrder: async (owner) => ({ ...(await agent(owner)), body: { ...ORDER, account_id: 1 } }),
  simulateAgentOrder: async (owner) => ({ ...(await agent(owner)), body: { ...ORDER, account_id: 1 } }),
  listAgentOrders: agent,
  getAgentOrder: async (owner) => ({ params: { order_id: (await agentOrder(owner)).params.order_id } }),
  cancelAgentOrder: agentOrder,
}
