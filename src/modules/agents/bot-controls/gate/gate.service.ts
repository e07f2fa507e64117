/**
 * The gate's decision for one order, from the facts gathered for it, in the order the checks run
 * (the first failure wins): the agent's state (disabled, halted, reducing), its allow-lists
 * (symbol, New York hours, account), pricing, the six limits (lib/gate-rules.ts), a live agent's
 * trading broker, and last the approval threshold. Pure: the caller gathers the facts and records
 * what is decided (decide.service.ts).
 */
import type { TenantScope } from '../../../../platform/db/index.ts'
import { decAdd, decMul, toCents } from '../../../../kernel/decimal/index.ts'
import * as R from '../lib/gate-rules.ts'
import type { AgentPolicy, PolicyReader, ThresholdService } from '../index.ts'
import type { OrderRow } from './orders.repository.ts'

export type { AgentPolicy, AgentPrincipal, AgentScope, OrderActor } from '../index.ts'

/** The readers the gate needs from the agents' side of the module, inside its transaction. */
export interface GateReaders {
  policy: Pick<PolicyReader, 'read'>
  threshold: Pick<ThresholdService, 'effective'>
}

/**
 * Holds an order for approval in the gate's transaction (the approvals' `hold`); `announce` tells
 * the agent's creator, called only after that transaction committed.
 */
export interface ApprovalHold {
  hold(s: TenantScope, order: OrderRow, referencePrice: string): Promise<{ approvalId: number }>
  announce(tenantId: number, approvalId: number): Promise<void>
}

/** An order as the gate reads it: validated, symbol upper-cased, decimals as given. */
export interface GateOrder {
  accountId: number
  symbol: string
  side: 'buy' | 'sell'
  qty: string | null
  notional: string | null
  type: 'market' | 'limit'
  limitPrice: string | null
  timeInForce: 'day' | 'gtc' | 'ioc' | 'fok'
  clientOrderId: string
}

export interface GateFacts {
  policy: AgentPolicy
  order: GateOrder
  /** The quote (market orders); null when none could be had. */
  quote: string | null
  now: Date
  accountOwned: boolean
  /** The agent's net quantity in the order's account and symbol. */
  position: string
  /**
   * A reducing agent's: what its open orders (sent, partially filled, held) on the order's side in
   * that account and symbol may still trade, so already close of the position; '0' otherwise.
   */
  closing: string
  openPositions: number
  /** Counted, or only bounded: the orders the agent passed today (when fewer than the limit). */
  passedLastMinute: number | { atMost: number }
  usage: { orders: number; notional: string }
  /**
   * What the weight limit counts beside the holdings (a buy under that limit; '0' otherwise): the
   * value of the agent's open and held buys of the account's symbol (at their limit price, else this
   * order's). A paper agent's own position there is added at this order's price (`committed`).
   */
  buying: string
  /** The account's value and its value in the symbol (only when the weight limit applies). */
  valuation: { symbolValue: string; accountValue: string } | null
  /** Live mode: a connected trading broker links the account. */
  tradable: boolean
}

export interface GateDecision {
  checks: R.CheckResult[]
  failed: R.CheckResult | null
  priced: string
  reference: string
  /** The order's quantity: as given, or a notional order's at its reference price (null: not priced). */
  qty: string | null
}

const fail = (check: string, detail: string): R.CheckResult => ({ check, passed: false, detail })
const pass = (check: string, detail: string): R.CheckResult => ({ check, passed: true, detail })

/** The order's reference price and value: the limit price, else the quote; the notional given, else qty × price. */
export function priceOf(
  order: GateOrder,
  quote: string | null,
): { reference: string | null; priced: string | null } {
  const reference = order.type === 'limit' ? order.limitPrice : quote
  if (order.notional !== null) return { reference, priced: R.pricedNotional(order.notional, '1') }
  return { reference, priced: reference === null ? null : R.pricedNotional(order.qty!, reference) }
}

function stateChecks(f: GateFacts, qty: string | null): R.CheckResult[] {
  const a = f.policy.agent
  if (!a.enabled) return [fail('agent.disabled', `agent ${a.id} is disabled`)]
  const enabled = pass('agent.disabled', 'enabled')
  if (a.tradingState === 'halted') return [enabled, fail('state.halted', 'the agent is halted: no orders')]
  if (a.tradingState === 'reducing')
    // A notional order's quantity is known only once priced: its state.reducing check comes then.
    return qty !== null ? [enabled, R.reduces(f.order.side, qty, f.position, f.closing)] : [enabled]
  return [enabled, pass('state.active', 'trading state active')]
}

/** Runs the checks in order, stopping at the first failure. */
export function evaluate(f: GateFacts): GateDecision {
  const { order, policy } = f
  const { reference, priced } = priceOf(order, f.quote)
  const opensNew = R.opensPosition(f.position)
  // A notional order's quantity is known once priced: a reducing agent's notional order is judged then.
  const qty = R.orderQty(order.qty, order.notional, reference)
  const out: GateDecision = {
    checks: [],
    failed: null,
    priced: priced ?? '0.00',
    reference: reference ?? '0',
    qty,
  }
  const steps: (() => R.CheckResult[])[] = [
    () => stateChecks(f, order.qty),
    () => [
      R.symbolAllowed(policy.agent.allowedSymbols, order.symbol),
      R.hoursAllowed(policy.agent.allowedHours, f.now),
      R.accountAllowed(policy.agent.allowedAccounts, order.accountId, f.accountOwned),
    ],
    () => [
      priced === null
        ? fail('price.unavailable', `no quote for ${order.symbol}`)
        : pass('price', `priced at ${reference} a share: ${priced}`),
    ],
    () =>
      policy.agent.tradingState === 'reducing' && order.qty === null && qty !== null
        ? [R.reduces(order.side, qty, f.position, f.closing)]
        : [],
    () => limitChecks(f, priced ?? '0', opensNew, reference ?? '0'),
    () => [
      policy.agent.mode === 'paper' || f.tradable
        ? pass(
            'account.tradable',
            policy.agent.mode === 'paper' ? 'paper trading' : 'a connected broker trades it',
          )
        : fail(
            'account.not_tradable',
            `account ${order.accountId} is not linked to a connected broker that trades`,
          ),
    ],
  ]
  for (const step of steps) {
    for (const c of step()) {
      out.checks.push(c)
      if (!c.passed) return { ...out, failed: c }
    }
  }
  return out
}

/**
 * The value the agent already has on the way into the symbol: its open and held buys and, in paper
 * mode (whose fills the account's holdings never see), its paper position at `reference`, to the cent.
 */
export function committed(f: Pick<GateFacts, 'policy' | 'buying' | 'position'>, reference: string): string {
  const paper = f.policy.agent.mode === 'paper' ? decMul(f.position, reference) : '0'
  return R.pricedNotional(decAdd(f.buying, paper), '1')
}

function limitChecks(f: GateFacts, priced: string, opensNew: boolean, reference: string): R.CheckResult[] {
  const l = f.policy.limits
  const figures = f.valuation && { ...f.valuation, committed: committed(f, reference), priced }
  return [
    R.ordersPerMinute(l.maxOrdersPerMinute, f.passedLastMinute),
    R.ordersPerDay(l.maxOrdersPerDay, f.usage.orders),
    R.orderNotional(l.maxOrderNotional, priced),
    R.notionalPerDay(l.maxNotionalPerDay, f.usage.notional, priced),
    R.openPositions(l.maxOpenPositions, f.openPositions, opensNew),
    R.positionWeight(l.maxPositionWeight, f.order.side, figures),
  ]
}

/** Why an order that passed the checks is held for approval. */
export type HoldReason = 'threshold' | 'no_execute_scope'

/**
 * Why the order waits, null when it is sent: from an actor that may not execute (an agent's key
 * without orders:execute), every order waits whatever its value — that reason first; else an order
 * above the effective threshold (strictly) waits.
 */
export function holdReason(priced: string, threshold: string | null, canExecute: boolean): HoldReason | null {
  if (!canExecute) return 'no_execute_scope'
  return threshold !== null && toCents(priced) > toCents(threshold) ? 'threshold' : null
}

/** Above the effective threshold (strictly), or proposed by an agent that may not execute: held. */
export const needsApproval = (priced: string, threshold: string | null, canExecute: boolean): boolean =>
  holdReason(priced, threshold, canExecute) !== null
