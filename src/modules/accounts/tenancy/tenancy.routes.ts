import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { PageQuery } from '../../../platform/http/pagination.ts'
import { problems } from '../../../platform/http/problem.ts'
import type { TenancyService } from './tenancy.service.ts'
import {
  AdminTenantQuery,
  FlagBody,
  FlagParams,
  FlagsSchema,
  PlanPage,
  TenantSchema,
  TenantSummaryPage,
} from './tenancy.schemas.ts'

export function tenancyRoutes(app: App, deps: { tenancy: TenancyService }): void {
  listPlansRoute(app, deps)
  getOwnTenantRoute(app, deps)
  adminListTenantsRoute(app, deps)
  adminSetFeatureFlagRoute(app, deps)
  adminClearFeatureFlagRoute(app, deps)
}

function listPlansRoute(app: App, { tenancy }: { tenancy: TenancyService }): void {
  app.get(
    '/api/plans',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'listPlans',
        summary: 'List the plans and what each includes',
        description:
          'The plans a tenant can be on, cheapest first, with their feature switches and numeric limits. Public. ' +
          'Paginated: `page_size` 25, 50 or 100 (or the legacy `limit`, at most 100), then follow `next_cursor`.',
        examples: {
          query: { page_size: 25 },
          200: {
            description: 'A page of plans',
            value: {
              items: [
                {
                  code: 'free',
                  name: 'Free',
                  rank: 0,
                  features: { ai_screener: false, broker_connect: false, email_briefing: false },
                  limits: {
                    ...{ alerts: 10, saved_screens: 5, manual_accounts: 3, watchlist_symbols: 50 },
                    ...{
                      support_ai_messages_per_day: 50,
                      support_ai_tokens_per_day: 50_000,
                      support_ai_messages_per_minute: 5,
                    },
                  },
                },
                {
                  code: 'pro',
                  name: 'Pro',
                  rank: 1,
                  features: { ai_screener: true, broker_connect: true, email_briefing: true },
                  limits: {
                    ...{ alerts: 200, saved_screens: 50, manual_accounts: 20, watchlist_symbols: 500 },
                    ...{
                      support_ai_messages_per_day: 500,
                      support_ai_tokens_per_day: 500_000,
                      support_ai_messages_per_minute: 15,
                    },
                  },
                },
              ],
              next_cursor: null,
              page: 1,
              page_size: 25,
              total: 2,
            },
          },
        },
        tags: ['tenancy'],
        querystring: PageQuery,
        response: { 200: PlanPage, ...problems(422, 429) },
      },
    },
    (req) => tenancy.plans(req.query),
  )
}

function getOwnTenantRoute(app: App, { tenancy }: { tenancy: TenancyService }): void {
  app.get(
    '/api/tenant',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getOwnTenant',
        summary: "The caller's tenant: plan and effective feature flags",
        description:
          "The caller's tenant (the workspace its data belongs to): name, plan, status and the feature flags " +
          'in effect (a per-tenant override, else the service default).',
        examples: {
          200: {
            description: 'The tenant',
            value: {
              id: 17,
              name: 'Lovelace Investment Club',
              plan: 'pro',
              status: 'active',
              created_at: '2026-11-24T15:02:11.000Z',
              features: { stock_screener_ai: true, support_ai: true, refresh_rotation: true },
            },
          },
        },
        tags: ['tenancy'],
        response: { 200: TenantSchema, ...problems(401, 404) },
      },
    },
    (req) => tenancy.ownTenant(scopeOf(req)),
  )
}

function adminListTenantsRoute(app: App, { tenancy }: { tenancy: TenancyService }): void {
  app.get(
    '/api/admin/tenants',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminListTenants',
        summary: 'List tenants, newest first (administrators)',
        description:
          'Administrators only (403 otherwise). Every tenant, newest first, optionally of one plan. Paginated ' +
          'like every list: `page_size` (25, 50, 100) or `limit`, then `next_cursor`.',
        examples: {
          query: { plan: 'pro', page_size: 25 },
          200: {
            description: 'A page of tenants',
            value: {
              items: [
                {
                  id: 17,
                  name: 'Lovelace Investment Club',
                  plan: 'pro',
                  status: 'active',
                  created_at: '2026-11-24T15:02:11.000Z',
                },
              ],
              next_cursor: null,
              page: 1,
              page_size: 25,
              total: 1,
            },
          },
        },
        tags: ['admin'],
        querystring: AdminTenantQuery,
        response: { 200: TenantSummaryPage, ...problems(401, 403, 422) },
      },
    },
    (req) => tenancy.listTenants(req.query),
  )
}

function adminSetFeatureFlagRoute(app: App, { tenancy }: { tenancy: TenancyService }): void {
  app.put(
    '/api/admin/tenants/:tenant_id/features/:flag',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminSetFeatureFlag',
        summary: 'Override a feature flag for one tenant (administrators)',
        description:
          "Administrators only (403 otherwise). Forces one of the tenant's feature flags on or off, whatever " +
          'the service default; answers the flags now in effect. 404 `tenancy.tenant_not_found` for an unknown tenant.',
        examples: {
          params: { tenant_id: 17, flag: 'support_ai' },
          body: { enabled: false },
          200: {
            description: "The tenant's flags in effect",
            value: { stock_screener_ai: true, support_ai: false, refresh_rotation: true },
          },
        },
        tags: ['admin'],
        params: FlagParams,
        body: FlagBody,
        response: { 200: FlagsSchema, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => tenancy.setFlag(req.params.tenant_id, req.params.flag, req.body.enabled),
  )
}

function adminClearFeatureFlagRoute(app: App, { tenancy }: { tenancy: TenancyService }): void {
  app.delete(
    '/api/admin/tenants/:tenant_id/features/:flag',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminClearFeatureFlag',
        summary: "Remove a tenant's flag override (back to the default)",
        description:
          "Administrators only (403 otherwise). Removes the tenant's override of a flag, so the service " +
          'default applies again; answers the flags now in effect. 404 for an unknown tenant.',
        examples: {
          params: { tenant_id: 17, flag: 'support_ai' },
          200: {
            description: "The tenant's flags in effect",
            value: { stock_screener_ai: true, support_ai: true, refresh_rotation: true },
          },
        },
        tags: ['admin'],
        params: FlagParams,
        response: { 200: FlagsSchema, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => tenancy.setFlag(req.params.tenant_id, req.params.flag, null),
  )
}
