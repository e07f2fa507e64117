/** Security headers (helmet), CORS, cookies, form bodies and rate limiting. */
import cookie from '@fastify/cookie'
import cors from '@fastify/cors'
import formbody from '@fastify/formbody'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import type { Config } from '../config.ts'
import { TooManyRequestsError } from './errors.ts'

export function allowedOrigins(config: Pick<Config, 'CORS_ORIGINS' | 'PUBLIC_BASE_URL'>): string[] {
  const listed = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  return [...new Set([new URL(config.PUBLIC_BASE_URL).origin, ...listed])]
}

export async function installSecurity(app: FastifyInstance, config: Config, redis?: Redis): Promise<void> {
  // The interactive docs need scripts; JSON answers get a deny-all CSP below instead.
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  })
  app.addHook('onSend', async (req, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '')
    if (type.includes('json'))
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    if (req.scope) reply.header('cache-control', reply.getHeader('cache-control') ?? 'private, no-store')
    return payload
  })
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
