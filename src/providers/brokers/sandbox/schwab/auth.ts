/**
 * Bearer authentication of the Trader and Market Data APIs: a sandbox access token of this app,
 * issued less than 30 minutes ago by the sandbox clock and not expired by chaos. Failures answer 401
 * in the API's own error shape.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SchwabContext } from './context.ts'
import type { Login, SchwabAccount } from './ledger.ts'
import { ACCESS_TTL_S, type AccessClaims } from './tokens.ts'
import { marketFail, traderFail } from './wire.ts'

export interface Caller {
  claims: AccessClaims
  login: Login
}

const callers = new WeakMap<FastifyRequest, Caller>()

/** The authenticated caller of a Trader API route (its preHandler guarantees one). */
export function callerOf(req: FastifyRequest): Caller {
  const c = callers.get(req)
  if (!c) throw new Error('trader route reached without an authenticated caller')
  return c
}

function validClaims(ctx: SchwabContext, req: FastifyRequest): AccessClaims | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')
  const claims = m?.[1] ? ctx.tokens.verifyAccess(m[1]) : undefined
  if (!claims || claims.c !== ctx.appKey || ctx.chaos.isExpired(claims.g)) return undefined
  const age = ctx.now().getTime() - claims.i
  return age >= 0 && age < ACCESS_TTL_S * 1000 ? claims : undefined
}

const DETAIL = 'Access token is missing, invalid or expired'

export function authenticate(ctx: SchwabContext, api: 'trader' | 'marketdata') {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const claims = validClaims(ctx, req)
    if (!claims)
      return api === 'trader'
        ? traderFail(reply, 401, 'Client not authorized', [DETAIL])
        : marketFail(reply, 401, DETAIL)
    if (api === 'trader') callers.set(req, { claims, login: await ctx.logins.get(claims.l, claims.t) })
  }
}

export type ByHash = { Params: { hash: string } }

/** The caller's account with this hash value, or undefined after answering 404 (a plain account number is not found). */
export function accountOf(req: FastifyRequest<ByHash>, reply: FastifyReply): SchwabAccount | undefined {
  const found = callerOf(req).login.accounts.find((a) => a.hashValue === req.params.hash)
  if (!found) void traderFail(reply, 404, 'Account not found', [`No account for ${req.params.hash}`])
  return found
}
