/**
 * Dashboard widgets (/api/widgets, /api/admin/widgets): the registry of the console dashboard's
 * widgets, each user's choices (visible, collapsed, position) and the tenant's policy set by an
 * administrator, combined into the effective rows the dashboard is laid out by. Rules: README.md.
 */
import type { App } from '../../../platform/http/app-type.ts'
import type { Tenancy } from '../../accounts/tenancy/index.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import * as m0041 from './migrations/0041_widgets.ts'
import { widgetPolicyRoutes } from './widget-policy.routes.ts'
import { widgetsRoutes } from './widgets.routes.ts'
import { WidgetsService } from './widgets.service.ts'
import { widgetsSweep } from './widgets.sweep.ts'
import { WIDGETS_TABLES } from './widgets.tables.ts'

export { WIDGETS, WIDGET_BY_ID, type WidgetDef } from './lib/registry.ts'
export { WidgetsService } from './widgets.service.ts'

export interface Widgets {
  widgets: WidgetsService
}

function createWidgets(ctx: ModuleContext, deps: { tenancy: Tenancy }): Widgets {
  return {
    widgets: new WidgetsService({ scopes: ctx.scopes, clock: ctx.clock, tenants: deps.tenancy.tenants }),
  }
}

export const widgetsModule = defineModule({
  name: 'widgets',
  key: 'widgets',
  needs: { tenancy: true },
  tables: WIDGETS_TABLES,
  migrations: [['0041_widgets', m0041]],
  build: createWidgets,
  routes: (app: App, api: Widgets) => {
    widgetsRoutes(app, api.widgets)
    widgetPolicyRoutes(app, api.widgets)
  },
  sweep: widgetsSweep,
})
