/**
 * Intel: insider buying (spec §4.15), from the InsiderProvider through a global 6-hour cache.
 * Built by the container with `createIntel`; routes mounted with `intelRoutes`.
 */
import type { App } from '../../platform/http/app-type.ts'
import { insiderRoutes } from './intel.routes.ts'
import { IntelService, type IntelDeps } from './intel.service.ts'

export { IntelService, INSIDER_TTL_MS, type IntelDeps } from './intel.service.ts'

export interface Intel {
  insider: IntelService
}

export function createIntel(deps: IntelDeps): Intel {
  return { insider: new IntelService(deps) }
}

export function intelRoutes(app: App, { intel }: { intel: Intel }): void {
  insiderRoutes(app, intel.insider)
}
