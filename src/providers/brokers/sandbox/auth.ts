/** Bearer authentication of the trading routes: a valid, unexpired, unrevoked sandbox access token. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SandboxAccount } from './accounts.ts'
import { type SandboxContext, fail } from './context.ts'

export interface Caller {
  account: SandboxAccount
  scope: string[]
}

const callers = new WeakMap<FastifyRequest, Caller>()

/** The authenticated caller of a trading route (the preHandler guarantees one). */
export function callerOf(req: FastifyRequest): Caller {
  const c = callers.get(req)
  if (!c) throw new Error('trading route reached without an authenticated caller')
  return c
}

export const unauthorized = (reply: FastifyReply) => fail(reply, 401, 40110000, 'request is not authorized')

export function authenticate(ctx: SandboxContext) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.headers['apca-api-key-id'] !== undefined || req.headers['apca-api-secret-key'] !== undefined)
      return unauthorized(reply)
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')
    const claims = m?.[1] ? ctx.signer.verifyToken(m[1]) : undefined
    if (!claims || claims.c !== ctx.clientId || ctx.chaos.isExpired(claims.g) || ctx.revoked.has(claims.j))
      return unauthorized(reply)
    const account = await ctx.accounts.get(claims.a, claims.t)
    callers.set(req, { account, scope: claims.s.split(' ').filter(Boolean) })
  }
}
