/**
 * The ordered, greppable list of feature modules. Each contributes its shared (`$id`) schemas and a
 * route table fed from the container. Add a module here and nowhere else.
 */
import type { TSchema } from 'typebox'
import { tenancyRoutes, tenancySharedSchemas } from '../modules/tenancy/index.ts'
import type { Container } from './container.ts'
import type { App } from './types.ts'

export interface ModuleEntry {
  name: string
  schemas: TSchema[]
  routes: (app: App, c: Container) => void
}

export const modules: ModuleEntry[] = [
  { name: 'tenancy', schemas: tenancySharedSchemas, routes: (app, c) => tenancyRoutes(app, c) },
]
