/** Security headers (helmet's, computed once), CORS, cookies, form bodies and rate limiting. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import cookie from '@fastify/cookie'
import cors from '@fastify/cors'
import formbody from '@fastify/formbody'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import type { Redis } from 'ioredis'
import type { Config } from '../config.ts'
import { TooManyRequestsError } from './errors.ts'

/**
 * The origins that may send cookie-authenticated writes: PUBLIC_BASE_URL's and CORS_ORIGINS. A
 * loopback origin brings its loopback equivalents on the same scheme and port (a person told to open
 * localhost may type 127.0.0.1): only this machine can serve them, on the service's own port. Any
 * other origin stands alone.
 */
export function allowedOrigins(config: Pick<Config, 'CORS_ORIGINS' | 'PUBLIC_BASE_URL'>): string[] {
  const listed = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  return [...new Set([new URL(config.PUBLIC_BASE_URL).origin, ...listed].flatMap(loopbackEquivalents))]
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']

/** `http://localhost:8000` → itself, `http://127.0.0.1:8000` and `http://[::1]:8000`; any other origin → itself. */
export function loopbackEquivalents(origin: string): string[] {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return [origin]
  }
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [origin]
  const port = url.port ? `:${url.port}` : ''
  return [...new Set([origin, ...LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`)])]
}

// The interactive docs need scripts; JSON answers get a deny-all CSP (onSend below) instead.
const HELMET: HelmetOptions = {
  contentSecurityPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
}

/**
 * The headers helmet sets for these options. Without a CSP nonce they are the same on every response,
 * so helmet runs once, here, against a recording response; @fastify/helmet ran it per request.
 */
export function helmetHeaders(options: HelmetOptions = HELMET): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {}
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  }
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    // helmet 8 throws on bad options itself; older versions passed the error here
    if (err) throw err instanceof Error ? err : new Error('helmet refused its options')
  })
  return Object.freeze(headers)
}

export const SECURITY_HEADERS = helmetHeaders()
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'"

/** The request id and the security headers on every answer; synchronous hooks (no promise per request). */
export function installResponseHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(SECURITY_HEADERS)
    reply.header('x-request-id', req.id)
    done()
  })
  app.addHook('onSend', (req, reply, payload, done) => {
    const type = reply.getHeader('content-type')
    if (typeof type === 'string' && type.includes('json')) reply.header('content-security-policy', JSON_CSP)
    if (req.scope && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store')
    done(null, payload)
  })
}

export async function installSecurity(app: FastifyInstance, config: Config, redis?: Redis): Promise<void> {
  const origins = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  await app.register(cors, {
    origin: origins.length ? origins : false,
    credentials: true,
    exposedHeaders: ['ETag', 'X-Cache', 'Retry-After', 'X-Request-Id'],
  })
  await app.register(cookie)
  await app.register(formbody)
  if (config.RATE_LIMIT_ENABLED) {
    await app.register(rateLimit, {
      global: true,
      max: config.RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
      ...(redis ? { redis, nameSpace: `${config.REDIS_PREFIX}rl:` } : {}),
      // Route-level hooks run after the global authentication hook, so a verified user has their own
      // budget (an office behind one address is not one client); anonymous callers share their IP's.
      keyGenerator: (req) => (req.scope ? `u:${req.scope.tenantId}:${req.scope.userId}` : `ip:${req.ip}`),
      errorResponseBuilder: (_req, ctx) =>
        new TooManyRequestsError(
          'rate_limit.exceeded',
          `Too many requests; retry in ${Math.ceil(ctx.ttl / 1000)} s`,
          ctx.ttl / 1000,
        ),
    })
  }
}
