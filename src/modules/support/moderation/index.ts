/**
 * Moderation (`/api/moderation`, `/api/admin/moderation`): the content guard (finance rules plus
 * an OpenAI-compatible classifier when configured), actions with a statement of reasons, and
 * appeals decided by a person. Rules: README.md and docs/moderation.md.
 */
import type { App } from '../../../platform/http/app-type.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import { adminAppealsRoutes } from './admin-appeals.routes.ts'
import { AppealsService } from './appeals.service.ts'
import { GuardService } from './guard.service.ts'
import * as m0048 from './migrations/0048_moderation.ts'
import { moderationRoutes } from './moderation.routes.ts'
import { moderationSweep } from './moderation.sweep.ts'
import { MODERATION_TABLES } from './moderation.tables.ts'

export type { GuardResultOut as GuardResult } from './moderation.schemas.ts'

export interface Moderation {
  /** Checks text as `scope`'s user; a block records an action against them. */
  guard: GuardService
  appeals: AppealsService
}

export function createModeration(ctx: ModuleContext): Moderation {
  return {
    guard: new GuardService({
      scopes: ctx.scopes,
      clock: ctx.clock,
      log: ctx.log,
      classifier: ctx.providers.moderation,
    }),
    appeals: new AppealsService({ scopes: ctx.scopes, clock: ctx.clock }),
  }
}

function routes(app: App, api: Moderation): void {
  moderationRoutes(app, api.guard, api.appeals)
  adminAppealsRoutes(app, api.appeals)
}

export const moderationModule = defineModule({
  name: 'moderation',
  key: 'moderation',
  needs: {},
  tables: MODERATION_TABLES,
  migrations: [['0048_moderation', m0048]],
  build: (ctx: ModuleContext) => createModeration(ctx),
  routes,
  sweep: moderationSweep,
})
