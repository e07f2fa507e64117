/**
 * The authentication hook. Every route declares `config: { auth: 'public' | 'user' | 'admin' }`
 * (undeclared means 'user': a route is private unless it says otherwise). Credentials, in order:
 * `Authorization: Bearer <jwt>`, `X-API-Key: <key>`, the `svc_token` cookie.
 * Cookie-authenticated unsafe requests must come from an allowed Origin (CSRF); bearer and API-key
 * requests carry no ambient authority and are not checked. An agent's live key (bearer or
 * X-API-Key) on a private route is a 403 `auth.agent_key_not_allowed`: the key is good, the route
 * is a person's (a bad or unknown key stays a 401).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ForbiddenError, UnauthorizedError } from '../http/errors.ts'
import type { Authenticator } from './authenticator.ts'
import type { AuthRequirement, RequestScope } from './scope.ts'

declare module 'fastify' {
  interface FastifyRequest {
    scope?: RequestScope
  }
  interface FastifyContextConfig {
    auth?: AuthRequirement
    /**
     * With `auth: 'public'`: the route also takes an agent's key (`Authorization: Bearer sxa_…`),
     * which this hook does not know, and authenticates in its own preHandler (a signed-in user's
     * credentials still work). Documented as a private operation with the agent key scheme besides.
     */
    agentKey?: boolean
  }
}

export const ACCESS_COOKIE = 'svc_token'
export const API_KEY_HEADER = 'x-api-key'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The scope of an authenticated route's request (the hook guarantees it). */
export function scopeOf(req: FastifyRequest): RequestScope {
  if (!req.scope) throw new UnauthorizedError()
  return req.scope
}

/** The credentials a request presents, in order of precedence, or undefined. */
function credentials(
  req: FastifyRequest,
): { kind: 'bearer' | 'cookie' | 'api_key'; value: string } | undefined {
  const header = req.headers.authorization
  if (header) return { kind: 'bearer', value: header }
  const apiKey = req.headers[API_KEY_HEADER]
  if (typeof apiKey === 'string' && apiKey) return { kind: 'api_key', value: apiKey }
  const cookie = req.cookies?.[ACCESS_COOKIE]
  if (cookie) return { kind: 'cookie', value: cookie }
  return undefined
}

/**
 * The token of an `Authorization: Bearer <token>` header, or null: the scheme in any case ("bearer"
 * too), one or more whitespace characters, then a single token with no whitespace in or after it.
 */
export function bearerToken(value: string | undefined): string | null {
  return (value && BEARER.exec(value)?.[1]) || null
}
const BEARER = /^Bearer\s+(\S+)$/i

async function identify(
  presented: NonNullable<ReturnType<typeof credentials>>,
  auth: Authenticator,
): Promise<RequestScope | null> {
  if (presented.kind === 'api_key') return auth.fromApiKey(presented.value)
  if (presented.kind === 'cookie') return auth.fromAccessToken(presented.value, 'cookie')
  const token = bearerToken(presented.value)
  return token ? auth.fromAccessToken(token, 'bearer') : null
}

/** The token a bearer or API-key credential carries (a cookie never holds an agent key). */
function presentedKey(presented: NonNullable<ReturnType<typeof credentials>>): string | undefined {
  if (presented.kind === 'api_key') return presented.value
  if (presented.kind === 'bearer') return bearerToken(presented.value) ?? undefined
  return undefined
}

/** What an unidentified credential on a private route gets: 403 for an agent's live key, else 401. */
async function refusal(
  presented: NonNullable<ReturnType<typeof credentials>>,
  auth: Authenticator,
): Promise<Error> {
  const key = presentedKey(presented)
  if (key && (await auth.isAgentKey(key)))
    return new ForbiddenError(
      'auth.agent_key_not_allowed',
      'An agent key can only be used on the agent order path (/api/bot-controls/agents/{agent_id}/orders…, ' +
        '/api/bot-controls/orders/{order_id}) and the MCP server (/mcp); this operation needs a person’s ' +
        'access token, API key or session',
    )
  return unauthenticated()
}

function unauthenticated(): UnauthorizedError {
  return new UnauthorizedError('auth.unauthenticated', 'A valid access token or API key is required', {
    headers: { 'www-authenticate': 'Bearer' },
  })
}

/** What an identified (or anonymous) request may do on a route requiring `requirement`. */
function authorize(
  req: FastifyRequest,
  requirement: AuthRequirement,
  scope: RequestScope | null,
  origins: Set<string>,
): void {
  if (requirement === 'public') return
  if (!scope) throw unauthenticated()
  if (scope.via === 'cookie' && !SAFE_METHODS.has(req.method)) {
    const origin = req.headers.origin ?? originOf(req.headers.referer)
    if (!origin || !origins.has(origin)) {
      throw new ForbiddenError(
        'auth.csrf_origin_mismatch',
        'Cookie-authenticated requests must come from an allowed Origin',
      )
    }
  }
  if (requirement === 'admin' && scope.role !== 'admin') {
    throw new ForbiddenError('auth.admin_required', 'This operation requires an administrator')
  }
}

export function installAuthentication(
  app: FastifyInstance,
  opts: { authenticator: Authenticator; allowedOrigins: string[] },
): void {
  const origins = new Set(opts.allowedOrigins)
  // Callback style, so a request without credentials (every public route's usual case) costs no promise.
  app.addHook('onRequest', (req, _reply, done) => {
    // Unmatched routes (404) have no config: let the not-found handler answer.
    const requirement: AuthRequirement =
      req.routeOptions.url === undefined ? 'public' : (req.routeOptions.config.auth ?? 'user')
    const presented = credentials(req)
    if (!presented) return done(requirement === 'public' ? undefined : unauthenticated())
    identify(presented, opts.authenticator).then(
      (scope) => {
        if (scope) req.scope = scope
        else if (requirement !== 'public')
          return void refusal(presented, opts.authenticator).then(done, (err: Error) => done(err))
        try {
          authorize(req, requirement, scope, origins)
        } catch (err) {
          return done(err as Error)
        }
        done()
      },
      (err: Error) => done(err),
    )
  })
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return undefined
  }
}
