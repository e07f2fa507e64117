/** HTTP helpers shared by the identity route tables: request context, the access cookie, budgets. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ACCESS_COOKIE } from '../../../platform/auth/authenticate.ts'
import type { Config } from '../../../platform/config.ts'
import type { RequestContext } from './identity.service.ts'
import type { MfaPending, TokenPair } from './identity.schemas.ts'
import { OAuthGrantError } from './sessions.service.ts'

export const ctxOf = (req: FastifyRequest): RequestContext => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
})

/**
 * The refresh token's cookie, for browsers (the console): httpOnly, so a script never reads it; sent
 * only to /api/auth and only by same-site requests, so another site cannot make a browser refresh.
 */
export const REFRESH_COOKIE = 'svc_refresh'

function cookieOptions(config: Config, maxAge: number) {
  return { httpOnly: true, path: '/', sameSite: 'lax' as const, secure: config.COOKIE_SECURE, maxAge }
}

function refreshCookieOptions(config: Config, maxAge: number) {
  return { ...cookieOptions(config, maxAge), path: '/api/auth', sameSite: 'strict' as const }
}

/**
 * RFC 6749 §5.1: token answers are never cached. Sets the `svc_token` cookie with the access token and
 * the `svc_refresh` cookie with the refresh token.
 */
export function sendTokens(reply: FastifyReply, config: Config, answer: TokenPair | MfaPending) {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache')
  if ('access_token' in answer) {
    reply.setCookie(ACCESS_COOKIE, answer.access_token, cookieOptions(config, answer.expires_in))
    const refreshAge = config.REFRESH_TOKEN_TTL_DAYS * 86_400
    reply.setCookie(REFRESH_COOKIE, answer.refresh_token, refreshCookieOptions(config, refreshAge))
  }
  return reply.code(200).send(answer)
}

export function clearAccessCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(ACCESS_COOKIE, cookieOptions(config, 0))
  reply.clearCookie(REFRESH_COOKIE, refreshCookieOptions(config, 0))
}

/** Runs a grant; a failed one answers RFC 6749 §5.2 JSON (400), which OAuth2 client libraries read. */
export async function grant(
  reply: FastifyReply,
  config: Config,
  work: () => Promise<TokenPair | MfaPending>,
) {
  try {
    return sendTokens(reply, config, await work())
  } catch (e) {
    if (!(e instanceof OAuthGrantError)) throw e
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .send({ error: e.error, error_description: e.description })
  }
}

/** Per-IP budget for a sensitive route (ignored when rate limiting is off). */
export const perIp = (max: number, timeWindow: string) => ({
  max,
  timeWindow,
  keyGenerator: (req: FastifyRequest) => `ip:${req.ip}`,
})
