/**
 * Dashboard widgets for the caller: the effective rows (lib/effective.ts: tenant policy, plan floor,
 * the user's choice, the default), the user's partial changes and moves, and the administrators'
 * tenant policy. A widget id not in the registry is 404 `widgets.unknown_widget`.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import { effectiveTenant } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import { tenantPlanCode, type TenancyService } from '../../accounts/tenancy/index.ts'
import { effectiveOrder, effectiveRows, moveTo, type EffectiveRow, type PlanRanks } from './lib/effective.ts'
import { WIDGET_BY_ID, WIDGETS } from './lib/registry.ts'
import * as repo from './widgets.repository.ts'

export interface PolicyRow {
  widget_id: string
  title: string
  enabled: boolean
  forced_visible: boolean
  note: string | null
  /** When an administrator last set it; null: no policy, the widget follows plan and users. */
  updated_at: string | null
}

export interface PolicyInput {
  enabled: boolean
  forced_visible?: boolean
  note?: string | null
}

function known(widgetId: string): void {
  if (!WIDGET_BY_ID.has(widgetId))
    throw new NotFoundError('widgets.unknown_widget', `No dashboard widget "${widgetId}"`, {
      extra: { widget_id: widgetId, known: WIDGETS.map((w) => w.id) },
    })
}

export class WidgetsService {
  constructor(
    private readonly deps: { scopes: Scopes; clock: Clock; tenants: Pick<TenancyService, 'plans'> },
  ) {}

  private async ranks(): Promise<PlanRanks> {
    const page = await this.deps.tenants.plans({ page_size: 100 })
    return new Map(page.items.map((p) => [p.code, { rank: p.rank, name: p.name }]))
  }

  private async rowsIn(s: TenantScope, scope: RequestScope, ranks: PlanRanks): Promise<EffectiveRow[]> {
    const [overrides, policies] = [await repo.preferences(s, scope.userId), await repo.policies(s)]
    return effectiveRows({ widgets: WIDGETS, overrides, policies, plan: scope.plan, ranks })
  }

  /** Every widget's effective row for the caller, in effective order. */
  async visibility(scope: RequestScope): Promise<{ plan: string; items: EffectiveRow[] }> {
    const ranks = await this.ranks()
    const items = await this.deps.scopes.withTenant(scope.tenantId, (s) => this.rowsIn(s, scope, ranks))
    return { plan: scope.plan, items }
  }

  /**
   * Sets what `change` names (visible, collapsed, position) for the caller and answers the widget's
   * effective row. A position moves the widget and renumbers every widget 0…n−1.
   */
  async update(scope: RequestScope, widgetId: string, change: repo.PreferenceChange): Promise<EffectiveRow> {
    known(widgetId)
    const ranks = await this.ranks()
    const at = this.deps.clock.now()
    return this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const { position, ...rest } = change
      if (Object.keys(rest).length > 0) await repo.upsertPreference(s, scope.userId, widgetId, rest, at)
      if (position !== undefined) await this.move(s, scope.userId, widgetId, position, at)
      const rows = await this.rowsIn(s, scope, ranks)
      return rows.find((r) => r.widget_id === widgetId)!
    })
  }

  private async move(s: TenantScope, userId: number, widgetId: string, position: number, at: Date) {
    const stored = await repo.preferences(s, userId)
    const order = effectiveOrder(WIDGETS, new Map(stored.map((o) => [o.widget_id, o])))
    const next = moveTo(order, widgetId, position)
    for (const [i, id] of next.entries()) {
      const before = stored.find((o) => o.widget_id === id)?.position
      if (before !== i) await repo.upsertPreference(s, userId, id, { position: i }, at)
    }
  }

  /** Drops the caller's choices for the widget: its defaults (visible, expanded, default position) return. */
  async reset(scope: RequestScope, widgetId: string): Promise<void> {
    known(widgetId)
    await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.deletePreference(s, scope.userId, widgetId))
  }

  /** The tenant an administrator acts on: their own, or the one named (404 when there is none). */
  private async adminTenant(scope: RequestScope, requested: number | undefined): Promise<number> {
    const tenantId = effectiveTenant(scope, requested)
    const plan = await this.deps.scopes.withTenant(tenantId, (s) => tenantPlanCode(s))
    if (plan === undefined) throw new NotFoundError('widgets.tenant_not_found', `No tenant ${tenantId}`)
    return tenantId
  }

  /** Every widget with the tenant's policy for it (enabled, not forced, no note when none is set). */
  async policy(scope: RequestScope, requested?: number): Promise<{ tenant_id: number; items: PolicyRow[] }> {
    const tenantId = await this.adminTenant(scope, requested)
    const rows = await this.deps.scopes.withTenant(tenantId, (s) => repo.policies(s))
    const byId = new Map(rows.map((r) => [r.widget_id, r]))
    const items = WIDGETS.map((w): PolicyRow => {
      const p = byId.get(w.id)
      return {
        widget_id: w.id,
        title: w.title,
        enabled: p?.enabled ?? true,
        forced_visible: p?.forced_visible ?? false,
        note: p?.note ?? null,
        updated_at: p ? p.updated_at.toISOString() : null,
      }
    })
    return { tenant_id: tenantId, items }
  }

  async setPolicy(
    scope: RequestScope,
    widgetId: string,
    input: PolicyInput,
    requested?: number,
  ): Promise<PolicyRow> {
    known(widgetId)
    if (!input.enabled && input.forced_visible === true)
      throw UnprocessableError.field(['body', 'forced_visible'], 'a disabled widget cannot be forced visible')
    const tenantId = await this.adminTenant(scope, requested)
    const values = {
      enabled: input.enabled,
      forced_visible: input.forced_visible ?? false,
      note: input.note ?? null,
    }
    await this.deps.scopes.withTenant(tenantId, (s) =>
      repo.upsertPolicy(s, widgetId, values, this.deps.clock.now()),
    )
    return (await this.policy(scope, tenantId)).items.find((r) => r.widget_id === widgetId)!
  }

  async clearPolicy(scope: RequestScope, widgetId: string, requested?: number): Promise<void> {
    known(widgetId)
    const tenantId = await this.adminTenant(scope, requested)
    await this.deps.scopes.withTenant(tenantId, (s) => repo.deletePolicy(s, widgetId))
  }
}
