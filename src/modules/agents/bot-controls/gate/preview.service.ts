/**
 * The threshold preview: the agent orders of the last `days` days that passed the gate and are
 * worth strictly more than the threshold that would apply to them (what it would have held for
 * approval), and each agent's orders of the window replayed in time order against its current
 * limits (lib/limit-replay.ts: per New York trading day, per minute, per order; only the orders that
 * reached the limit checks and would spend budget) — what each limit would have blocked.
 *
 * The threshold that would apply is the gate's: the account's override where it has one (the
 * proposal does not change those), else the proposed tenant threshold.
 */
import { DAY_MS } from '../../../../kernel/dates.ts'
import { centsToString, toCents } from '../../../../kernel/decimal/index.ts'
import type { Clock } from '../../../../platform/clock.ts'
import type { Scopes } from '../../../../platform/db/index.ts'
import type { PolicyReader, ThresholdService } from '../index.ts'
import { LIMIT_CHECKS } from '../lib/gate-rules.ts'
import { replayLimits } from '../lib/limit-replay.ts'
import * as repo from './orders.repository.ts'
import type { PreviewOut } from './preview.schemas.ts'

/** What the preview reads of the agents' side: each agent's policy and the accounts' overrides. */
export interface PreviewReaders {
  policy: Pick<PolicyReader, 'read'>
  threshold: Pick<ThresholdService, 'overrides'>
}

/** Passed the gate: anything but its own rejection (a person's rejection of a held order passed it). */
const passedGate = (o: repo.OrderRow) => o.status !== 'rejected' || o.reject_reason === 'approval.rejected'

export class PreviewService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock; readers: PreviewReaders }) {}

  async preview(tenantId: number, proposed: string, days: number): Promise<PreviewOut> {
    const to = this.deps.clock.now()
    const from = new Date(to.getTime() - days * DAY_MS)
    const { orders, policies, overrides } = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const orders = await repo.ordersSince(s, from)
      const ids = [...new Set(orders.map((o) => o.agent_id))].sort((a, b) => a - b)
      const policies = new Map(
        await Promise.all(ids.map(async (id) => [id, await this.deps.readers.policy.read(s, id)] as const)),
      )
      return { orders, policies, overrides: await this.deps.readers.threshold.overrides(s) }
    })
    const tenant = centsToString(toCents(proposed))
    const applying = (o: repo.OrderRow) => {
      const own = overrides.get(o.account_id)
      return own === undefined
        ? { threshold: tenant, source: 'proposed' as const }
        : { threshold: own, source: 'account_override' as const }
    }
    const held = orders
      .filter(passedGate)
      .map((o) => ({ o, applied: applying(o) }))
      .filter(({ o, applied }) => toCents(o.priced_notional) > toCents(applied.threshold))
    return {
      proposed_threshold: tenant,
      days,
      from: from.toISOString(),
      to: to.toISOString(),
      orders_considered: orders.length,
      would_need_approval: held.map(({ o, applied }) => ({
        order_id: o.id,
        agent_id: o.agent_id,
        agent_name: policies.get(o.agent_id)?.agent.name ?? `agent ${o.agent_id}`,
        account_id: o.account_id,
        symbol: o.symbol,
        side: o.side,
        priced_notional: o.priced_notional,
        created_at: new Date(o.created_at).toISOString(),
        status: o.status,
        threshold: applied.threshold,
        threshold_source: applied.source,
      })),
      count: held.length,
      notional_total: centsToString(held.reduce((a, { o }) => a + toCents(o.priced_notional), 0n)),
      limits_would_block: limitBlocks(orders, policies),
    }
  }
}

/** Per agent (not archived: an archived one has no current limits) and limit, what its limits would block. */
function limitBlocks(
  orders: readonly repo.OrderRow[],
  policies: ReadonlyMap<number, Awaited<ReturnType<PolicyReader['read']>>>,
): PreviewOut['limits_would_block'] {
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
        holdsBudget: repo.orderHoldsBudget(o),
        rejectReason: o.reject_reason,
      }))
    const blocked = replayLimits(mine, policy.limits)
    for (const check of LIMIT_CHECKS) {
      const ids = blocked.get(check)
      if (ids) blocks.push({ limit: check, agent_id: agentId, order_ids: ids })
    }
  }
  return blocks
}
