/**
 * Support cases (`/api/support/ai/cases`, `/api/admin/support/cases`): a customer's requests to a
 * human, with public replies and internal notes, and the open → pending → resolved → closed life
 * (lib/transitions.ts). A public support reply notifies the customer through the notifications
 * module. Rules: README.md and docs/support-cases.md.
 */
import type { App } from '../../../platform/http/app-type.ts'
import type { Notifications } from '../../engagement/notifications/index.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import { adminCasesRoutes } from './admin-cases.routes.ts'
import { casesRoutes } from './cases.routes.ts'
import { CasesService, type ReplyNotifier } from './cases.service.ts'
import { supportCasesSweep } from './cases.sweep.ts'
import { SUPPORT_CASES_TABLES } from './cases.tables.ts'
import * as m0047 from './migrations/0047_support_cases.ts'

export type { CaseStatus } from './lib/transitions.ts'
export { CASE_STATUSES } from './lib/transitions.ts'

/** The unsubscribe list support-reply notifications belong to. */
export const SUPPORT_LIST = 'support'

export interface SupportCases {
  cases: CasesService
}

interface Needs {
  notifications: Notifications
}

export function createSupportCases(ctx: ModuleContext, needs: Needs): SupportCases {
  const notifyReply: ReplyNotifier = async (n) => {
    await needs.notifications.dispatch({
      tenantId: n.tenantId,
      userId: n.userId,
      dedupeKey: `support-case-comment:${n.commentId}`,
      source: 'system',
      list: SUPPORT_LIST,
      message: {
        title: 'Support replied to your case',
        body: n.subject,
        url: `/app/support/cases/${n.caseId}`,
        data: { case_id: String(n.caseId), comment_id: String(n.commentId) },
      },
      channels: [{ channel: 'in_app' }],
    })
  }
  return { cases: new CasesService({ scopes: ctx.scopes, clock: ctx.clock, log: ctx.log, notifyReply }) }
}

function routes(app: App, api: SupportCases): void {
  casesRoutes(app, api.cases)
  adminCasesRoutes(app, api.cases)
}

export const supportCasesModule = defineModule({
  name: 'cases',
  key: 'supportCases',
  needs: { notifications: true },
  tables: SUPPORT_CASES_TABLES,
  migrations: [['0047_support_cases', m0047]],
  build: createSupportCases,
  routes,
  sweep: supportCasesSweep,
})
