/** Cross-tenant sweep fixtures: the owner creates an agent; another tenant must get 404 on it. */
import { created, type SweepCaller, type SweepFixture } from '../../module.ts'

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

export const botControlsSweep: Record<string, SweepFixture> = {
  getBotAgent: agent,
  updateBotAgent: async (owner) => ({ ...(await agent(owner)), body: { trading_state: 'halted' } }),
  archiveBotAgent: agent,
  issueBotAgentCredential: async (owner) => ({ ...(await agent(owner)), body: {} }),
  getBotAgentLimits: agent,
  putBotAgentLimits: async (owner) => ({ ...(await agent(owner)), body: NO_LIMITS }),
  getBotAgentUsage: agent,
}
