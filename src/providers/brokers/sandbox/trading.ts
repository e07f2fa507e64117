/**
 * The Trading API v2 routes (account, positions, activities; orders in trading-orders.ts), behind
 * `Authorization: Bearer <access token>`. Key-pair headers are refused: this is an OAuth app's view.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { activityRows } from './activities.ts'
import { authenticate, callerOf } from './auth.ts'
import { type SandboxContext, fail, hidden, queryOf } from './context.ts'
import { accountJson } from './ledger.ts'
import { listActivities } from './queries.ts'
import { orderRoutes } from './trading-orders.ts'
import { assetIdOf } from './universe.ts'

async function positions(ctx: SandboxContext, req: FastifyRequest) {
  const { account } = callerOf(req)
  await ctx.accounts.settle(account)
  return (await ctx.accounts.figures(account)).positions.map((p) => p.json)
}

function activities(ctx: SandboxContext) {
  return async (req: FastifyRequest<{ Params: { activity_type?: string } }>, reply: FastifyReply) => {
    const { account } = callerOf(req)
    await ctx.accounts.settle(account)
    const type = req.params.activity_type?.toUpperCase()
    const listed = listActivities(activityRows(account.history, account.placed), queryOf(req), type)
    if ('error' in listed) return fail(reply, 422, 40010001, listed.error)
    return listed.items
  }
}

export async function tradingRoutes(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  app.addHook('preHandler', authenticate(ctx))
  const opts = hidden()

  app.get('/v2/account', opts, async (req) => {
    const { account } = callerOf(req)
    await ctx.accounts.settle(account)
    return accountJson(await ctx.accounts.figures(account))
  })
  app.get('/v2/positions', opts, async (req) => positions(ctx, req))
  app.get<{ Params: { symbol: string } }>('/v2/positions/:symbol', opts, async (req, reply) => {
    const wanted = req.params.symbol.toUpperCase()
    const all = await positions(ctx, req)
    const found = all.find(
      (p) => p['symbol'] === wanted || assetIdOf(String(p['symbol'])) === req.params.symbol,
    )
    return found ?? fail(reply, 404, 40410000, 'position does not exist')
  })
  app.get('/v2/account/activities', opts, activities(ctx))
  app.get('/v2/account/activities/:activity_type', opts, activities(ctx))
  orderRoutes(app, ctx)
}
