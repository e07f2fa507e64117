/**
 * OpenAPI 3.1 generated from the route schemas (`/openapi.json`) and the interactive reference at
 * `/docs`. Security requirements are derived from each route's `config.auth`; examples and success
 * descriptions from its `schema.examples` (see docs-transform.ts).
 */
import swagger from '@fastify/swagger'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { BODY_OPTIONAL, bodiesMayBeLeftOut, documentedSchema } from './docs-transform.ts'
import { problems } from './problem.ts'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The errors any operation can answer whatever its handler does, documented once here: a malformed
 * URL (400), rate limiting (429), a failure (500) or a draining server (503); an over-long path
 * parameter (414); for methods with a body, too large (413), wrong media type (415) or not JSON (422);
 * for private ones, no credentials (401) and an agent's key, which only the agent order operations
 * and MCP take, or on writes a cookie without an allowed Origin (403).
 * A route's own entry for a status wins (the OAuth token endpoint's 400 keeps its RFC 6749 shape).
 */
export function sharedErrorStatuses(method: string, url: string, auth: string): number[] {
  const statuses = [400, 429, 500, 503]
  if (/[:{]/.test(url)) statuses.push(414)
  const write = !SAFE.has(method.toUpperCase())
  if (write) statuses.push(413, 415, 422)
  if (auth !== 'public') statuses.push(401, 403)
  return statuses
}

/** Where an OAuth 2.0 client (and the /docs reference) exchanges a password for a token. */
const TOKEN_URL = '/api/auth/token'

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
          OAuth2PasswordBearer: {
            type: 'oauth2',
            description:
              'Log in with your e-mail as username and your password (RFC 6749 password grant, ' +
              'form-encoded; no client id or secret is needed). Accounts with MFA get an mfa_token ' +
              'instead: finish at POST /api/auth/mfa/challenge and paste the access token as bearerAuth.',
            flows: { password: { tokenUrl: TOKEN_URL, scopes: {} } },
          },
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'svc_token' },
          agentKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'sxa_…',
            description: 'An agent’s credential (bot controls): the operations that say so also accept it',
          },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (json.$id as string) || `def-${i}` },
    transform: ({ schema, url, route }) => {
      const config = route.config as { auth?: string; agentKey?: boolean; bodyOptional?: boolean } | undefined
      // A route that authenticates agent keys itself is private for everyone else.
      const auth = config?.agentKey ? 'user' : (config?.auth ?? 'user')
      const method = Array.isArray(route.method) ? String(route.method[0]) : route.method
      // Without a response schema swagger documents `200: Default Response`; keep that answer.
      const own = (schema?.response as object | undefined) ?? { 200: { description: 'Default Response' } }
      const response = { ...problems(...sharedErrorStatuses(method, route.url, auth)), ...own }
      // `x-auth` lets contract tests (the cross-tenant sweep) tell user routes from admin/public ones.
      const documented = documentedSchema({ ...schema, response }, auth, config?.agentKey === true)
      return { schema: config?.bodyOptional ? { ...documented, [BODY_OPTIONAL]: true } : documented, url }
    },
    transformObject: (doc) =>
      bodiesMayBeLeftOut('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject),
  })
  app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, () => app.swagger())
  installReference(app)
}

/** What a reference answer keeps on its way out (the app's own hooks add the security headers). */
const KEPT = ['content-type', 'content-disposition', 'location', 'cache-control', 'etag', 'last-modified']

/** The little of the browser's DOM that the function below uses (the server compiles without DOM types). */
interface ReferencePage {
  document: {
    body: unknown
    querySelectorAll(selector: string): Iterable<{
      textContent: string | null
      closest(selector: string): { style: { display: string } } | null
    }>
  }
  MutationObserver: new (onChange: () => void) => { observe(target: unknown, options: object): void }
}

/**
 * Runs in the browser. Scalar draws Client ID, Client Secret and Credentials Location for every
 * OAuth 2.0 flow and has no option to leave them out; this API's password grant takes no client
 * credentials, so their rows are hidden by label, now and whenever Scalar draws the form again.
 */
function hideClientCredentialRows(): void {
  const { document, MutationObserver } = globalThis as unknown as ReferencePage
  // An object method, not a named inner function: the test runner's compiler wraps those in a
  // naming helper that would not exist in the page.
  const rows = {
    hide(this: void): void {
      for (const label of document.querySelectorAll('tr label')) {
        const row = label.closest('tr')
        const unused = ['Client ID', 'Client Secret', 'Credentials Location']
        if (row && unused.includes(label.textContent?.trim() ?? '')) row.style.display = 'none'
      }
    },
  }
  new MutationObserver(rows.hide).observe(document.body, { childList: true, subtree: true })
  rows.hide()
}

/**
 * The interactive reference at /docs, Scalar's Fastify plugin, loaded on the first request to /docs:
 * the package is 4.4 MB and took 0.7 s of every start to import (ADR 0021). It runs in a Fastify
 * instance of its own, reached with `inject`, and documents this app's OpenAPI document.
 */
function installReference(app: FastifyInstance): void {
  let reference: Promise<FastifyInstance> | undefined
  const load = () =>
    (reference ??= (async () => {
      const { default: scalar } = await import('@scalar/fastify-api-reference')
      const docs = Fastify({ logger: false })
      await docs.register(scalar, {
        routePrefix: '/docs',
        logLevel: 'warn',
        configuration: {
          content: () => app.swagger(),
          pageTitle: 'Sextant API reference',
          // Preselect the password flow, so "Authorize" in /docs asks for an e-mail and a password.
          authentication: { preferredSecurityScheme: 'OAuth2PasswordBearer' },
          // Self-contained: the system's fonts (not Scalar's font CDN), no telemetry, and none of the
          // buttons that lead to Scalar's hosted services (its AI agent, developer tools, toolbar).
          withDefaultFonts: false,
          telemetry: false,
          agent: { disabled: true },
          showDeveloperTools: 'never',
          // Serialised into the page and run there, so it must not close over anything.
          onLoaded: hideClientCredentialRows,
        },
      })
      await docs.ready()
      return docs
    })().catch((err: unknown) => {
      reference = undefined // a failed load is retried by the next request
      throw err
    }))
  const forward = async (req: FastifyRequest, reply: FastifyReply) => {
    const docs = await load()
    const res = await docs.inject({ method: req.method as 'GET', url: req.url })
    if (res.statusCode === 404) return reply.callNotFound() // this app's 404, a problem document
    for (const name of KEPT) {
      const value = res.headers[name]
      if (value !== undefined) reply.header(name, value)
    }
    return reply.code(res.statusCode).send(res.rawPayload.length ? res.rawPayload : undefined)
  }
  // Public, and out of the OpenAPI document, like the plugin's own routes.
  const options = { config: { auth: 'public' as const }, schema: { hide: true } }
  app.get('/docs', options, forward)
  app.get('/docs/*', options, forward)
}
