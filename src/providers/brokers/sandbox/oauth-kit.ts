/**
 * What the sandboxes' OAuth endpoints (Alpaca's oauth.ts, Schwab's schwab/oauth.ts) share: RFC 6749
 * `{error, error_description}` refusals, urlencoded form bodies, the authorize query's client and
 * redirect URI checks, the consent form's redirect, the consent page's headers and the one-time
 * code's expiry, reuse and redirect URI checks. What differs (scopes, client authentication, the
 * code and the tokens) stays with each vendor.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { oauthError } from './chaos.ts'
import { queryOf } from './context.ts'

export const FORM = 'application/x-www-form-urlencoded'

export type OauthFailure = { status: number; error: string; description: string }

export const failure = (status: number, error: string, description: string): OauthFailure => ({
  status,
  error,
  description,
})

export const send = (reply: FastifyReply, f: OauthFailure) =>
  reply.code(f.status).header('cache-control', 'no-store').send(oauthError(f.error, f.description))

/** The form fields of a urlencoded body (first value of a repeated one), or undefined for another type. */
export function formOf(req: FastifyRequest): Record<string, string> | undefined {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
  if (type !== FORM) return undefined
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, unknown>)) {
    const first: unknown = Array.isArray(v) ? v[0] : v
    if (typeof first === 'string') out[k] = first
  }
  return out
}

/** The registered client: its id, redirect URIs, and what a refusal calls it ('client', 'app'). */
export interface OauthClient {
  id: string
  redirectUris: readonly string[]
  noun: string
}

export interface AuthorizeQuery {
  query: Record<string, string | undefined>
  clientId: string
  redirectUri: string
  state: string | undefined
}

/** The authorize query's client_id, redirect_uri and response_type, or why they are refused. */
export function authorizeQuery(req: FastifyRequest, client: OauthClient): AuthorizeQuery | OauthFailure {
  const q = queryOf(req)
  const clientId = q['client_id']
  const redirectUri = q['redirect_uri']
  if (!clientId) return failure(400, 'invalid_request', 'client_id is required')
  if (clientId !== client.id) return failure(400, 'invalid_client', 'unknown client_id')
  if (!redirectUri) return failure(400, 'invalid_request', 'redirect_uri is required')
  if (!client.redirectUris.includes(redirectUri))
    return failure(400, 'invalid_request', `redirect_uri is not registered for this ${client.noun}`)
  if (q['response_type'] !== 'code')
    return failure(400, 'unsupported_response_type', 'response_type must be code')
  return { query: q, clientId, redirectUri, state: q['state'] }
}

/**
 * The consent form's answer: a 302 to the redirect URI with what `allow` sets on it (the code…) or
 * `error=access_denied`, and the state; a refused query or a decision other than allow/deny is a 400.
 */
export function decideConsent<A extends { redirectUri: string; state?: string | undefined }>(
  req: FastifyRequest,
  reply: FastifyReply,
  ask: A | OauthFailure,
  allow: (ask: A, target: URL) => void,
) {
  if ('error' in ask) return send(reply, ask)
  const decision = formOf(req)?.['decision']
  if (decision !== 'allow' && decision !== 'deny')
    return send(reply, failure(400, 'invalid_request', 'decision must be allow or deny'))
  const target = new URL(ask.redirectUri)
  if (decision === 'allow') allow(ask, target)
  else target.searchParams.set('error', 'access_denied')
  if (ask.state !== undefined) target.searchParams.set('state', ask.state)
  return reply.redirect(target.toString(), 302)
}

/** The consent page, allowed to post back to itself and to redirect to the redirect URI's origin. */
export function sendConsentPage(reply: FastifyReply, redirectUri: string, html: string) {
  const origin = new URL(redirectUri).origin
  const csp = `default-src 'none'; form-action 'self' ${origin}; frame-ancestors 'none'`
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .send(html)
}

/** A token endpoint's answer: the refusal, or the tokens (never cached). */
export function sendTokens(reply: FastifyReply, result: OauthFailure | object) {
  if ('error' in result) return send(reply, result)
  return reply.header('cache-control', 'no-store').send(result)
}

/** Refuses a code that has outlived `ttlMs`, was used before or names another redirect_uri; else marks it used. */
export function spendCode(
  code: { t: number; n: string; r: string },
  redirectUri: string | undefined,
  at: { now: number; ttlMs: number; usedCodes: Set<string> },
): OauthFailure | null {
  if (at.now - code.t > at.ttlMs) return failure(400, 'invalid_grant', 'authorization code has expired')
  if (at.usedCodes.has(code.n))
    return failure(400, 'invalid_grant', 'authorization code has already been used')
  if (code.r !== redirectUri)
    return failure(400, 'invalid_grant', 'redirect_uri does not match the authorization request')
  at.usedCodes.add(code.n)
  return null
}
