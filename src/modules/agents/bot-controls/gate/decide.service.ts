/**
 * The gate's decision for one order. Optimistic (the usual path): the client_order_id, the policy and
 * threshold, the day's usage and its row version, positions, the last minute's orders and the
 * account's facts (whether it is the tenant's, its trading broker: a select of each module that owns
 * them, embedded) read in one plain select, a leading read that holds no lock and opens no
 * transaction (`FactsService.gateReads`); the checks run (gate.service.ts); the outcome recorded in one statement — a
 * rejection with its reason (counted in `rejections`), or a pass counted in `orders` and `notional`
 * only if the usage row is still the version read (else `{ moved: true }`: nothing was written, the
 * caller decides again), held for approval (the approval created in the same transaction) or
 * marked `sent` for sending after the commit. Locked (the fallback): one scope that locks the usage
 * row first, then reads and records the same way, so the pass cannot miss.
 */
import { nyDate } from '../../../../kernel/calendar/nyse.ts'
import type { CompiledQuery } from 'kysely'
import type { TenantScope } from '../../../../platform/db/index.ts'
import type { OrderConnection } from '../../../brokers/index.ts'
import type { Route } from './execution.service.ts'
import { effectiveThreshold } from '../agents/threshold.service.ts'
import { policyOf } from '../policy.service.ts'
import {
  lockUsageDay,
  insertedOrder,
  passStatement,
  recordPass,
  rejectionStatement,
} from './decide.repository.ts'
import { type FactsService, needsValuation } from './facts.service.ts'
import type { GateReadsInput } from './gate-reads.repository.ts'
import {
  type AgentPolicy,
  type ApprovalHold,
  evaluate,
  type GateDecision,
  type GateFacts,
  type GateOrder,
  needsApproval,
  priceOf,
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
  /** Starts reading what sending a live order to `route` needs (execution's `connectionAhead`), with the pass. */
  connectionAhead?: (route: Route) => Promise<OrderConnection>
}

export type Decided =
  | { existing: repo.OrderRow }
  | { row: repo.OrderRow; route: Route | null; connection?: Promise<OrderConnection> }
  /** The policy limits the position weight: the caller values the account (outside the lock) and runs it again. */
  | { valuationNeeded: true }
  /** Optimistic only: the usage row moved since it was read (another order counted); nothing written. */
  | { moved: true }

const MINUTE_MS = 60_000

/** Runs `work` in a tenant scope: a new one per call, or (locked) the one scope that holds the lock. */
export interface InTenant {
  <T>(work: (s: TenantScope) => Promise<T>): Promise<T>
  /** One statement as a new scope's whole work, sent alone (`Scopes.statementAlone`), or run in the held one. */
  alone<R>(statement: (s: TenantScope) => CompiledQuery<R>): Promise<R[]>
}

/** The one scope `s` as an InTenant: everything runs in it, in its transaction. */
function heldScope(s: TenantScope): InTenant {
  const run = <T>(work: (scope: TenantScope) => Promise<T>) => work(s)
  const alone = async <R>(statement: (scope: TenantScope) => CompiledQuery<R>) =>
    (await s.db.executeQuery(statement(s))).rows
  return Object.assign(run, { alone })
}

export async function decide(tx: InTenant, d: DecideInput, locked = false): Promise<Decided> {
  const day = nyDate(d.now)
  if (!locked) return decideIn(tx, d, day, null)
  return tx(async (s) => decideIn(heldScope(s), d, day, await lockUsageDay(s, d.agentId, day)))
}

async function decideIn(
  tx: InTenant,
  d: DecideInput,
  day: string,
  lock: { orders: number; notional: string; version: string } | null,
): Promise<Decided> {
  const r = await tx((s) => d.facts.gateReads(s, readsInput(d, day)))
  const accountOwned = Boolean(r.account_owned)
  const route: Route | null =
    r.route_broker === null
      ? null
      : { broker: r.route_broker as Route['broker'], externalId: r.route_external_id! }
  if (r.existing_id !== null) {
    const id = r.existing_id
    const existing = await tx((s) => repo.findOrder(s, id))
    if (!existing) throw new Error(`agent order ${id} vanished`)
    return { existing }
  }
  if (r.id === null) throw agentNotFound()
  const policy = policyOf(r as Parameters<typeof policyOf>[0], r)
  if (d.valuation === undefined && needsValuation(policy, d.order)) return { valuationNeeded: true }
  const usage = lock ?? {
    orders: r.usage_orders ?? 0,
    notional: r.usage_notional ?? '0',
    version: r.usage_version,
  }
  const decision = evaluate({
    policy,
    order: d.order,
    quote: d.quote,
    now: d.now,
    accountOwned,
    position: r.position ?? '0',
    // null: the agent is not reducing, so not read.
    closing: r.closing ?? '0',
    // null: not a buy under a weight limit, so not read.
    buying: r.buying ?? '0',
    // null: no such limit, so not counted (the check passes whatever the count).
    openPositions: Number(r.open_positions ?? 0),
    // null with a limit: not counted, fewer than the limit passed today (gateReads).
    passedLastMinute:
      r.passed_last_minute === null ? { atMost: r.usage_orders ?? 0 } : Number(r.passed_last_minute),
    usage: { orders: usage.orders, notional: usage.notional },
    valuation: d.valuation ?? null,
    tradable: route !== null,
  })
  checkValue(decision.priced)
  const base = newOrder(d, policy, decision, day)
  if (decision.failed) {
    const { check, detail } = decision.failed
    const rejected = { ...base, status: 'rejected' as const, reject_reason: check, reject_detail: detail }
    const row = insertedOrder(await tx.alone((s) => rejectionStatement(s, rejected, check)))
    if (!row) throw new Error('the rejection was not recorded')
    return { row, route }
  }
  const threshold = effectiveThreshold(r.override_threshold, r.tenant_threshold)
  const held = needsApproval(decision.priced, threshold, d.canExecute)
  if (!held) {
    // The pass is its scope's whole work: one statement sent alone, without BEGIN or COMMIT. The
    // broker connection the order goes through is read alongside it, not after it (same turn).
    const sent = { ...base, status: 'sent' as const }
    const pass = tx.alone((s) => passStatement(s, sent, decision.priced, usage.version))
    const connection = route && policy.agent.mode === 'live' ? d.connectionAhead?.(route) : undefined
    const row = insertedOrder(await pass)
    return row ? { row, route, connection } : { moved: true }
  }
  return tx(async (s): Promise<Decided> => {
    const pending = { ...base, status: 'pending_approval' as const }
    const row = await recordPass(s, pending, decision.priced, usage.version)
    if (!row) return { moved: true }
    const { approvalId } = await d.approvals.hold(s, row, decision.reference)
    return { row: { ...row, approval_id: approvalId }, route }
  })
}

/** What the gate's one read is asked for. */
function readsInput(d: DecideInput, day: string): GateReadsInput {
  const since = new Date(d.now.getTime() - MINUTE_MS)
  return {
    agentId: d.agentId,
    accountId: d.order.accountId,
    symbol: d.order.symbol,
    side: d.order.side,
    clientOrderId: d.order.clientOrderId,
    day,
    since,
    windowInDay: nyDate(since) === day && nyDate(new Date(d.now.getTime() + MINUTE_MS)) === day,
    price: priceOf(d.order, d.quote).reference,
  }
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
    // What the preview judges the order by later, whatever its agent's key becomes.
    can_execute: d.canExecute,
    trading_day: day,
    // The gate's clock, as the per-minute window reads it.
    created_at: d.now,
    updated_at: d.now,
  }
}
