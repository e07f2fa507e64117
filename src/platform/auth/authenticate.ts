/**
 * The authentication hook. Every route declares `config: { auth: 'public' | 'user' | 'admin' }`
 * (undeclared means 'user': a route is private unless it says otherwise). Credentials, in order:
 * `Authorization: Bearer <jwt>`, `X-API-Key: <key>`, the `svc_token` cookie.
 * Cookie-authenticated unsafe requests must come from an allowed Origin (CSRF); bearer and API-key
 * requests carry no ambient authority and are not checked.
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

async function identify(req: FastifyRequest, auth: Authenticator): Promise<RequestScope | null> {
  const header = req.headers.authorization
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header)
    return m?.[1] ? auth.fromAccessToken(m[1], 'bearer') : null
  }
  const apiKey = req.headers[API_KEY_HEADER]
  if (typeof apiKey === 'string' && apiKey) return auth.fromApiKey(apiKey)
  const cookie = req.cookies?.[ACCESS_COOKIE]
  if (cookie) return auth.fromAccessToken(cookie, 'cookie')
  return null
}

export function installAuthentication(
  app: FastifyInstance,
  opts: { authenticator: Authenticator; allowedOrigins: string[] },
): void {
  const origins = new Set(opts.allowedOrigins)
  app.addHook('onRequest', async (req) => {
    // Unmatched routes (404) have no config: let the not-found handler answer.
    const requirement: AuthRequirement =
      req.routeOptions.url === undefined ? 'public' : (req.routeOptions.config.auth ?? 'user')
    const scope = await identify(req, opts.authenticator)
    if (scope) req.scope = scope
    if (requirement === 'public') return
    if (!scope) {
      throw new UnauthorizedError('auth.unauthenticated', 'A valid access token or API key is required', {
        headers: { 'www-authenticate': 'Bearer' },
      })
    }
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
