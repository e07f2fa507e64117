/**
 * Orders on the Trader API (docs/vendor-formats.md#schwab-trader): place (201, empty body, Location ending in the order id),
 * list per account or for all accounts (fromEnteredTime and toEnteredTime required, from within 60
 * days), get and cancel one. Every read settles newly placed orders first.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DAY_MS } from '../../../../kernel/dates.ts'
import { hidden, queryOf } from '../context.ts'
import { accountOf, type ByHash, callerOf } from './auth.ts'
import type { SchwabContext } from './context.ts'
import type { SchwabAccount } from './ledger.ts'
import { cancelOrder, placeOrder, settle } from './order-book.ts'
import { ORDER_STATUSES, orderJson, parseOrder, type SchwabOrder } from './orders.ts'
import { parseIsoMillis, traderFail, whole } from './wire.ts'

type Query = Record<string, string | undefined>
const FORMAT = "yyyy-MM-dd'T'HH:mm:ss.SSSZ"

interface OrderQuery {
  from: number
  to: number
  max: number
  status: string | undefined
}

/** The validated list query, or the 400 message. */
export function orderQuery(q: Query, now: number): OrderQuery | string {
  for (const name of ['fromEnteredTime', 'toEnteredTime']) if (!q[name]) return `${name} is required`
  const from = parseIsoMillis(q['fromEnteredTime'])
  const to = parseIsoMillis(q['toEnteredTime'])
  if (Number.isNaN(from)) return `fromEnteredTime must be ISO-8601 ${FORMAT}`
  if (Number.isNaN(to)) return `toEnteredTime must be ISO-8601 ${FORMAT}`
  if (from < now - 60 * DAY_MS) return 'fromEnteredTime must be within the last 60 days'
  if (to < from) return 'toEnteredTime must not be before fromEnteredTime'
  const max = whole(q['maxResults'], 3000, 1, 100_000)
  if (max === undefined) return 'maxResults must be a positive whole number'
  const status = q['status']
  if (status !== undefined && !ORDER_STATUSES.has(status)) return `invalid status: ${status}`
  return { from, to, max, status }
}

/** Orders entered in the window, newest first. */
export const listOrders = (orders: readonly SchwabOrder[], q: OrderQuery): SchwabOrder[] =>
  orders
    .filter((o) => o.enteredTime >= q.from && o.enteredTime <= q.to && (!q.status || o.status === q.status))
    .sort((a, b) => b.enteredTime - a.enteredTime || b.orderId - a.orderId)
    .slice(0, q.max)

async function list(ctx: SchwabContext, req: FastifyRequest, reply: FastifyReply, accounts: SchwabAccount[]) {
  const now = ctx.now().getTime()
  const q = orderQuery(queryOf(req), now)
  if (typeof q === 'string') return traderFail(reply, 400, q)
  for (const a of accounts) await settle(ctx.logins, a, now)
  return listOrders(
    accounts.flatMap((a) => a.orders),
    q,
  ).map(orderJson)
}

async function place(ctx: SchwabContext, req: FastifyRequest<ByHash>, reply: FastifyReply) {
  const a = accountOf(req, reply)
  if (!a) return reply
  const spec = parseOrder(req.body)
  if (typeof spec === 'string') return traderFail(reply, 400, spec)
  const quotes = await ctx.logins.quotes([spec.symbol])
  if (!quotes.has(spec.symbol)) return traderFail(reply, 400, `Symbol ${spec.symbol} is not valid`)
  const order = placeOrder(a, spec, ctx.now().getTime())
  const base = `${req.protocol}://${req.host}${ctx.prefix}`
  const location = `${base}/trader/v1/accounts/${a.hashValue}/orders/${order.orderId}`
  return reply.code(201).header('location', location).send()
}

type ById = { Params: { hash: string; orderId: string } }

/** The account and its order with this id (settled), or undefined after a 404 answer. */
async function orderOf(ctx: SchwabContext, req: FastifyRequest<ById>, reply: FastifyReply) {
  const a = accountOf(req, reply)
  if (!a) return undefined
  await settle(ctx.logins, a, ctx.now().getTime())
  const order = a.orders.find((o) => String(o.orderId) === req.params.orderId)
  if (!order)
    void traderFail(reply, 404, 'Order not found', [`No order ${req.params.orderId} in this account`])
  return order && { a, order }
}

export function orderRoutes(app: FastifyInstance, ctx: SchwabContext): void {
  app.get('/trader/v1/orders', hidden(), async (req, reply) =>
    list(ctx, req, reply, callerOf(req).login.accounts),
  )
  app.get<ByHash>('/trader/v1/accounts/:hash/orders', hidden(), async (req, reply) => {
    const a = accountOf(req, reply)
    return a ? list(ctx, req, reply, [a]) : reply
  })
  app.post<ByHash>('/trader/v1/accounts/:hash/orders', hidden('application/json'), async (req, reply) =>
    place(ctx, req, reply),
  )
  app.get<ById>('/trader/v1/accounts/:hash/orders/:orderId', hidden(), async (req, reply) => {
    const found = await orderOf(ctx, req, reply)
    return found ? orderJson(found.order) : reply
  })
  app.delete<ById>('/trader/v1/accounts/:hash/orders/:orderId', hidden(), async (req, reply) => {
    const found = await orderOf(ctx, req, reply)
    if (!found) return reply
    const { a, order } = found
    if (!cancelOrder(a, order, ctx.now().getTime()))
      return traderFail(reply, 400, 'Order is not cancelable', [`Order ${order.orderId} is ${order.status}`])
    return reply.code(200).send()
  })
}
