/**
 * Schwab's OAuth endpoints (docs/vendor-formats.md#schwab-trader): the consent page and its form (a redirect with `code`,
 * `session` and `state`; the code ends in `@`, so it arrives as `%40`), and the token endpoint with
 * HTTP Basic client authentication for the code exchange and the refresh. No revoke endpoint.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { consentPage, type ConsentWording } from '../consent-page.ts'
import { hidden } from '../context.ts'
import {
  authorizeQuery,
  decideConsent,
  failure,
  FORM,
  formOf,
  type OauthFailure,
  send,
  sendConsentPage,
  sendTokens,
  spendCode,
} from '../oauth-kit.ts'
import type { SchwabContext } from './context.ts'
import { ACCESS_TTL_S, CODE_TTL_MS, type Grant, REFRESH_TTL_MS } from './tokens.ts'

const WORDING: ConsentWording = {
  vendor: 'Charles Schwab',
  asks: [
    'Read your accounts, balances, positions, orders and transactions',
    'Place and cancel orders',
    'Read market data',
  ],
  note: 'This is a simulated brokerage: allowing creates a new login with a margin and a cash paper account with generated holdings.',
}

/** The authorize query, or why it is refused (never redirected: the redirect URI may be the problem). */
function authorizeRequest(
  ctx: SchwabContext,
  req: FastifyRequest,
): { redirectUri: string; state?: string } | OauthFailure {
  const ask = authorizeQuery(req, { id: ctx.appKey, redirectUris: ctx.redirectUris, noun: 'app' })
  if ('error' in ask) return ask
  return ask.state !== undefined
    ? { redirectUri: ask.redirectUri, state: ask.state }
    : { redirectUri: ask.redirectUri }
}

function decide(ctx: SchwabContext, req: FastifyRequest, reply: FastifyReply) {
  return decideConsent(req, reply, authorizeRequest(ctx, req), (ask, target) => {
    const code = ctx.tokens.code(ctx.appKey, ask.redirectUri, ctx.now())
    target.searchParams.set('code', code)
    target.searchParams.set('session', ctx.signer.uuid(`schwab:session:${code}`))
  })
}

/** The app of `Authorization: Basic base64(appKey:appSecret)`, when it is ours. */
function basicClient(ctx: SchwabContext, req: FastifyRequest): boolean {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.headers.authorization ?? '')
  if (!m?.[1]) return false
  const decoded = Buffer.from(m[1], 'base64').toString('utf8')
  return decoded === `${ctx.appKey}:${ctx.appSecret}`
}

interface TokenResponse {
  expires_in: number
  token_type: 'Bearer'
  scope: 'api'
  refresh_token: string
  access_token: string
  id_token: string
}

function issue(ctx: SchwabContext, grant: Grant, refreshToken?: string): TokenResponse {
  const now = ctx.now()
  return {
    expires_in: ACCESS_TTL_S,
    token_type: 'Bearer',
    scope: 'api',
    refresh_token: refreshToken ?? ctx.tokens.refresh(grant, now, ctx.refresh.generation),
    access_token: ctx.tokens.access(grant, now, ctx.chaos.generation()),
    id_token: ctx.tokens.idToken(grant, now),
  }
}

function exchangeCode(ctx: SchwabContext, form: Record<string, string>): OauthFailure | TokenResponse {
  const missing = ['code', 'redirect_uri'].find((f) => !form[f])
  if (missing) return failure(400, 'invalid_request', `${missing} is required`)
  const code = ctx.tokens.verifyCode(form['code'] ?? '')
  if (!code || code.c !== ctx.appKey) return failure(400, 'invalid_grant', 'authorization code is invalid')
  const now = ctx.now().getTime()
  const spent = spendCode(code, form['redirect_uri'], { now, ttlMs: CODE_TTL_MS, usedCodes: ctx.usedCodes })
  if (spent) return spent
  return issue(ctx, { l: ctx.signer.uuid(`schwab:login:${code.n}`), c: ctx.appKey, t: code.t, x: now })
}

function refresh(ctx: SchwabContext, form: Record<string, string>): OauthFailure | TokenResponse {
  const token = form['refresh_token']
  if (!token) return failure(400, 'invalid_request', 'refresh_token is required')
  const claims = ctx.tokens.verifyRefresh(token)
  if (!claims || claims.c !== ctx.appKey) return failure(400, 'invalid_grant', 'refresh token is invalid')
  if (ctx.now().getTime() - claims.x >= REFRESH_TTL_MS || claims.g < ctx.refresh.expiredBelow)
    return failure(400, 'invalid_grant', 'refresh token has expired')
  return issue(ctx, claims, token)
}

function token(ctx: SchwabContext, req: FastifyRequest): OauthFailure | TokenResponse {
  if (!basicClient(ctx, req)) return failure(401, 'invalid_client', 'client authentication failed')
  const form = formOf(req)
  if (!form) return failure(400, 'invalid_request', `the body must be ${FORM}`)
  const grant = form['grant_type']
  if (!grant) return failure(400, 'invalid_request', 'grant_type is required')
  if (grant === 'authorization_code') return exchangeCode(ctx, form)
  if (grant === 'refresh_token') return refresh(ctx, form)
  return failure(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token')
}

export function oauthRoutes(app: FastifyInstance, ctx: SchwabContext): void {
  app.get('/v1/oauth/authorize', hidden(), async (req, reply) => {
    const ask = authorizeRequest(ctx, req)
    if ('error' in ask) return send(reply, ask)
    const html = consentPage({
      action: req.url,
      clientId: ctx.appKey,
      redirectUri: ask.redirectUri,
      scopes: [],
      wording: WORDING,
    })
    return sendConsentPage(reply, ask.redirectUri, html)
  })
  app.post('/v1/oauth/authorize', hidden(FORM), async (req, reply) => decide(ctx, req, reply))
  app.post('/v1/oauth/token', hidden(FORM), async (req, reply) => sendTokens(reply, token(ctx, req)))
}
