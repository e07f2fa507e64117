/** The gate's route tables: the agent order routes and the threshold preview. */
import type { App } from '../../../../platform/http/app-type.ts'
import type { AgentKeyResolver } from './agent-auth.routes.ts'
import { gateInternals, type Gate } from './gate-wiring.service.ts'
import { ordersRoutes } from './orders.routes.ts'
import { previewRoutes } from './preview.routes.ts'

export function gateRoutes(app: App, api: Gate & { credentials: AgentKeyResolver }): void {
  const internals = gateInternals.get(api.orders)
  ordersRoutes(app, api.orders, api.credentials, internals?.origins ?? [])
  previewRoutes(app, api.preview)
}
