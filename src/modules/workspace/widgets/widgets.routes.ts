/**
 * The caller's dashboard widgets: GET /api/widgets/visibility, PUT/DELETE
 * /api/widgets/visibility/{widget_id}, PATCH …/collapsed and …/position. Rules: lib/effective.ts.
 */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import { ROW_DRAWDOWN_MOVED, ROW_HEADLINE, ROW_HIDDEN_BY_USER, VISIBILITY_LIST } from './widgets.examples.ts'
import {
  CollapsedBody,
  EffectiveRow,
  MAX_POSITION,
  PositionBody,
  PreferenceBody,
  VisibilityList,
  WidgetParams,
} from './widgets.schemas.ts'
import type { WidgetsService } from './widgets.service.ts'

const TAGS = ['widgets']

export const PRECEDENCE =
  'Precedence of `visible`, first match wins: (1) the tenant policy — a widget an administrator disabled is ' +
  'hidden (`source: "policy"`, `reason: "disabled_by_admin"`); (2) the plan — a widget above the caller’s plan ' +
  'is hidden (`source: "plan"`, `reason: "plan"`, `required_plan` names the plan that shows it); (3) a policy ' +
  'forcing the widget on shows it (`reason: "required_by_admin"`); (4) the caller’s own choice (`source: "user"`); ' +
  '(5) the widget’s default (`source: "default"`). `collapsed` is the caller’s choice, else false.'

export const ORDER_RULE =
  'Order: each widget asks for a position — the caller’s stored one, else its default — and widgets are sorted ' +
  'by it, ties broken by default position, then id. `position` is the rank in that order, so positions are ' +
  `always 0…${MAX_POSITION}, one per widget, hidden ones included. Moving a widget to p takes it out of the ` +
  'order, inserts it at p and renumbers every widget (the others shift by one between the old and the new place).'

const wid = { widget_id: 'drawdown' }

export function widgetsRoutes(app: App, widgets: WidgetsService): void {
  app.get(
    '/api/widgets/visibility',
    {
      schema: {
        operationId: 'listWidgetVisibility',
        summary: 'The dashboard widgets as the caller sees them, in order',
        description: `Every widget of the registry with its effective state for the caller. ${PRECEDENCE} ${ORDER_RULE}`,
        examples: {
          200: {
            description: 'A free-plan user; one widget disabled by the administrator',
            value: VISIBILITY_LIST,
          },
        },
        tags: TAGS,
        response: { 200: VisibilityList, ...problems(401) },
      },
    },
    (req) => widgets.visibility(scopeOf(req)),
  )
  app.put(
    '/api/widgets/visibility/:widget_id',
    {
      schema: {
        operationId: 'updateWidgetVisibility',
        summary: 'Set some of the caller’s choices for a widget (partial)',
        description:
          'Sets the fields given (at least one of `visible`, `collapsed`, `position`; an empty body is 422) and ' +
          'keeps the others. A stored choice is kept even while a policy or the plan overrides it, and applies ' +
          `again when they no longer do. Answers the widget's effective row. ${ORDER_RULE} ` +
          'An unknown widget is 404 `widgets.unknown_widget`.',
        examples: {
          params: wid,
          body: { visible: true, position: 0 },
          200: { description: 'Shown, and moved first', value: ROW_DRAWDOWN_MOVED },
        },
        tags: TAGS,
        params: WidgetParams,
        body: PreferenceBody,
        response: { 200: EffectiveRow, ...problems(401, 404, 422) },
      },
    },
    (req) => widgets.update(scopeOf(req), req.params.widget_id, req.body),
  )
  app.delete(
    '/api/widgets/visibility/:widget_id',
    {
      schema: {
        operationId: 'resetWidgetVisibility',
        summary: 'Drop the caller’s choices for a widget (its defaults return)',
        description:
          'Removes the caller’s visible, collapsed and position choices for the widget: it is shown or hidden by ' +
          'its default, expanded, and asks for its default position again (ties: see the order rule on GET). ' +
          '204 also when there was nothing to drop. An unknown widget is 404.',
        examples: { params: wid },
        tags: TAGS,
        params: WidgetParams,
        response: { 204: NoContent('The defaults apply'), ...problems(401, 404, 422) },
      },
    },
    async (req, reply) => {
      await widgets.reset(scopeOf(req), req.params.widget_id)
      return reply.code(204).send(null)
    },
  )
  patchRoutes(app, widgets)
}

function patchRoutes(app: App, widgets: WidgetsService): void {
  app.patch(
    '/api/widgets/visibility/:widget_id/collapsed',
    {
      schema: {
        operationId: 'setWidgetCollapsed',
        summary: 'Collapse or expand a widget',
        description:
          'Stores whether the widget shows only its title bar; answers its effective row. Unknown widget: 404.',
        examples: {
          params: { widget_id: 'headline' },
          body: { collapsed: true },
          200: {
            description: 'Collapsed',
            value: { ...ROW_HIDDEN_BY_USER, visible: true, source: 'default' },
          },
        },
        tags: TAGS,
        params: WidgetParams,
        body: CollapsedBody,
        response: { 200: EffectiveRow, ...problems(401, 404, 422) },
      },
    },
    (req) => widgets.update(scopeOf(req), req.params.widget_id, { collapsed: req.body.collapsed }),
  )
  app.patch(
    '/api/widgets/visibility/:widget_id/position',
    {
      schema: {
        operationId: 'setWidgetPosition',
        summary: 'Move a widget to a position',
        description: `Moves the widget to \`position\` (an integer 0…${MAX_POSITION}; otherwise 422). ${ORDER_RULE} Answers its effective row.`,
        examples: {
          params: { widget_id: 'headline' },
          body: { position: 0 },
          200: { description: 'First', value: { ...ROW_HEADLINE, source: 'default' } },
        },
        tags: TAGS,
        params: WidgetParams,
        body: PositionBody,
        response: { 200: EffectiveRow, ...problems(401, 404, 422) },
      },
    },
    (req) => widgets.update(scopeOf(req), req.params.widget_id, { position: req.body.position }),
  )
}
