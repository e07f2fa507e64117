/** /api/admin/support/cases: support's view of a tenant's cases — list, read, reply or note, status. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { effectiveTenant } from '../../../platform/auth/scope.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as X from './cases.examples.ts'
import * as S from './cases.schemas.ts'
import type { CasesService } from './cases.service.ts'

const tags = ['admin']
const BASE = '/api/admin/support/cases'
const ADMIN = 'Administrators only (403 otherwise); `tenant_id` names another tenant (default: your own).'
const TRANSITIONS =
  'Transitions: open → pending, resolved, closed; pending → open, resolved, closed; resolved → open, closed; ' +
  'closed → none (final). Setting the current status changes nothing.'

export function adminCasesRoutes(app: App, cases: CasesService): void {
  app.get(
    BASE,
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminListSupportCases',
        summary: 'Support cases of a tenant (administrators)',
        description:
          'Most recently updated first; filters `status_filter`, `category`, `user_id`. `comment_count` counts ' +
          `public comments, \`internal_count\` internal notes. Pages as everywhere (page, page_size). ${ADMIN}`,
        examples: {
          query: { status_filter: 'open', page: 1, page_size: 25 },
          200: {
            description: 'A page',
            value: { items: [X.ADMIN_CASE_ITEM_EXAMPLE], next_cursor: null, page: 1, page_size: 25, total: 1 },
          },
        },
        tags,
        querystring: S.AdminCaseListQuery,
        response: { 200: S.AdminCasePage, ...problems(401, 403, 422) },
      },
    },
    (req) => cases.adminList(effectiveTenant(scopeOf(req), req.query.tenant_id), req.query),
  )
  app.get(
    `${BASE}/:case_id`,
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminGetSupportCase',
        summary: 'One support case with every comment and internal note (administrators)',
        description: `\`allowed_statuses\`: what the case may become next. Unknown → 404. ${ADMIN}`,
        examples: { params: { case_id: 58 }, 200: { description: 'The case', value: X.ADMIN_CASE_EXAMPLE } },
        tags,
        params: S.CaseParams,
        querystring: S.TenantQuery,
        response: { 200: S.AdminCase, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => cases.adminGet(effectiveTenant(scopeOf(req), req.query.tenant_id), req.params.case_id),
  )
  writeRoutes(app, cases)
}

function writeRoutes(app: App, cases: CasesService): void {
  app.post(
    `${BASE}/:case_id/comments`,
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminCommentSupportCase',
        summary: 'Reply to the customer or add an internal note (administrators)',
        description:
          '`public: true` is a reply the customer reads (an open case becomes pending, and the customer gets an ' +
          'in-app notification); `public: false` is an internal note the customer never sees (the case is left ' +
          `as it was). A closed case → 409 \`support.case_closed\`. ${ADMIN}`,
        examples: {
          params: { case_id: 58 },
          body: { body: X.ADMIN_COMMENT_EXAMPLE.body, public: false },
          200: { description: 'Added', value: X.ADMIN_COMMENT_EXAMPLE },
        },
        tags,
        params: S.CaseParams,
        querystring: S.TenantQuery,
        body: S.AdminCommentInput,
        response: { 200: S.AdminComment, ...problems(401, 403, 404, 409, 422) },
      },
    },
    (req) => {
      const scope = scopeOf(req)
      return cases.adminComment(scope, effectiveTenant(scope, req.query.tenant_id), req.params.case_id, req.body)
    },
  )
  app.patch(
    `${BASE}/:case_id`,
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminSetSupportCaseStatus',
        summary: 'Change a support case’s status (administrators)',
        description:
          `${TRANSITIONS} Any other move → 409 \`support.case_transition_invalid\` with \`from\`, \`to\` and ` +
          `\`allowed\`. ${ADMIN}`,
        examples: {
          params: { case_id: 58 },
          body: { status: 'resolved' },
          200: {
            description: 'Changed',
            value: { ...X.ADMIN_CASE_EXAMPLE, status: 'resolved', allowed_statuses: ['open', 'closed'] },
          },
        },
        tags,
        params: S.CaseParams,
        querystring: S.TenantQuery,
        body: S.StatusInput,
        response: { 200: S.AdminCase, ...problems(401, 403, 404, 409, 422) },
      },
    },
    (req) =>
      cases.adminSetStatus(effectiveTenant(scopeOf(req), req.query.tenant_id), req.params.case_id, req.body.status),
  )
}
