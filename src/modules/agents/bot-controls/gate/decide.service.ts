/**
 * The gate's transaction for one order: the agent's usage row of today's New York trading day
 * locked, then in one statement the client_order_id checked again (a concurrent request with the
 * same key waited for this lock), the policy and threshold read afresh, positions and the last
 * minute's orders, sent together with the account's facts (whether it is the tenant's, its trading
 * broker: one statement of each module that owns them); the checks run (gate.service.ts), and the outcome recorded with its usage in one statement — a
 * rejection with its reason (counted in `rejections`), or a pass counted in `orders` and `notional`
 * and either held for approval (the approval created in this same transaction) or marked `sent`
 * for sending after the commit. Six statements for an order that is sent.
 */
import { nyDate } from '../../../../kernel/calendar/nyse.ts'
import type { TenantScope } from '../../../../platform/db/index.ts'
import type { Route } from './execution.service.ts'
import { effectiveThreshold } from '../agents/threshold.service.ts'
import { policyOf } from '../policy.service.ts'
import { gateReads, lockUsageDay, recordOrder } from './decide.repository.ts'
import { type FactsService, needsValuation } from './facts.service.ts'
import {
  type AgentPolicy,
  type ApprovalHold,
  evaluate,
  type GateDecision,
  type GateFacts,
  type GateOrder,
  needsApproval,
} from './gate.service.ts'
import { agentNotFound, checkValue } from './order-input.service.ts'
import * as repo from './orders.repository.ts'

export interface DecideInput {
  approvals: ApprovalHold
  facts: FactsService
  agentId: number
  order: GateOrder
  /** The quote of a market order (null: none could be had). */
  quote: string | null
  /** undefined: not fetched yet (the transaction asks for it when the policy needs it). */
  valuation: GateFacts['valuation'] | undefined
  now: Date
  canExecute: boolean
  via: 'rest' | 'mcp' | 'console'
}

export type Decided =
  | { existing: repo.OrderRow }
  | { row: repo.OrderRow; route: Route | null }
  /** The policy limits the position weight: the caller values the account (outside the lock) and runs it again. */
  | { valuationNeeded: true }

const MINUTE_MS = 60_000

export async function decide(s: TenantScope, d: DecideInput): Promise<Decided> {
  const day = nyDate(d.now)
  const usage = await lockUsageDay(s, d.agentId, day)
  // Everything else is read after the lock, sent together: this module's rows in one statement,
  // the account's (the portfolio's and the brokers') through their modules.
  const [r, { accountOwned, route }] = await Promise.all([
    gateReads(s, {
      agentId: d.agentId,
      accountId: d.order.accountId,
      symbol: d.order.symbol,
      clientOrderId: d.order.clientOrderId,
      since: new Date(d.now.getTime() - MINUTE_MS),
    }),
    d.facts.account(s, d.order),
  ])
  if (r.existing_id !== null) {
    const existing = await repo.findOrder(s, r.existing_id)
    if (!existing) throw new Error(`agent order ${r.existing_id} vanished`)
    return { existing }
  }
  if (r.id === null) throw agentNotFound()
  const policy = policyOf(r as Parameters<typeof policyOf>[0], r)
  if (d.valuation === undefined && needsValuation(policy, d.order)) return { valuationNeeded: true }
  const inside = {
    accountOwned,
    position: r.position ?? '0',
    openPositions: Number(r.open_positions),
    passedLastMinute: Number(r.passed_last_minute),
  }
  const decision = evaluate({
    policy,
    order: d.order,
    quote: d.quote,
    now: d.now,
    ...inside,
    usage: { orders: usage.orders, notional: usage.notional },
    valuation: d.valuation ?? null,
    tradable: route !== null,
  })
  checkValue(decision.priced)
  const base = newOrder(d, policy, decision, day)
  if (decision.failed) {
    const { check, detail } = decision.failed
    const rejected = { ...base, status: 'rejected' as const, reject_reason: check, reject_detail: detail }
    return { row: await recordOrder(s, day, rejected, { rejected: check }), route }
  }
  const threshold = effectiveThreshold(r.override_threshold, r.tenant_threshold)
  const held = needsApproval(decision.priced, threshold, d.canExecute)
  const row = await recordOrder(
    s,
    day,
    { ...base, status: held ? 'pending_approval' : 'sent' },
    { passed: decision.priced },
  )
  if (!held) return { row, route }
  const { approvalId } = await d.approvals.hold(s, row, decision.reference)
  return { row: { ...row, approval_id: approvalId }, route }
}

/** The order's row as the gate records it. */
function newOrder(d: DecideInput, policy: AgentPolicy, decision: GateDecision, day: string) {
  return {
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
}
