/** /api/admin/moderation/appeals: the review queue and a person's decision on each appeal. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { effectiveTenant } from '../../../platform/auth/scope.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import type { AppealsService } from './appeals.service.ts'
import * as X from './moderation.examples.ts'
import * as S from './moderation.schemas.ts'

const tags = ['admin']
const BASE = '/api/admin/moderation/appeals'
const ADMIN = 'Administrators only (403 otherwise); `tenant_id` names another tenant (default: your own).'

export function adminAppealsRoutes(app: App, appeals: AppealsService): void {
  app.get(
    BASE,
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminListModerationAppeals',
        summary: 'Appeals to review (administrators)',
        description:
          '`status` open (default; soonest `decide_by` first), upheld or reversed (latest decided first), with ' +
          `the action's categories and reasons. \`limit\` at most 100 (default 50). ${ADMIN}`,
        examples: {
          query: { status: 'open' },
          200: { description: 'The queue', value: { items: [X.ADMIN_APPEAL_EXAMPLE] } },
        },
        tags,
        querystring: S.AdminAppealQuery,
        response: { 200: S.AdminAppealList, ...problems(401, 403, 422) },
      },
    },
    (req) =>
      appeals.queue(effectiveTenant(scopeOf(req), req.query.tenant_id), req.query.status ?? 'open', req.query.limit ?? 50),
  )
  app.post(
    `${BASE}/:appeal_id/decide`,
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminDecideModerationAppeal',
        summary: 'Decide an appeal, with a stated reason (administrators)',
        description:
          '`decision` uphold (the action stands) or reverse (the action is lifted: `status: reversed`); `reason` ' +
          'is required and shown to the appellant. Decided already → 409 `moderation.appeal_decided`; your own ' +
          `appeal → 403 \`moderation.own_appeal\`; unknown → 404. ${ADMIN}`,
        examples: {
          params: { appeal_id: 12 },
          body: { decision: 'reverse', reason: X.DECIDED_EXAMPLE.reviewer_reason },
          200: { description: 'Decided', value: X.DECIDED_EXAMPLE },
        },
        tags,
        params: S.AppealParams,
        querystring: S.TenantQuery,
        body: S.DecideInput,
        response: { 200: S.DecidedAppeal, ...problems(401, 403, 404, 409, 422) },
      },
    },
    (req) => {
      const scope = scopeOf(req)
      return appeals.decide(scope, effectiveTenant(scope, req.query.tenant_id), req.params.appeal_id, req.body)
    },
  )
}
