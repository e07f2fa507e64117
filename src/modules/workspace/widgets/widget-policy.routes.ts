/**
 * The tenant's widget policy (administrators): GET /api/admin/widgets/policy, PUT and DELETE
 * /api/admin/widgets/policy/{widget_id}. `tenant_id` names another tenant (default: the admin's own).
 */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import { POLICY_LIST, POLICY_ROW } from './widgets.examples.ts'
import { AdminTenantQuery, PolicyBody, PolicyList, PolicyRow, WidgetParams } from './widgets.schemas.ts'
import type { WidgetsService } from './widgets.service.ts'

const TAGS = ['admin']
const TENANT =
  'Administrators only (403 otherwise). `tenant_id` names the tenant (default: the administrator’s own); an ' +
  'unknown tenant is 404 `widgets.tenant_not_found`, an unknown widget 404 `widgets.unknown_widget`.'

export function widgetPolicyRoutes(app: App, widgets: WidgetsService): void {
  app.get(
    '/api/admin/widgets/policy',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminListWidgetPolicy',
        summary: 'The tenant’s widget policy (administrators)',
        description:
          'Every widget of the registry with the tenant’s policy for it; a widget without one reads enabled, not ' +
          `forced, no note, \`updated_at: null\`. ${TENANT}`,
        examples: { query: { tenant_id: 17 }, 200: { description: 'The policy', value: POLICY_LIST } },
        tags: TAGS,
        querystring: AdminTenantQuery,
        response: { 200: PolicyList, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => widgets.policy(scopeOf(req), req.query.tenant_id),
  )
  app.put(
    '/api/admin/widgets/policy/:widget_id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminSetWidgetPolicy',
        summary: 'Disable, allow or force a widget for the tenant (administrators)',
        description:
          'Sets the tenant’s policy for one widget, replacing any before. `enabled: false` hides it from every ' +
          'user of the tenant (their `GET /api/widgets/visibility` says `reason: "disabled_by_admin"` with the ' +
          'note); `forced_visible: true` shows it to every user whose plan includes it (a plan floor still wins). ' +
          `Forcing a disabled widget is 422. ${TENANT}`,
        examples: {
          params: { widget_id: 'allocation_account' },
          query: { tenant_id: 17 },
          body: { enabled: false, note: 'Accounts are reviewed at the monthly meeting' },
          200: { description: 'The policy now', value: POLICY_ROW },
        },
        tags: TAGS,
        params: WidgetParams,
        querystring: AdminTenantQuery,
        body: PolicyBody,
        response: { 200: PolicyRow, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => widgets.setPolicy(scopeOf(req), req.params.widget_id, req.body, req.query.tenant_id),
  )
  app.delete(
    '/api/admin/widgets/policy/:widget_id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminClearWidgetPolicy',
        summary: 'Remove the tenant’s policy for a widget (administrators)',
        description: `Users’ choices and the defaults apply again. 204 also when none was set. ${TENANT}`,
        examples: { params: { widget_id: 'allocation_account' }, query: { tenant_id: 17 } },
        tags: TAGS,
        params: WidgetParams,
        querystring: AdminTenantQuery,
        response: { 204: NoContent('No policy'), ...problems(401, 403, 404, 422) },
      },
    },
    async (req, reply) => {
      await widgets.clearPolicy(scopeOf(req), req.params.widget_id, req.query.tenant_id)
      return reply.code(204).send(null)
    },
  )
}
