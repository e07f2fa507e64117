/**
 * Tenancy: plans, the caller's tenant, admin tenant listing and feature-flag overrides. It owns
 * the `plan` and `tenant` tables; other modules reach them only through what this file exports.
 *
 * Entitlements — the one place plan limits and feature gates are decided (ADR 0017), reached as
 * `tenancy.entitlements` by the modules that declare `needs: { tenancy: true }`:
 *   await ent.forTenant(scope)            → { plan, features, limits } (features: plan ∪ flag overrides)
 *   await ent.limit(scope, 'alerts')      → number | undefined (undefined: the plan sets no limit)
 *   await ent.requireFeature(scope, 'x')  → 402 plan.feature_unavailable unless enabled
 *   await ent.requireWithinLimit(scope, 'watchlist_symbols', countNow)   → 402 plan.limit_reached
 *   const check = await ent.limitGuard(scope, name); ... check(countNow) inside your transaction
 *   const check = await ent.guardForTenant(scope, tenantId, name)   → the same, on tenantId's plan
 *     (an administrator acting in another tenant through `tenant_id` is held to that tenant's plan)
 * `scope` is the request's (tenantId and plan). Callers: GET /api/auth/me/entitlements (identity),
 * the manual-account cap (portfolio); next: broker connect, briefings, watchlist/alert caps, gated
 * content.
 *
 * Tenant rows for other modules, in the caller's transaction: `createTenant(systemScope, {name})`
 * (registration, same transaction as its owner), `tenantPlanCode(tenantScope)` and
 * `tenantStanding(tenantScope)` (plan and status, for the request principal).
 */
import { defineModule, type ModuleContext } from '../../module.ts'
import { EntitlementsService } from './entitlements.service.ts'
import { TENANCY_TABLES } from './tenancy.tables.ts'
import { tenancyRoutes } from './tenancy.routes.ts'
import { TenancyService } from './tenancy.service.ts'
import * as m0032 from './migrations/0032_base_currency.ts'
import { BaseCurrencyService } from './base-currency.service.ts'
import { baseCurrencyRoutes } from './base-currency.routes.ts'
import type { App } from '../../../platform/http/app-type.ts'

export {
  EntitlementsService,
  PLAN_CACHE_TTL_MS,
  featureUnavailable,
  limitReached,
  type Entitlements,
  type PlanScope,
} from './entitlements.service.ts'
export {
  TenancyService,
  createTenant,
  tenantPlanCode,
  planOfTenant,
  tenantStanding,
  tenantBaseCurrency,
  DEFAULT_PLAN,
} from './tenancy.service.ts'

export { BaseCurrencyService } from './base-currency.service.ts'

export interface Tenancy {
  tenants: TenancyService
  entitlements: EntitlementsService
  /** GET/PUT /api/tenant/base-currency: any currency the FX provider quotes. */
  baseCurrency: BaseCurrencyService
}

function createTenancy(ctx: ModuleContext): Tenancy {
  return {
    tenants: new TenancyService(ctx),
    entitlements: new EntitlementsService(ctx),
    // The currencies a base currency may be: those the FX provider quotes (a port, not a module).
    baseCurrency: new BaseCurrencyService({ scopes: ctx.scopes, fx: ctx.providers.fx }),
  }
}

function routes(app: App, tenancy: Tenancy): void {
  tenancyRoutes(app, { tenancy: tenancy.tenants })
  baseCurrencyRoutes(app, tenancy)
}

export const tenancyModule = defineModule({
  name: 'tenancy',
  key: 'tenancy',
  needs: {},
  tables: TENANCY_TABLES,
  // Its tables were created by the platform's first migration (0001_platform).
  migrations: [['0032_base_currency', m0032]],
  build: createTenancy,
  routes,
})
