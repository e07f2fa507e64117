/**
 * Builds the Fastify application from a container: platform plugins first (logging, errors,
 * security, docs, metrics, authentication), then the operational routes and the module list.
 */
import Fastify, { type FastifyBaseLogger } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { installAuthentication } from '../platform/auth/authenticate.ts'
import { installApiDocs } from '../platform/http/docs.ts'
import { installErrorHandling } from '../platform/http/error-handler.ts'
import { frameworkErrorOptions } from '../platform/http/framework-errors.ts'
import { installMetrics } from '../platform/http/metrics.ts'
import { ProblemSchema } from '../platform/http/problem.ts'
import { allowedOrigins, installResponseHeaders, installSecurity } from '../platform/http/security.ts'
import { closeBodySchemas, requireDeclaredMediaType, schemaCompilers } from '../platform/http/validation.ts'
import {
  absentBodyAsEmpty,
  refusedPrototypeKey,
  refuseBodyOnBodylessWrite,
} from '../platform/http/json-body.ts'
import type { Container } from './container.ts'
import { opsRoutes } from './ops.routes.ts'
import { sitePages } from './pages/index.ts'
import { consolePages } from './console.ts'
import type { App } from '../platform/http/app-type.ts'

export const VERSION = '0.1.0'

export async function buildApp(c: Container): Promise<App> {
  const loggerInstance: FastifyBaseLogger = c.log // widen pino's Logger to what Fastify's types expect
  const app = Fastify({
    loggerInstance,
    requestIdHeader: 'x-request-id',
    genReqId: () => c.ids.ulid(),
    ...frameworkErrorOptions(),
    bodyLimit: c.config.BODY_LIMIT_BYTES,
    trustProxy: c.config.TRUST_PROXY,
    schemaController: schemaCompilers(),
  }).withTypeProvider<TypeBoxTypeProvider>()

  installResponseHeaders(app)
  // An empty JSON body is no body (clients send `Content-Type: application/json` with nothing, e.g. on
  // logout); routes that need one still answer 422 through their schema. Fastify's parser (with its
  // prototype-poisoning protection) handles everything else.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString()
    if (text.trim() === '') return done(null, undefined)
    // Fastify refuses a prototype key as "not valid JSON"; say what is refused and why instead.
    return parseJson(req, text, (err, value) => done(err ? (refusedPrototypeKey(text) ?? err) : null, value))
  })
  // Strict input (ADR 0012): bodies closed before they are compiled and documented, read only in
  // the media types their route declares, and refused where a write takes none.
  app.addHook('onRoute', closeBodySchemas)
  app.addHook('preValidation', requireDeclaredMediaType)
  app.addHook('preValidation', absentBodyAsEmpty)
  app.addHook('preValidation', refuseBodyOnBodylessWrite)
  app.addSchema(ProblemSchema)
  installErrorHandling(app)
  await installSecurity(app, c.config, c.redis)
  await installApiDocs(app, { publicBaseUrl: c.config.PUBLIC_BASE_URL, version: VERSION })
  installMetrics(app, { registry: c.metrics, poolStats: () => c.database.poolStats() })
  installAuthentication(app, { authenticator: c.authenticator, allowedOrigins: allowedOrigins(c.config) })

  opsRoutes(app, c, c.metrics)
  sitePages(app)
  await consolePages(app)
  mountModules(app, c)
  return app
}

/** Each module's routes as an encapsulated plugin: what one registers (hooks, decorators) stays its own. */
function mountModules(app: App, c: Container): void {
  const apis = c as unknown as Record<string, unknown>
  for (const m of c.modules) {
    const routes = m.routes
    if (routes) void app.register(async (scope) => routes(scope as App, apis[m.key]))
  }
}
