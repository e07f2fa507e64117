/**
 * Whether a held order's agent may still send it, read in the approval decision's transaction: an
 * approval does not outrank the agent's switches. A disabled, halted or archived agent sends
 * nothing; a reducing agent sends only an order that still reduces its position.
 */
import { decDiv } from '../../../../kernel/decimal/index.ts'
import type { TenantScope } from '../../../../platform/db/index.ts'
import * as orders from '../gate/orders.repository.ts'
import { reduces } from '../lib/gate-rules.ts'
import type { PolicyReader } from '../policy.service.ts'
import type { OrderRow } from './approvals.repository.ts'

export type AgentRefusal = { reason: string; detail: string } | null

export function agentRefusal(policy: PolicyReader) {
  return async (s: TenantScope, o: OrderRow): Promise<AgentRefusal> => {
    const p = await policy.read(s, o.agent_id)
    if (!p) return { reason: 'agent.archived', detail: `agent ${o.agent_id} is archived` }
    const name = `agent “${p.agent.name}”`
    if (!p.agent.enabled) return { reason: 'agent.disabled', detail: `${name} is disabled` }
    if (p.agent.tradingState === 'halted') return { reason: 'state.halted', detail: `${name} is halted` }
    if (p.agent.tradingState !== 'reducing') return null
    const held = (await orders.positions(s, o.agent_id)).find(
      (x) => x.account_id === o.account_id && x.symbol === o.symbol,
    )
    // A notional order's quantity is what the gate priced it at.
    const qty = o.qty ?? decDiv(o.notional ?? '0', o.reference_price, 9) ?? '0'
    const check = reduces(o.side, qty, held?.qty ?? '0')
    return check.passed ? null : { reason: 'state.reducing', detail: `${name}: ${check.detail}` }
  }
}
