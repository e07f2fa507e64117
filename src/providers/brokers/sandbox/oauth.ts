/**
 * Alpaca Connect's OAuth endpoints (wire-facts §1): the consent page and its form, the code
 * exchange and the (third-party-observed) revocation. Errors are RFC 6749 `{error, error_description}`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { apiError, defaultErrorBody, oauthError } from './chaos.ts'
import { consentPage } from './consent-page.ts'
import { type SandboxContext, hidden, queryOf } from './context.ts'

const FORM = 'application/x-www-form-urlencoded'
const SCOPES = ['account:write', 'trading', 'data']
const CODE_TTL_MS = 10 * 60_000

interface AuthorizeRequest {
  clientId: string
  redirectUri: string
  state: string | undefined
  scopes: string[]
}

type OauthFailure = { status: number; error: string; description: string }

const failure = (status: number, error: string, description: string): OauthFailure => ({
  status,
  error,
  description,
})
const send = (reply: FastifyReply, f: OauthFailure) =>
  reply.code(f.status).header('cache-control', 'no-store').send(oauthError(f.error, f.description))

/** The authorize query, or why it is refused (never redirected: the redirect URI may be the problem). */
function authorizeRequest(ctx: SandboxContext, req: FastifyRequest): AuthorizeRequest | OauthFailure {
  const q = queryOf(req)
  const clientId = q['client_id']
  const redirectUri = q['redirect_uri']
  if (!clientId) return failure(400, 'invalid_request', 'client_id is required')
  if (clientId !== ctx.clientId) return failure(400, 'invalid_client', 'unknown client_id')
  if (!redirectUri) return failure(400, 'invalid_request', 'redirect_uri is required')
  if (!ctx.redirectUris.includes(redirectUri))
    return failure(400, 'invalid_request', 'redirect_uri is not registered for this client')
  if (q['response_type'] !== 'code')
    return failure(400, 'unsupported_response_type', 'response_type must be code')
  const scopes = [...new Set((q['scope'] ?? '').split(' ').filter(Boolean))]
  const unknown = scopes.find((s) => !SCOPES.includes(s))
  if (unknown) return failure(400, 'invalid_scope', `unknown scope ${unknown}`)
  return { clientId, redirectUri, state: q['state'], scopes }
}

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

function decide(ctx: SandboxContext, req: FastifyRequest, reply: FastifyReply) {
  const ask = authorizeRequest(ctx, req)
  if ('error' in ask) return send(reply, ask)
  const decision = formOf(req)?.['decision']
  if (decision !== 'allow' && decision !== 'deny')
    return send(reply, failure(400, 'invalid_request', 'decision must be allow or deny'))
  const target = new URL(ask.redirectUri)
  if (decision === 'allow') {
    const claims = {
      k: 'code' as const,
      n: ctx.signer.nonce(ctx.now()),
      c: ask.clientId,
      r: ask.redirectUri,
      s: ask.scopes.join(' '),
    }
    target.searchParams.set('code', ctx.signer.sign({ ...claims, t: ctx.now().getTime() }))
  } else {
    target.searchParams.set('error', 'access_denied')
  }
  if (ask.state !== undefined) target.searchParams.set('state', ask.state)
  return reply.redirect(target.toString(), 302)
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
  if (ctx.now().getTime() - code.t > CODE_TTL_MS)
    return failure(400, 'invalid_grant', 'authorization code has expired')
  if (ctx.usedCodes.has(code.n))
    return failure(400, 'invalid_grant', 'authorization code has already been used')
  if (code.r !== form['redirect_uri'])
    return failure(400, 'invalid_grant', 'redirect_uri does not match the authorization request')
  ctx.usedCodes.add(code.n)
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
    const origin = new URL(ask.redirectUri).origin
    const csp = `default-src 'none'; form-action 'self' ${origin}; frame-ancestors 'none'`
    const html = consentPage({
      action: req.url,
      clientId: ask.clientId,
      redirectUri: ask.redirectUri,
      scopes: ask.scopes,
    })
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .send(html)
  })
  app.post('/oauth/authorize', hidden(FORM), async (req, reply) => decide(ctx, req, reply))
  app.post('/oauth/token', hidden(FORM), async (req, reply) => {
    const result = exchange(ctx, formOf(req))
    if ('error' in result) return send(reply, result)
    return reply.header('cache-control', 'no-store').send(result)
  })
  app.post('/oauth/revoke', hidden(FORM), async (req, reply) => revoke(ctx, req, reply))
}
