/**
 * The threshold preview: the agent orders of the last `days` days that passed the gate and are
 * worth strictly more than a proposed threshold (what it would have held for approval), and each
 * agent's orders of the window replayed in time order against its current limits
 * (lib/limit-replay.ts: per New York trading day, per minute, per order; only the orders that
 * reached the limit checks and would spend budget) — what each limit would have blocked.
 */
import { DAY_MS } from '../../../../kernel/dates.ts'
import { centsToString, toCents } from '../../../../kernel/decimal/index.ts'
import type { Clock } from '../../../../platform/clock.ts'
import type { Scopes } from '../../../../platform/db/index.ts'
import { LIMIT_CHECKS } from '../lib/gate-rules.ts'
import { replayLimits } from '../lib/limit-replay.ts'
import type { GateReaders } from './gate.service.ts'
import * as repo from './orders.repository.ts'
import type { PreviewOut } from './preview.schemas.ts'

/** Passed the gate: anything but its own rejection (a person's rejection of a held order passed it). */
const passedGate = (o: repo.OrderRow) => o.status !== 'rejected' || o.reject_reason === 'approval.rejected'

export class PreviewService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock; readers: GateReaders }) {}

  async preview(tenantId: number, proposed: string, days: number): Promise<PreviewOut> {
    const to = this.deps.clock.now()
    const from = new Date(to.getTime() - days * DAY_MS)
    const { orders, policies } = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const orders = await repo.ordersSince(s, from)
      const ids = [...new Set(orders.map((o) => o.agent_id))].sort((a, b) => a - b)
      const policies = new Map(
        await Promise.all(ids.map(async (id) => [id, await this.deps.readers.policy.read(s, id)] as const)),
      )
      return { orders, policies }
    })
    const limit = toCents(proposed)
    const held = orders.filter((o) => passedGate(o) && toCents(o.priced_notional) > limit)
    const blocks: PreviewOut['limits_would_block'] = []
    for (const [agentId, policy] of policies) {
      if (!policy) continue // archived: no current limits
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
    return {
      proposed_threshold: centsToString(limit),
      days,
      from: from.toISOString(),
      to: to.toISOString(),
      orders_considered: orders.length,
      would_need_approval: held.map((o) => ({
        order_id: o.id,
        agent_id: o.agent_id,
        agent_name: policies.get(o.agent_id)?.agent.name ?? `agent ${o.agent_id}`,
        account_id: o.account_id,
        symbol: o.symbol,
        side: o.side,
        priced_notional: o.priced_notional,
        created_at: new Date(o.created_at).toISOString(),
        status: o.status,
      })),
      count: held.length,
      notional_total: centsToString(held.reduce((a, o) => a + toCents(o.priced_notional), 0n)),
      limits_would_block: blocks,
    }
  }
}
