/**
 * The gate's transaction for one order, under the agent's usage lock of today's New York trading
 * day: the client_order_id checked again (a concurrent request with the same key waited for this
 * lock), the policy read afresh, the checks run (gate.service.ts), and the outcome recorded — a
 * rejection with its reason (counted in `rejections`), or a pass counted in `orders` and `notional`
 * and either held for approval (the approval created in this same transaction) or marked `sent`
 * for sending after the commit.
 */
import { nyDate } from '../../../../kernel/calendar/nyse.ts'
import type { TenantScope } from '../../../../platform/db/index.ts'
import type { FactsService, OutsideFacts } from './facts.service.ts'
import {
  type ApprovalHold,
  evaluate,
  type GateOrder,
  type GateReaders,
  needsApproval,
} from './gate.service.ts'
import { agentNotFound, checkValue } from './order-input.service.ts'
import * as repo from './orders.repository.ts'

export interface DecideInput {
  readers: GateReaders
  approvals: ApprovalHold
  facts: FactsService
  agentId: number
  order: GateOrder
  outside: OutsideFacts
  now: Date
  canExecute: boolean
  via: 'rest' | 'mcp' | 'console'
}

export type Decided = { existing: repo.OrderRow } | { row: repo.OrderRow }

export async function decide(s: TenantScope, d: DecideInput): Promise<Decided> {
  const day = nyDate(d.now)
  const usage = await repo.lockUsageDay(s, d.agentId, day)
  const existing = await repo.findByClientId(s, d.agentId, d.order.clientOrderId)
  if (existing) return { existing }
  const policy = await d.readers.policy.read(s, d.agentId)
  if (!policy) throw agentNotFound()
  const inside = await d.facts.inside(s, d.agentId, d.order, d.now)
  const decision = evaluate({
    policy,
    order: d.order,
    quote: d.outside.quote,
    now: d.now,
    ...inside,
    usage: { orders: usage.orders, notional: usage.notional },
    valuation: d.outside.valuation,
    tradable: d.outside.route !== null,
  })
  checkValue(decision.priced)
  const base = {
    agent_id: d.agentId,
    account_id: d.order.accountId,
    client_order_id: d.order.clientOrderId,
    symbol: d.order.symbol,
    side: d.order.side,
    qty: d.order.qty,
    notional: d.order.notional,
    order_type: d.order.type,
    limit_price: d.order.limitPrice,
    time_in_force: d.order.timeInForce,
    mode: policy.agent.mode,
    priced_notional: decision.priced,
    reference_price: decision.reference,
    via: d.via,
    trading_day: day,
    // The gate's clock, as the per-minute window reads it.
    created_at: d.now,
    updated_at: d.now,
  }
  if (decision.failed) {
    const row = await repo.insertOrder(s, {
      ...base,
      status: 'rejected',
      reject_reason: decision.failed.check,
      reject_detail: decision.failed.detail,
    })
    await repo.addRejection(s, d.agentId, day, decision.failed.check)
    return { row }
  }
  const threshold = await d.readers.threshold.effective(s, d.order.accountId)
  const held = needsApproval(decision.priced, threshold, d.canExecute)
  const row = await repo.insertOrder(s, { ...base, status: held ? 'pending_approval' : 'sent' })
  await repo.addUsage(s, d.agentId, day, decision.priced, 1)
  if (!held) return { row }
  const { approvalId } = await d.approvals.hold(s, row, decision.reference)
  return { row: { ...row, approval_id: approvalId } }
}
