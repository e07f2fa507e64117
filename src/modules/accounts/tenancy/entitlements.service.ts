/**
 * Entitlements: what the caller's plan allows — its features (plan features, overridden by the
 * tenant's feature flags) and its numeric limits — and the 402 answers when a request goes beyond.
 * The plan catalogue is a few rows seeded by migrations and never written at run time, so it is
 * kept in process for PLAN_CACHE_TTL_MS (no invalidation needed; a migration restarts the process).
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import type { FeatureFlags } from '../../../platform/feature-flags.ts'
import { PaymentRequiredError } from '../../../platform/http/errors.ts'
import * as repo from './tenancy.repository.ts'
import { planOfTenant } from './tenancy.service.ts'

export const PLAN_CACHE_TTL_MS = 60_000

/** The tenant and the plan it is on, as the authenticator resolved them for the request. */
export type PlanScope = Pick<RequestScope, 'tenantId' | 'plan'>

export interface Entitlements {
  plan: string
  features: Record<string, boolean>
  limits: Record<string, number>
}

type PlanRow = Awaited<ReturnType<typeof repo.planCatalogue>>[number]

/** How a limit reads in the 402 detail: "Your plan allows 3 <this>". */
const LIMIT_WORDING: Record<string, string> = {
  manual_accounts: 'active manual accounts; upgrade or close one',
  agents: 'agents; upgrade or archive one',
}
const wording = (limit: string) => LIMIT_WORDING[limit] ?? `${limit.replaceAll('_', ' ')}; upgrade for more`

export function limitReached(limit: string, allowed: number): PaymentRequiredError {
  return new PaymentRequiredError('plan.limit_reached', `Your plan allows ${allowed} ${wording(limit)}`, {
    extra: { limit, allowed },
  })
}

export function featureUnavailable(feature: string): PaymentRequiredError {
  return new PaymentRequiredError(
    'plan.feature_unavailable',
    `Your plan does not include ${feature.replaceAll('_', ' ')}; upgrade to use it`,
    { extra: { feature } },
  )
}

export class EntitlementsService {
  #plans: { at: number; byCode: Map<string, PlanRow> } | null = null

  constructor(private readonly deps: { scopes: Scopes; flags: FeatureFlags; clock: Clock }) {}

  private async plan(code: string): Promise<PlanRow | undefined> {
    const now = this.deps.clock.now().getTime()
    if (!this.#plans || now - this.#plans.at >= PLAN_CACHE_TTL_MS) {
      const rows = await this.deps.scopes.withGlobal((db) => repo.planCatalogue(db))
      this.#plans = { at: now, byCode: new Map(rows.map((r) => [r.code, r])) }
    }
    return this.#plans.byCode.get(code)
  }

  /** The plan's features merged with the tenant's feature-flag overrides (flags win), and its limits. */
  async forTenant(scope: PlanScope): Promise<Entitlements> {
    const plan = await this.plan(scope.plan)
    if (!plan) throw new Error(`tenant ${scope.tenantId} is on unknown plan "${scope.plan}"`)
    const flags = await this.deps.flags.all(scope.tenantId)
    return { plan: plan.code, features: { ...plan.features, ...flags }, limits: plan.limits }
  }

  /** The plan's limit of that name; undefined means the plan sets none (unlimited). */
  async limit(scope: PlanScope, name: string): Promise<number | undefined> {
    return (await this.plan(scope.plan))?.limits[name]
  }

  /** 402 plan.feature_unavailable unless the feature is on for the tenant (plan or flag override). */
  async requireFeature(scope: PlanScope, feature: string): Promise<void> {
    const { features } = await this.forTenant(scope)
    if (features[feature] !== true) throw featureUnavailable(feature)
  }

  /** 402 plan.limit_reached when `currentCount` (what the tenant has now) leaves no room for one more. */
  async requireWithinLimit(scope: PlanScope, name: string, currentCount: number): Promise<void> {
    ;(await this.limitGuard(scope, name))(currentCount)
  }

  /**
   * The same check, split for use inside a transaction: read the plan first (outside), then count
   * and call the guard in the transaction that writes, so no second connection is opened there.
   */
  async limitGuard(scope: PlanScope, name: string): Promise<(currentCount: number) => void> {
    const allowed = await this.limit(scope, name)
    return (currentCount) => {
      if (allowed !== undefined && currentCount >= allowed) throw limitReached(name, allowed)
    }
  }

  /**
   * `limitGuard` for an operation in `tenantId`, which may be another tenant's when an administrator
   * acts there (`tenant_id`): the limit is that tenant's plan's, never the administrator's own.
   */
  async guardForTenant(
    acting: PlanScope,
    tenantId: number,
    name: string,
  ): Promise<(currentCount: number) => void> {
    return this.limitGuard(await planOfTenant(this.deps.scopes, acting, tenantId), name)
  }
}
