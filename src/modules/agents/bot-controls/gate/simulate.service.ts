/**
 * The gate run read-only: the same facts and checks as placing an order, without the lock and
 * without writing anything. The outcome says what placing it now would do (send, hold for
 * approval, reject and why) and the position weight and open positions after it.
 */
import { nyDate } from '../../../../kernel/calendar/nyse.ts'
import { decAdd } from '../../../../kernel/decimal/index.ts'
import type { TenantScope } from '../../../../platform/db/index.ts'
import { openPositionsAfter, weightOf } from '../lib/gate-rules.ts'
import type { FactsService } from './facts.service.ts'
import {
  type AgentPolicy,
  committed,
  evaluate,
  type GateFacts,
  type GateOrder,
  type GateReaders,
  needsApproval,
} from './gate.service.ts'
import { checkValue } from './order-input.service.ts'
import * as repo from './orders.repository.ts'
import type { SimulationViewOut } from './orders.schemas.ts'

export interface SimulateInput {
  readers: GateReaders
  facts: FactsService
  agentId: number
  policy: AgentPolicy
  order: GateOrder
  quote: string | null
  valuation: GateFacts['valuation']
  now: Date
  canExecute: boolean
}

export async function simulate(s: TenantScope, d: SimulateInput): Promise<SimulationViewOut> {
  const usage = await repo.usageDay(s, d.agentId, nyDate(d.now))
  const { route, ...inside } = await d.facts.inside(s, d)
  const decision = evaluate({
    policy: d.policy,
    order: d.order,
    quote: d.quote,
    now: d.now,
    ...inside,
    usage: { orders: usage?.orders ?? 0, notional: usage?.notional ?? '0' },
    valuation: d.valuation,
    tradable: route !== null,
  })
  checkValue(decision.priced)
  const threshold = inside.accountOwned ? await d.readers.threshold.effective(s, d.order.accountId) : null
  const v = inside.accountOwned ? d.valuation : null
  const post_trade = {
    position_weight:
      v && d.order.side === 'buy'
        ? weightOf(
            decAdd(
              decAdd(v.symbolValue, committed({ ...inside, policy: d.policy }, decision.reference)),
              decision.priced,
            ),
            v.accountValue,
          )
        : null,
    open_positions: openPositionsAfter(inside.openPositions, inside.position, d.order.side, decision.qty),
  }
  const common = {
    priced_notional: decision.priced,
    reference_price: decision.reference,
    threshold,
    checks: decision.checks,
    post_trade,
  }
  if (decision.failed)
    return {
      outcome: 'would_reject',
      reason: decision.failed.check,
      detail: decision.failed.detail,
      ...common,
    }
  if (needsApproval(decision.priced, threshold, d.canExecute))
    return {
      outcome: 'would_hold',
      reason: 'approval.required',
      detail: d.canExecute
        ? `the order's value ${decision.priced} is above the approval threshold ${threshold}`
        : 'the agent may propose orders only (no orders:execute scope): every order waits for approval',
      ...common,
    }
  return { outcome: 'would_send', reason: null, detail: null, ...common }
}

/**
 * A client_order_id the agent already used: placing runs no check and answers the recorded order
 * again (`same`: the same request, 200) or refuses it (409 `bot.client_order_id_conflict`); the
 * simulation says so, with that order's figures.
 */
export async function usedKey(
  s: TenantScope,
  p: { agentId: number; clientOrderId: string; same: (row: repo.OrderRow) => boolean },
): Promise<SimulationViewOut | null> {
  const row = await repo.findByClientId(s, p.agentId, p.clientOrderId)
  if (!row) return null
  const held = await repo.positions(s, p.agentId)
  const common = {
    existing_order_id: row.id,
    priced_notional: row.priced_notional,
    reference_price: row.reference_price,
    threshold: null,
    checks: [],
    post_trade: { position_weight: null, open_positions: held.length },
  }
  if (p.same(row))
    return {
      outcome: 'would_replay',
      reason: null,
      detail: `client_order_id ${p.clientOrderId} was used for order ${row.id} with this request: placing it answers that order again (200), nothing new is placed`,
      ...common,
    }
  return {
    outcome: 'would_conflict',
    reason: 'bot.client_order_id_conflict',
    detail: `client_order_id ${p.clientOrderId} was used for another order (${row.id}): placing this is refused (409)`,
    ...common,
  }
}
