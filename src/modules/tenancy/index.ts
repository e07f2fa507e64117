/** Tenancy: plans, the caller's tenant, admin tenant listing and feature-flag overrides. */

export { TenancyService } from './tenancy.service.ts'
export { tenancyRoutes } from './tenancy.routes.ts'
export const tenancySharedSchemas = []
