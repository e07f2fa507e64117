/** An agent's limits (GET/PUT) and today's usage against them (the New York trading day). */
import { nyDate } from '../../../../kernel/calendar/nyse.ts'
import { decSub } from '../../../../kernel/decimal/index.ts'
import { effectiveTenant, type RequestScope } from '../../../../platform/auth/scope.ts'
import type { Clock } from '../../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../../platform/db/index.ts'
import { requireAgent, type TenantQuery } from './agents.service.ts'
import * as repo from './controls.repository.ts'
import { compareDecimal, money, moneyOrNull, shortDecimal } from './lib/values.ts'
import type { LimitsView, UsageView } from './lib/types.ts'

export type LimitsInput = repo.LimitValues

function toLimitsView(agentId: number, l: repo.LimitsRow | undefined): LimitsView {
  return {
    agent_id: agentId,
    max_orders_per_day: l?.max_orders_per_day ?? null,
    max_notional_per_day: moneyOrNull(l?.max_notional_per_day),
    max_order_notional: moneyOrNull(l?.max_order_notional),
    max_position_weight: l?.max_position_weight == null ? null : shortDecimal(l.max_position_weight),
    max_open_positions: l?.max_open_positions ?? null,
    max_orders_per_minute: l?.max_orders_per_minute ?? null,
    updated_at: (l?.updated_at ?? new Date(0)).toISOString(),
  }
}

export class LimitsService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock }) {}

  /** In the caller's transaction (404 for an unknown or archived agent). */
  async read(s: TenantScope, agentId: number): Promise<LimitsView> {
    await requireAgent(s, agentId)
    return toLimitsView(agentId, await repo.limitsOf(s, agentId))
  }

  get(scope: RequestScope, agentId: number, q: TenantQuery = {}): Promise<LimitsView> {
    return this.ofTenant(effectiveTenant(scope, q.tenant_id), agentId)
  }

  /** For an agent's own credential: its tenant, its id. */
  ofTenant(tenantId: number, agentId: number): Promise<LimitsView> {
    return this.deps.scopes.withTenant(tenantId, (s) => this.read(s, agentId))
  }

  /** Replaces all six limits (null: no limit). */
  async put(
    scope: RequestScope,
    agentId: number,
    body: LimitsInput,
    q: TenantQuery = {},
  ): Promise<LimitsView> {
    const now = this.deps.clock.now()
    return this.deps.scopes.withTenant(effectiveTenant(scope, q.tenant_id), async (s) => {
      await requireAgent(s, agentId, true)
      return toLimitsView(agentId, await repo.saveLimits(s, agentId, body, scope.userId, now))
    })
  }
}

export class UsageService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock; limits: LimitsService }) {}

  get(scope: RequestScope, agentId: number, q: TenantQuery = {}): Promise<UsageView> {
    return this.ofTenant(effectiveTenant(scope, q.tenant_id), agentId)
  }

  /** Today's counters (no row yet today: zeros, which is how usage resets at the New York day's start). */
  ofTenant(tenantId: number, agentId: number): Promise<UsageView> {
    const now = this.deps.clock.now()
    const day = nyDate(now)
    return this.deps.scopes.withTenant(tenantId, async (s) => {
      const limits = await this.deps.limits.read(s, agentId)
      const u = await repo.usageDay(s, agentId, day)
      const rejections = Object.fromEntries(Object.entries(u?.rejections ?? {}).filter(([, n]) => n > 0))
      const orders = u?.orders ?? 0
      const notional = money(u?.notional ?? '0')
      return {
        agent_id: agentId,
        trading_day: day,
        orders,
        notional,
        rejections,
        rejections_total: Object.values(rejections).reduce((a, b) => a + b, 0),
        pending_approvals: await repo.pendingApprovals(s, agentId, now),
        open_positions: await repo.openPositions(s, agentId),
        limits,
        remaining: {
          orders_per_day:
            limits.max_orders_per_day === null ? null : Math.max(0, limits.max_orders_per_day - orders),
          notional_per_day: remainingMoney(limits.max_notional_per_day, notional),
        },
      }
    })
  }
}

function remainingMoney(max: string | null, used: string): string | null {
  if (max === null) return null
  return compareDecimal(used, max) >= 0 ? '0.00' : money(decSub(max, used))
}
