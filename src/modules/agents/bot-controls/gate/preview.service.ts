/**
 * The threshold preview: the agent orders of the last `days` days that passed the gate and would
 * wait for approval — worth strictly more than the threshold that would apply to them, or from an
 * agent whose key may not execute (every such order waits) — each with the reason; and each agent's
 * orders of the window replayed in time order against its current limits (lib/limit-replay.ts: per
 * New York trading day, per minute, per order; only the orders that reached the limit checks and
 * would spend budget) — what each limit would have blocked, the newest MAX_BLOCKED_ORDERS named.
 *
 * The threshold that would apply is the gate's: the account's override where it has one (the
 * proposal does not change those), else the proposed tenant threshold.
 */
import { DAY_MS } from '../../../../kernel/dates.ts'
import { centsToString, toCents } from '../../../../kernel/decimal/index.ts'
import type { Clock } from '../../../../platform/clock.ts'
import type { Scopes } from '../../../../platform/db/index.ts'
import type { AgentScope, PolicyReader, ThresholdService } from '../index.ts'
import { LIMIT_CHECKS } from '../lib/gate-rules.ts'
import { replayLimits } from '../lib/limit-replay.ts'
import { holdReason } from './gate.service.ts'
import { orderHoldsBudget } from './orders.repository.ts'
import { previewOrders, type PreviewOrderRow } from './preview.repository.ts'
import { MAX_BLOCKED_ORDERS, type BlockedOrderOut, type HeldOut, type PreviewOut } from './preview.schemas.ts'

/** What the preview reads of the agents' side: each agent's policy and the accounts' overrides. */
export interface PreviewReaders {
  policy: Pick<PolicyReader, 'read'>
  threshold: Pick<ThresholdService, 'overrides'>
}

type Policies = ReadonlyMap<number, Awaited<ReturnType<PolicyReader['read']>>>

const EXECUTE: AgentScope = 'orders:execute'

/** Passed the gate: anything but its own rejection (a person's rejection of a held order passed it). */
const passedGate = (o: PreviewOrderRow) => o.status !== 'rejected' || o.reject_reason === 'approval.rejected'

/**
 * Whether the order's sender could execute: as the gate recorded it. An order recorded before the gate
 * kept that (null) is judged as it was then: one placed in the console was a signed-in person's, who
 * may; any other by the agent's current credential — without orders:execute it may only propose; with
 * no credential now, only a person can have placed it.
 */
const mayExecute = (o: PreviewOrderRow) =>
  o.can_execute ??
  (o.via === 'console' || o.credential_scopes === null || o.credential_scopes.includes(EXECUTE))

const named = (o: PreviewOrderRow): BlockedOrderOut => ({
  order_id: o.id,
  agent_id: o.agent_id,
  agent_name: o.agent_name,
  account_id: o.account_id,
  client_order_id: o.client_order_id,
  symbol: o.symbol,
  side: o.side,
  priced_notional: o.priced_notional,
  created_at: new Date(o.created_at).toISOString(),
})

export class PreviewService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock; readers: PreviewReaders }) {}

  async preview(tenantId: number, proposed: string, days: number): Promise<PreviewOut> {
    const to = this.deps.clock.now()
    const from = new Date(to.getTime() - days * DAY_MS)
    const { orders, policies, overrides } = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const orders = await previewOrders(s, from)
      const ids = [...new Set(orders.map((o) => o.agent_id))].sort((a, b) => a - b)
      const policies = new Map(
        await Promise.all(ids.map(async (id) => [id, await this.deps.readers.policy.read(s, id)] as const)),
      )
      return { orders, policies, overrides: await this.deps.readers.threshold.overrides(s) }
    })
    const tenant = centsToString(toCents(proposed))
    const held = wouldWait(orders, tenant, overrides)
    return {
      proposed_threshold: tenant,
      days,
      from: from.toISOString(),
      to: to.toISOString(),
      orders_considered: orders.length,
      would_need_approval: held,
      count: held.length,
      notional_total: centsToString(held.reduce((a, o) => a + toCents(o.priced_notional), 0n)),
      limits_would_block: limitBlocks(orders, policies),
    }
  }
}

/** The orders that passed the gate and would wait under the proposal, and why. */
function wouldWait(
  orders: readonly PreviewOrderRow[],
  tenant: string,
  overrides: ReadonlyMap<number, string>,
): HeldOut[] {
  const held: HeldOut[] = []
  for (const o of orders.filter(passedGate)) {
    const own = overrides.get(o.account_id)
    const threshold = own ?? tenant
    const reason = holdReason(o.priced_notional, threshold, mayExecute(o))
    if (reason === null) continue
    held.push({
      ...named(o),
      status: o.status,
      threshold,
      threshold_source: own === undefined ? 'proposed' : 'account_override',
      held_because: reason,
    })
  }
  return held
}

/** Per agent (not archived: an archived one has no current limits) and limit, what its limits would block. */
function limitBlocks(
  orders: readonly PreviewOrderRow[],
  policies: Policies,
): PreviewOut['limits_would_block'] {
  const byId = new Map(orders.map((o) => [o.id, o]))
  const blocks: PreviewOut['limits_would_block'] = []
  for (const [agentId, policy] of policies) {
    if (!policy) continue
    const mine = orders
      .filter((o) => o.agent_id === agentId)
      .map((o) => ({
        id: o.id,
        createdAt: new Date(o.created_at),
        tradingDay: o.trading_day,
        pricedNotional: o.priced_notional,
        holdsBudget: orderHoldsBudget(o),
        rejectReason: o.reject_reason,
      }))
    const blocked = replayLimits(mine, policy.limits)
    for (const check of LIMIT_CHECKS) {
      const ids = blocked.get(check)
      if (!ids) continue
      // The replay answers them oldest first; the newest are named.
      const newest = ids.slice(-MAX_BLOCKED_ORDERS).reverse()
      blocks.push({
        limit: check,
        agent_id: agentId,
        agent_name: policy.agent.name,
        count: ids.length,
        orders: newest.map((id) => named(byId.get(id)!)),
      })
    }
  }
  return blocks
}
