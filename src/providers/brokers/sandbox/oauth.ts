/**
 * Alpaca Connect's OAuth endpoints (docs/vendor-formats.md#alpaca-trading): the consent page and its form, the code
 * exchange and the (third-party-observed) revocation. Errors are RFC 6749 `{error, error_description}`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { apiError, defaultErrorBody } from './chaos.ts'
import { consentPage } from './consent-page.ts'
import { type SandboxContext, hidden } from './context.ts'
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
} from './oauth-kit.ts'

const SCOPES = ['account:write', 'trading', 'data']
const CODE_TTL_MS = 10 * 60_000

interface AuthorizeRequest {
  clientId: string
  redirectUri: string
  state: string | undefined
  scopes: string[]
}

/** The authorize query, or why it is refused (never redirected: the redirect URI may be the problem). */
function authorizeRequest(ctx: SandboxContext, req: FastifyRequest): AuthorizeRequest | OauthFailure {
  const ask = authorizeQuery(req, { id: ctx.clientId, redirectUris: ctx.redirectUris, noun: 'client' })
  if ('error' in ask) return ask
  const scopes = [...new Set((ask.query['scope'] ?? '').split(' ').filter(Boolean))]
  const unknown = scopes.find((s) => !SCOPES.includes(s))
  if (unknown) return failure(400, 'invalid_scope', `unknown scope ${unknown}`)
  return { clientId: ask.clientId, redirectUri: ask.redirectUri, state: ask.state, scopes }
}

function decide(ctx: SandboxContext, req: FastifyRequest, reply: FastifyReply) {
  return decideConsent(req, reply, authorizeRequest(ctx, req), (ask, target) => {
    const claims = {
      k: 'code' as const,
      n: ctx.signer.nonce(ctx.now()),
      c: ask.clientId,
      r: ask.redirectUri,
      s: ask.scopes.join(' '),
    }
    target.searchParams.set('code', ctx.signer.sign({ ...claims, t: ctx.now().getTime() }))
  })
}

interface TokenResponse {
  access_token: string
  token_type: 'bearer'
  scope: string
}

function exchange(
  ctx: SandboxContext,
  form: Record<string, string> | undefined,
): OauthFailure | TokenResponse {
  if (!form) return failure(400, 'invalid_request', `the body must be ${FORM}`)
  if (!form['grant_type']) return failure(400, 'invalid_request', 'grant_type is required')
  if (form['grant_type'] !== 'authorization_code')
    return failure(400, 'unsupported_grant_type', 'grant_type must be authorization_code')
  const missing = ['code', 'client_id', 'client_secret', 'redirect_uri'].find((f) => !form[f])
  if (missing) return failure(400, 'invalid_request', `${missing} is required`)
  if (form['client_id'] !== ctx.clientId || form['client_secret'] !== ctx.clientSecret)
    return failure(401, 'invalid_client', 'client authentication failed')
  const code = ctx.signer.verifyCode(form['code'] ?? '')
  if (!code || code.c !== ctx.clientId) return failure(400, 'invalid_grant', 'authorization code is invalid')
  const spent = spendCode(code, form['redirect_uri'], {
    now: ctx.now().getTime(),
    ttlMs: CODE_TTL_MS,
    usedCodes: ctx.usedCodes,
  })
  if (spent) return spent
  const account = ctx.signer.uuid(`account:${code.n}`)
  const claims = {
    k: 'at' as const,
    j: ctx.signer.nonce(ctx.now()),
    a: account,
    c: ctx.clientId,
    s: code.s,
    t: code.t,
  }
  const token = ctx.signer.sign({ ...claims, g: ctx.chaos.generation() })
  return { access_token: token, token_type: 'bearer', scope: code.s }
}

function revoke(ctx: SandboxContext, req: FastifyRequest, reply: FastifyReply) {
  const status = ctx.chaos.revokeStatus()
  if (status === 404) return reply.code(404).send(apiError(40410000, 'endpoint not found'))
  if (status !== 200) return reply.code(status).send(defaultErrorBody(status, true))
  const form = formOf(req)
  if (!form) return send(reply, failure(400, 'invalid_request', `the body must be ${FORM}`))
  if (!form['token']) return send(reply, failure(400, 'invalid_request', 'token is required'))
  if (form['client_id'] !== ctx.clientId || form['client_secret'] !== ctx.clientSecret)
    return send(reply, failure(401, 'invalid_client', 'client authentication failed'))
  // RFC 7009: an unknown or foreign token is not an error; there is just nothing to revoke.
  const claims = ctx.signer.verifyToken(form['token'])
  if (claims?.c === ctx.clientId) ctx.revoked.add(claims.j)
  return reply.code(200).send({})
}

export function oauthRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/oauth/authorize', hidden(), async (req, reply) => {
    const ask = authorizeRequest(ctx, req)
    if ('error' in ask) return send(reply, ask)
    const html = consentPage({
      action: req.url,
      clientId: ask.clientId,
      redirectUri: ask.redirectUri,
      scopes: ask.scopes,
    })
    return sendConsentPage(reply, ask.redirectUri, html)
  })
  app.post('/oauth/authorize', hidden(FORM), async (req, reply) => decide(ctx, req, reply))
  app.post('/oauth/token', hidden(FORM), async (req, reply) => sendTokens(reply, exchange(ctx, formOf(req))))
  app.post('/oauth/revoke', hidden(FORM), async (req, reply) => revoke(ctx, req, reply))
}
