import type { App } from '../../app/types.ts'
import { scopeOf } from '../../platform/auth/authenticate.ts'
import { PageQuery } from '../../platform/http/pagination.ts'
import { problems } from '../../platform/http/problem.ts'
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

export function tenancyRoutes(app: App, { tenancy }: { tenancy: TenancyService }): void {
  app.get(
    '/api/plans',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'listPlans',
        summary: 'List the plans and what each includes',
        tags: ['tenancy'],
        querystring: PageQuery,
        response: { 200: PlanPage, ...problems(422, 429) },
      },
    },
    (req) => tenancy.plans(req.query),
  )

  app.get(
    '/api/tenant',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getOwnTenant',
        summary: "The caller's tenant: plan and effective feature flags",
        tags: ['tenancy'],
        response: { 200: TenantSchema, ...problems(401, 404) },
      },
    },
    (req) => tenancy.ownTenant(scopeOf(req)),
  )

  app.get(
    '/api/admin/tenants',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminListTenants',
        summary: 'List tenants, newest first (administrators)',
        tags: ['admin'],
        querystring: AdminTenantQuery,
        response: { 200: TenantSummaryPage, ...problems(401, 403, 422) },
      },
    },
    (req) => tenancy.listTenants(req.query),
  )

  app.put(
    '/api/admin/tenants/:tenant_id/features/:flag',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminSetFeatureFlag',
        summary: 'Override a feature flag for one tenant (administrators)',
        tags: ['admin'],
        params: FlagParams,
        body: FlagBody,
        response: { 200: FlagsSchema, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => tenancy.setFlag(req.params.tenant_id, req.params.flag, req.body.enabled),
  )

  app.delete(
    '/api/admin/tenants/:tenant_id/features/:flag',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminClearFeatureFlag',
        summary: "Remove a tenant's flag override (back to the default)",
        tags: ['admin'],
        params: FlagParams,
        response: { 200: FlagsSchema, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => tenancy.setFlag(req.params.tenant_id, req.params.flag, null),
  )
}
