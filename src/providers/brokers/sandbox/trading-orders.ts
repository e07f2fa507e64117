/** POST/GET/DELETE /v2/orders: validation as Alpaca does it, funds checks, the order lifecycle. */
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { addOrder, reservationOf, type SandboxAccount, setStatus } from './accounts.ts'
import { callerOf } from './auth.ts'
import { type SandboxContext, fail, hidden, queryOf } from './context.ts'
import { dec } from './decimal.ts'
import { holdingsOf } from './ledger.ts'
import { OPEN_STATUSES, type Order, type OrderSpec, orderJson, parseOrder } from './orders.ts'
import { listOrders } from './queries.ts'

/**
 * 403 when the account cannot pay for a buy (`cost`: the cents it would hold back) or does not hold
 * (unreserved) what a sell sells.
 */
function fundsError(
  ctx: SandboxContext,
  a: SandboxAccount,
  spec: OrderSpec,
  price: number,
  cost: number,
): string | undefined {
  if (spec.side === 'buy') {
    const available = a.cashCents - ctx.accounts.reserved(a).cents
    return cost > available ? 'insufficient buying power' : undefined
  }
  const held = holdingsOf(a.history, a.placed).get(spec.symbol)?.qty ?? 0
  const available = Math.max(0, held - ctx.accounts.reserved(a, spec.symbol).qty)
  const requested = spec.qty ?? (spec.notional ?? 0) / price
  if (requested <= available + 1e-9) return undefined
  return `insufficient qty available for order (requested: ${dec(requested, 9)}, available: ${dec(available, 9)})`
}

async function placeOrder(ctx: SandboxContext, req: FastifyRequest, reply: FastifyReply) {
  const { account, scope } = callerOf(req)
  if (!scope.includes('trading')) return fail(reply, 403, 40310000, 'access token lacks the trading scope')
  const spec = parseOrder(req.body)
  if (typeof spec === 'string') return fail(reply, 422, 40010001, spec)
  const quote = (await ctx.accounts.prices([spec.symbol])).get(spec.symbol)
  if (quote === undefined) return fail(reply, 422, 40010001, `asset "${spec.symbol}" not found`)
  if (spec.clientOrderId !== undefined && account.byClientId.has(spec.clientOrderId))
    return fail(reply, 422, 40010001, 'client_order_id must be unique')
  const estPrice = spec.limit ?? spec.stop ?? quote
  const reservedCents = reservationOf(spec, estPrice)
  const refused = fundsError(ctx, account, spec, estPrice, reservedCents)
  if (refused) return fail(reply, 403, 40310000, refused)
  const now = ctx.now().getTime()
  const order: Order = {
    ...spec,
    id: randomUUID(),
    clientOrderId: spec.clientOrderId ?? randomUUID(),
    status: 'accepted',
    seq: ++account.seq,
    createdAt: now,
    updatedAt: now,
    submittedAt: now,
    filledQty: 0,
    estPrice,
    reservedCents,
  }
  addOrder(account, order)
  return orderJson(order)
}

async function readable(ctx: SandboxContext, req: FastifyRequest): Promise<SandboxAccount> {
  const { account } = callerOf(req)
  await ctx.accounts.settle(account)
  return account
}

export function orderRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  type ById = { Params: { order_id: string } }
  const notFound = (reply: FastifyReply, id: string) =>
    fail(reply, 404, 40410000, `order not found for ${id}`)

  app.post('/v2/orders', hidden('application/json'), async (req, reply) => placeOrder(ctx, req, reply))
  app.get('/v2/orders', hidden(), async (req, reply) => {
    const listed = listOrders((await readable(ctx, req)).orders, queryOf(req))
    return 'error' in listed ? fail(reply, 422, 40010001, listed.error) : listed.items.map(orderJson)
  })
  // `::` is Fastify's escape for a literal colon: GET /v2/orders:by_client_order_id
  app.get('/v2/orders::by_client_order_id', hidden(), async (req, reply) => {
    const id = queryOf(req)['client_order_id'] ?? ''
    const order = (await readable(ctx, req)).byClientId.get(id)
    return order ? orderJson(order) : notFound(reply, id)
  })
  app.get<ById>('/v2/orders/:order_id', hidden(), async (req, reply) => {
    const order = (await readable(ctx, req)).orders.find((o) => o.id === req.params.order_id)
    return order ? orderJson(order) : notFound(reply, req.params.order_id)
  })
  app.delete<ById>('/v2/orders/:order_id', hidden(), async (req, reply) => {
    const { account, scope } = callerOf(req)
    if (!scope.includes('trading')) return fail(reply, 403, 40310000, 'access token lacks the trading scope')
    const order = account.orders.find((o) => o.id === req.params.order_id)
    if (!order) return notFound(reply, req.params.order_id)
    if (!OPEN_STATUSES.has(order.status)) return fail(reply, 422, 42210000, 'order is not cancelable')
    const now = ctx.now().getTime()
    setStatus(account, order, { status: 'canceled', canceledAt: now, updatedAt: now })
    return reply.code(204).send()
  })
}
