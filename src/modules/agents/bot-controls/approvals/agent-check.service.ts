/**
 * Whether a held order's agent may still send it, read in the approval decision's transaction: an
 * approval does not outrank the agent's switches. A disabled, halted or archived agent sends
 * nothing; a reducing agent sends only an order that still reduces its position, net of its other
 * open or held orders on that side; and the order must still be within the agent's allow-lists
 * (symbol, New York hours at the decision, account), in the gate's order. The budget limits are not run again: the order's budget was counted when it was held.
 */
import type { TenantScope } from '../../../../platform/db/index.ts'
import * as orders from '../gate/orders.repository.ts'
import {
  accountAllowed,
  firstFailure,
  hoursAllowed,
  orderQty,
  reduces,
  symbolAllowed,
} from '../lib/gate-rules.ts'
import type { PolicyReader } from '../policy.service.ts'
import type { OrderRow } from './approvals.repository.ts'

/** `agent`: a switch (enabled, trading state) refuses; `not_allowed`: an allow-list no longer lets it through. */
export type AgentRefusal =
  | { kind: 'agent'; reason: string; detail: string }
  | { kind: 'not_allowed'; reason: string; detail: string }
  | null

export function agentRefusal(policy: PolicyReader) {
  return async (s: TenantScope, o: OrderRow, now: Date): Promise<AgentRefusal> => {
    const p = await policy.read(s, o.agent_id)
    if (!p) return { kind: 'agent', reason: 'agent.archived', detail: `agent ${o.agent_id} is archived` }
    const name = `agent “${p.agent.name}”`
    if (!p.agent.enabled) return { kind: 'agent', reason: 'agent.disabled', detail: `${name} is disabled` }
    if (p.agent.tradingState === 'halted')
      return { kind: 'agent', reason: 'state.halted', detail: `${name} is halted` }
    if (p.agent.tradingState === 'reducing') {
      const side = { agentId: o.agent_id, accountId: o.account_id, symbol: o.symbol, side: o.side }
      const held = await orders.positionIn(s, side)
      // A notional order's quantity is what the gate priced it at. The agent's other open or held
      // orders on the same side may close the position first: the order must fit in what they leave.
      const qty = orderQty(o.qty, o.notional, o.reference_price) ?? '0'
      const closing = await orders.openOrHeldOnSide(s, side, o.id)
      const check = reduces(o.side, qty, held, closing)
      if (!check.passed)
        return { kind: 'agent', reason: 'state.reducing', detail: `${name}: ${check.detail}` }
    }
    // The account was the tenant's when the gate held the order; only the agent's list is re-read.
    const failed = firstFailure([
      symbolAllowed(p.agent.allowedSymbols, o.symbol),
      hoursAllowed(p.agent.allowedHours, now),
      accountAllowed(p.agent.allowedAccounts, o.account_id, true),
    ])
    return failed && { kind: 'not_allowed', reason: failed.check, detail: `${name}: ${failed.detail}` }
  }
}
