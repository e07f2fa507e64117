/** Tenancy: plans, the caller's tenant, admin tenant listing and feature-flag overrides. */
import { defineModule } from '../module.ts'
import { TENANCY_TABLES } from './tenancy.tables.ts'
import { tenancyRoutes } from './tenancy.routes.ts'
import { TenancyService } from './tenancy.service.ts'

export { TenancyService } from './tenancy.service.ts'

export const tenancyModule = defineModule({
  name: 'tenancy',
  key: 'tenancy',
  needs: {},
  tables: TENANCY_TABLES,
  // Its tables were created by the platform's first migration (0001_platform).
  migrations: [],
  build: (ctx) => new TenancyService(ctx),
  routes: (app, tenancy) => tenancyRoutes(app, { tenancy }),
})
