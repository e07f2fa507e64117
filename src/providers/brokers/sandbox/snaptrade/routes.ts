/**
 * The simulated SnapTrade API routes (registered at the root and under the legacy `/api/v1`):
 * user registration, the portal login, authorizations and connection removal, accounts,
 * `positions/all`, balances and paged activities. Signatures and users are checked by the hooks of
 * snaptrade.ts before these run.
 */
import { randomUUID } from 'node:crypto'
import { DAY_MS } from '../../../../kernel/dates.ts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { queryOf } from '../context.ts'
import { callerOf, hiddenRoute as opts, type SnapContext, snapError } from './context.ts'
import { PORTAL_TTL_MS } from './users.ts'
import { accountJson, activityRows, authorizationJson, balancesJson, positionsJson } from './wire.ts'

type IdParams = { Params: { id: string } }

function portalBase(ctx: SnapContext, req: FastifyRequest, prefix: string): string {
  if (ctx.portalBaseUrl) return ctx.portalBaseUrl.replace(/\/+$/, '')
  return `http://${req.headers.host ?? 'localhost'}${prefix}`
}

async function ownAccount(ctx: SnapContext, req: FastifyRequest<IdParams>, reply: FastifyReply) {
  const owner = ctx.users.ownerOf(req.params.id)
  if (!owner || owner.userId !== callerOf(req)) {
    void snapError(reply, 404, 1011, 'Account not found')
    return null
  }
  if (owner.auth.disabled) {
    // The vendor's answer for the data of a disabled connection.
    void reply.code(402).send({ detail: 'Connection disabled', code: 3003 })
    return null
  }
  return { auth: owner.auth, account: await ctx.accounts.get(owner.auth.accountId, owner.auth.createdAt) }
}

function activities(ctx: SnapContext) {
  return async (req: FastifyRequest<IdParams>, reply: FastifyReply) => {
    const found = await ownAccount(ctx, req, reply)
    if (!found) return reply
    const q = queryOf(req)
    const offset = Number(q['offset'] ?? 0)
    const limit = Number(q['limit'] ?? 1000)
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1 || limit > 1000)
      return snapError(reply, 400, 1000, 'offset must be >= 0 and limit between 1 and 1000')
    const types = q['type'] ? new Set(q['type'].split(',').map((t) => t.trim().toUpperCase())) : null
    const start = q['startDate'] ? Date.parse(`${q['startDate']}T00:00:00Z`) : -Infinity
    const end = q['endDate'] ? Date.parse(`${q['endDate']}T00:00:00Z`) + DAY_MS : Infinity
    if (Number.isNaN(start) || Number.isNaN(end)) return snapError(reply, 400, 1000, 'dates are YYYY-MM-DD')
    const rows = activityRows(found.account, found.auth.slug).filter(
      (r) => (!types || types.has(r.type)) && r.at >= start && r.at < end,
    )
    return {
      data: rows.slice(offset, offset + limit).map((r) => r.json),
      pagination: { offset, limit, total: rows.length },
    }
  }
}

function userRoutes(app: FastifyInstance, ctx: SnapContext): void {
  app.post('/snapTrade/registerUser', opts, async (req, reply) => {
    const userId = (req.body as { userId?: unknown } | undefined)?.userId
    if (typeof userId !== 'string' || !/^[A-Za-z0-9_.@-]{1,128}$/.test(userId))
      return snapError(reply, 400, 1000, 'userId is required')
    const made = ctx.users.register(userId)
    if (!made) return snapError(reply, 400, 1010, 'User already exist')
    return { userId, userSecret: made.userSecret }
  })
  app.delete('/snapTrade/deleteUser', opts, async (req, reply) => {
    const userId = queryOf(req)['userId'] ?? ''
    if (!ctx.users.delete(userId)) return snapError(reply, 404, 1011, 'User not found')
    return { status: 'deleted', detail: `User ${userId} queued for deletion`, userId }
  })
  app.get('/snapTrade/listUsers', opts, async () => ctx.users.list())
  app.post('/snapTrade/login', opts, async (req) => {
    const body = (req.body ?? {}) as { broker?: unknown; customRedirect?: unknown }
    const session = ctx.users.openSession({
      userId: callerOf(req),
      broker: typeof body.broker === 'string' ? body.broker.toUpperCase() : null,
      redirect: typeof body.customRedirect === 'string' ? body.customRedirect : null,
      expiresAt: ctx.now().getTime() + PORTAL_TTL_MS,
    })
    const url = new URL(`${portalBase(ctx, req, app.prefix.replace(/\/api\/v1$/, ''))}/snapTrade/redeemToken`)
    url.searchParams.set('token', session.token)
    url.searchParams.set('clientId', ctx.clientId)
    if (session.broker) url.searchParams.set('broker', session.broker)
    url.searchParams.set('connectionPortalVersion', 'v4')
    // The portal session id is its own random value: the one-time token (redacted from request logs
    // as `token`) must not ride along under another name.
    const sessionId = randomUUID()
    url.searchParams.set('sessionId', sessionId)
    return { redirectURI: url.toString(), sessionId }
  })
}

function connectionRoutes(app: FastifyInstance, ctx: SnapContext): void {
  app.get('/authorizations', opts, async (req) =>
    ctx.users.authorizations(callerOf(req)).map(authorizationJson),
  )
  app.get<IdParams>('/authorizations/:id', opts, async (req, reply) => {
    const a = ctx.users.authorizations(callerOf(req)).find((x) => x.id === req.params.id)
    return a ? authorizationJson(a) : snapError(reply, 404, 1011, 'Connection not found')
  })
  app.delete<IdParams>('/connection/:id', opts, async (req, reply) => {
    if (!ctx.users.remove(callerOf(req), req.params.id))
      return snapError(reply, 404, 1011, 'Connection not found')
    return { detail: 'Connection queued for deletion', connection_id: req.params.id }
  })
}

function accountRoutes(app: FastifyInstance, ctx: SnapContext): void {
  const one = async (req: FastifyRequest<IdParams>, reply: FastifyReply) => {
    const found = await ownAccount(ctx, req, reply)
    if (!found) return null
    return { ...found, figures: await ctx.accounts.figures(found.account) }
  }
  app.get('/accounts', opts, async (req) => {
    const auths = ctx.users.authorizations(callerOf(req)).filter((a) => !a.disabled)
    return Promise.all(
      auths.map(async (a) => {
        const account = await ctx.accounts.get(a.accountId, a.createdAt)
        return accountJson(a, account, await ctx.accounts.figures(account), ctx.now())
      }),
    )
  })
  app.get<IdParams>('/accounts/:id', opts, async (req, reply) => {
    const r = await one(req, reply)
    return !r ? reply : accountJson(r.auth, r.account, r.figures, ctx.now())
  })
  app.get<IdParams>('/accounts/:id/positions/all', opts, async (req, reply) => {
    const r = await one(req, reply)
    return !r ? reply : positionsJson(r.figures, ctx.now())
  })
  app.get<IdParams>('/accounts/:id/balances', opts, async (req, reply) => {
    const r = await one(req, reply)
    return !r ? reply : balancesJson(r.figures)
  })
  app.get<IdParams>('/accounts/:id/activities', opts, activities(ctx))
}

export function apiRoutes(app: FastifyInstance, ctx: SnapContext): void {
  userRoutes(app, ctx)
  connectionRoutes(app, ctx)
  accountRoutes(app, ctx)
}
