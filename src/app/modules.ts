/**
 * The ordered, greppable list of feature modules. Each contributes its shared (`$id`) schemas and a
 * route table fed from the container. Add a module here and nowhere else.
 */
import type { TSchema } from 'typebox'
import { identityRoutes } from '../modules/identity/index.ts'
import { contentRoutes } from '../modules/content/index.ts'
import { freeFeedRoutes } from '../modules/free-feed/index.ts'
import { intelRoutes } from '../modules/intel/index.ts'
import { marketDataRoutes } from '../modules/market-data/index.ts'
import { portfolioRoutes } from '../modules/portfolio/index.ts'
import { transcriptsRoutes } from '../modules/transcripts/index.ts'
import { tenancyRoutes, tenancySharedSchemas } from '../modules/tenancy/index.ts'
import type { Container } from './container.ts'
import type { App } from '../platform/http/app-type.ts'

export interface ModuleEntry {
  name: string
  schemas: TSchema[]
  routes: (app: App, c: Container) => void
}

export const modules: ModuleEntry[] = [
  { name: 'identity', schemas: [], routes: (app, c) => identityRoutes(app, c) },
  { name: 'tenancy', schemas: tenancySharedSchemas, routes: (app, c) => tenancyRoutes(app, c) },
  { name: 'portfolio', schemas: [], routes: (app, c) => portfolioRoutes(app, c) },
  { name: 'market-data', schemas: [], routes: (app, c) => marketDataRoutes(app, c) },
  { name: 'content', schemas: [], routes: (app, c) => contentRoutes(app, c) },
  { name: 'intel', schemas: [], routes: (app, c) => intelRoutes(app, c) },
  { name: 'free-feed', schemas: [], routes: (app, c) => freeFeedRoutes(app, c) },
  { name: 'transcripts', schemas: [], routes: (app, c) => transcriptsRoutes(app, c) },
]
