/** Plans, the caller's tenant, and the admin view of tenants and their feature-flag overrides. */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Scopes, SystemScope, TenantScope } from '../../../platform/db/index.ts'
import type { FeatureFlag, FeatureFlags } from '../../../platform/feature-flags.ts'
import { NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import {
  resolvePage,
  toPage,
  type PageQueryInput,
  type PageResult,
} from '../../../platform/http/pagination.ts'
import * as repo from './tenancy.repository.ts'
import type { Plan, Tenant, TenantSummary } from './tenancy.schemas.ts'

/** Every public registration starts on this plan. */
export const DEFAULT_PLAN = 'free'

/**
 * A new tenant, written in the caller's transaction (registration creates the tenant and its owner
 * in one): its id.
 */
export function createTenant(scope: SystemScope, t: { name: string; planCode?: string }): Promise<number> {
  return repo.insertTenant(scope, { name: t.name, planCode: t.planCode ?? DEFAULT_PLAN })
}

/** The code of the plan the scope's tenant is on, read in the caller's transaction. */
export async function tenantPlanCode(scope: TenantScope): Promise<string | undefined> {
  return (await tenantStanding(scope))?.plan_code
}

/**
 * The tenant and plan a limit is judged on when `acting` (the request's tenant and plan) works in
 * `tenantId`: an administrator acting in another tenant is held to that tenant's plan, not their
 * own. The target's plan is read in a short transaction of its own, before the operation's; a
 * tenant with no row keeps the acting plan (the operation then answers its own 404).
 */
export async function planOfTenant(
  scopes: Scopes,
  acting: Pick<RequestScope, 'tenantId' | 'plan'>,
  tenantId: number,
): Promise<{ tenantId: number; plan: string }> {
  if (tenantId === acting.tenantId) return { tenantId, plan: acting.plan }
  const plan = await scopes.withTenant(tenantId, (s) => tenantPlanCode(s))
  return { tenantId, plan: plan ?? acting.plan }
}

/** The scope's tenant plan and status (active or suspended), read in the caller's transaction. */
export async function tenantStanding(
  scope: TenantScope,
): Promise<{ plan_code: string; status: 'active' | 'suspended' } | undefined> {
  const row = await repo.findOwnTenant(scope)
  return row && { plan_code: row.plan_code, status: row.status }
}

/** The scope's tenant base currency (ISO 4217), read in the caller's transaction. */
export async function tenantBaseCurrency(scope: TenantScope): Promise<string> {
  return (await repo.findOwnTenant(scope))?.base_currency ?? 'USD'
}

export class TenancyService {
  constructor(private readonly deps: { scopes: Scopes; flags: FeatureFlags }) {}

  async plans(query: PageQueryInput): Promise<PageResult<Plan>> {
    const page = resolvePage(query)
    const [rows, total] = await this.deps.scopes.withGlobal(
      async (db) => [await repo.listPlans(db, page), await repo.countPlans(db)] as const,
    )
    return toPage(
      rows,
      page,
      (r) => [r.rank],
      (r) => r,
      total,
    )
  }

  async ownTenant(scope: RequestScope): Promise<Tenant> {
    const row = await this.deps.scopes.withTenant(scope.tenantId, (tx) => repo.findOwnTenant(tx))
    if (!row) throw new NotFoundError('tenancy.tenant_not_found', 'Tenant not found')
    const features = await this.deps.flags.all(scope.tenantId)
    return {
      id: row.id,
      name: row.name,
      plan: row.plan_code,
      status: row.status,
      created_at: row.created_at.toISOString(),
      features,
    }
  }

  async listTenants(query: PageQueryInput & { plan?: string }): Promise<PageResult<TenantSummary>> {
    const page = resolvePage(query)
    const rows = await this.deps.scopes.withSystem('admin: list tenants', (s) =>
      repo.listTenants(s, page, query.plan),
    )
    return toPage(rows, page, repo.tenantKey, (r) => ({
      id: r.id,
      name: r.name,
      plan: r.plan_code,
      status: r.status,
      created_at: r.created_at.toISOString(),
    }))
  }

  /** The operator CLI's set-plan (billing is outside this service): 422 for an unknown plan code. */
  async setPlan(tenantId: number, planCode: string): Promise<void> {
    const codes = (await this.deps.scopes.withGlobal((db) => repo.planCatalogue(db))).map((p) => p.code)
    if (!codes.includes(planCode))
      throw UnprocessableError.field(['plan'], `unknown plan; one of ${codes.join(', ')}`, 'enum')
    const found = await this.deps.scopes.withSystem(`admin cli: set-plan ${planCode}`, (s) =>
      repo.setTenantPlan(s, tenantId, planCode),
    )
    if (!found) throw new NotFoundError('tenancy.tenant_not_found', 'Tenant not found')
  }

  async setFlag(
    tenantId: number,
    flag: FeatureFlag,
    enabled: boolean | null,
  ): Promise<Record<string, boolean>> {
    const exists = await this.deps.scopes.withSystem('admin: feature flag override', (s) =>
      repo.tenantExists(s, tenantId),
    )
    if (!exists) throw new NotFoundError('tenancy.tenant_not_found', 'Tenant not found')
    if (enabled === null) await this.deps.flags.clearOverride(tenantId, flag)
    else await this.deps.flags.setOverride(tenantId, flag, enabled)
    return this.deps.flags.all(tenantId)
  }
}
