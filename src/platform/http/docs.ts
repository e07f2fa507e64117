/**
 * OpenAPI 3.1 generated from the route schemas (`/openapi.json`) and the interactive reference at
 * `/docs`. Security requirements are derived from each route's `config.auth`.
 */
import swagger from '@fastify/swagger'
import scalar from '@scalar/fastify-api-reference'
import type { FastifyInstance } from 'fastify'

export async function installApiDocs(app: FastifyInstance, opts: { publicBaseUrl: string; version: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sextant API',
        version: opts.version,
        description:
          'Brokerage aggregation, portfolio analytics and trading intelligence. Errors are RFC 9457 ' +
          'problem documents with a stable `code`; invalid input answers 422 with `errors: [{loc, msg, type}]`.',
      },
      servers: [{ url: opts.publicBaseUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'svc_token' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (json.$id as string) || `def-${i}` },
    transform: ({ schema, url, route }) => {
      const auth = (route.config as { auth?: string } | undefined)?.auth ?? 'user'
      const security: Record<string, string[]>[] =
        auth === 'public' ? [] : [{ bearerAuth: [] }, { apiKey: [] }, { cookieAuth: [] }]
      // `x-auth` lets contract tests (the cross-tenant sweep) tell user routes from admin/public ones.
      return { schema: { ...schema, security, 'x-auth': auth }, url }
    },
  })
  app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, () => app.swagger())
  // The reference's own routes (HTML, JS) are public; routes are private unless they say so.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), auth: 'public' }
    })
    await docs.register(scalar, { routePrefix: '/docs', logLevel: 'warn' })
  })
}
