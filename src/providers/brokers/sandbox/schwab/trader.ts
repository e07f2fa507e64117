/**
 * The Trader API's account routes (docs/vendor-formats.md#schwab-trader): account numbers and their hashes, accounts with
 * balances (and positions with fields=positions), transactions; orders in trader-orders.ts. Every
 * account-scoped path takes the hash value: the plain account number is not found.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hidden, queryOf } from '../context.ts'
import { centsOf } from '../decimal.ts'
import { lastdayPrice } from '../ledger.ts'
import { accountOf, authenticate, type ByHash, callerOf } from './auth.ts'
import { accountJson, type PricedHolding } from './balances.ts'
import type { SchwabContext } from './context.ts'
import { holdingsOf, reservedOf, type SchwabAccount } from './ledger.ts'
import { settle } from './order-book.ts'
import { orderRoutes } from './trader-orders.ts'
import { listTransactions, transactionQuery, transactionSymbols } from './transactions.ts'
import { csv, traderFail } from './wire.ts'

async function accountView(ctx: SchwabContext, a: SchwabAccount, withPositions: boolean) {
  const now = ctx.now()
  await settle(ctx.logins, a, now.getTime())
  const holdings = [...holdingsOf(a).values()].sort((x, y) => x.symbol.localeCompare(y.symbol))
  const symbols = holdings.map((h) => h.symbol)
  const [quotes, names] = await Promise.all([ctx.logins.quotes(symbols), ctx.catalog.lookup(symbols)])
  const held = holdings.map((h): PricedHolding => {
    const last = ctx.logins.priceOf(h.symbol, quotes) ?? h.avg
    const close = quotes.get(h.symbol)?.previous_close
    const previousClose = close !== undefined && close > 0 ? close : lastdayPrice(h.symbol, last, now)
    return { holding: h, last, previousClose, name: names.get(h.symbol)?.name ?? h.symbol }
  })
  const totals = {
    cash: a.cashCents,
    long: held.reduce((s, p) => s + centsOf(p.holding.qty, p.last), 0),
    previousLong: held.reduce((s, p) => s + centsOf(p.holding.qty, p.previousClose), 0),
    reserved: reservedOf(a).cents,
  }
  return accountJson(a, held, totals, withPositions)
}

/** `fields=positions`, or undefined (answered 400) for another field. */
function withPositions(req: FastifyRequest, reply: FastifyReply): boolean | undefined {
  const fields = csv(queryOf(req)['fields'])
  const unknown = fields.find((f) => f !== 'positions')
  if (unknown === undefined) return fields.includes('positions')
  void traderFail(reply, 400, `Invalid fields: ${unknown}`)
  return undefined
}

async function transactions(ctx: SchwabContext, req: FastifyRequest<ByHash>, reply: FastifyReply) {
  const a = accountOf(req, reply)
  if (!a) return reply
  const q = transactionQuery(queryOf(req))
  if (typeof q === 'string') return traderFail(reply, 400, q)
  await settle(ctx.logins, a, ctx.now().getTime())
  const symbols = transactionSymbols(a)
  const [quotes, names] = await Promise.all([ctx.logins.quotes(symbols), ctx.catalog.lookup(symbols)])
  const closing = (s: string) => ctx.logins.priceOf(s, quotes) ?? 0
  return listTransactions({ account: a, names, closing }, q)
}

export async function traderRoutes(app: FastifyInstance, ctx: SchwabContext): Promise<void> {
  app.addHook('preHandler', authenticate(ctx, 'trader'))
  const opts = hidden()

  app.get('/trader/v1/accounts/accountNumbers', opts, async (req) =>
    callerOf(req).login.accounts.map((a) => ({ accountNumber: a.accountNumber, hashValue: a.hashValue })),
  )
  app.get('/trader/v1/accounts', opts, async (req, reply) => {
    const positions = withPositions(req, reply)
    if (positions === undefined) return reply
    return Promise.all(callerOf(req).login.accounts.map((a) => accountView(ctx, a, positions)))
  })
  app.get<ByHash>('/trader/v1/accounts/:hash', opts, async (req, reply) => {
    const a = accountOf(req, reply)
    const positions = a && withPositions(req, reply)
    if (!a || positions === undefined) return reply
    return accountView(ctx, a, positions)
  })
  app.get<ByHash>('/trader/v1/accounts/:hash/transactions', opts, async (req, reply) =>
    transactions(ctx, req, reply),
  )
  orderRoutes(app, ctx)
}
