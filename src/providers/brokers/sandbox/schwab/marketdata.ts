/**
 * The Market Data API routes (docs/vendor-formats.md#schwab-market-data) behind the bearer token: quotes, price history, option
 * chains and expirations, movers, market hours and instruments, from the market the sandbox was given.
 * Errors use the API's `{errors:[{id, status, title, detail, source}]}` shape.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DateTime } from 'luxon'
import { hidden, queryOf } from '../context.ts'
import { ZONE } from '../history.ts'
import { authenticate } from './auth.ts'
import { chainQuery } from './chain-query.ts'
import { daysTo, optionChain } from './chains.ts'
import type { SchwabContext } from './context.ts'
import { MARKETS, marketHours } from './hours.ts'
import { cusipOf } from './ids.ts'
import { fundamentalJson, instrumentJson, PROJECTIONS, searchSymbols } from './instruments.ts'
import { FREQUENCIES, INDICES, movers, SORTS } from './movers.ts'
import { historyQuery, priceHistory } from './pricehistory.ts'
import { QUOTE_FIELDS, quoteEntry } from './quotes.ts'
import { bool, csv, marketFail } from './wire.ts'

type Json = Record<string, unknown>

async function quotes(ctx: SchwabContext, req: FastifyRequest, reply: FastifyReply, symbols: string[]) {
  const q = queryOf(req)
  const wanted = [...new Set(symbols.map((s) => s.trim().toUpperCase()).filter(Boolean))]
  if (wanted.length === 0) return marketFail(reply, 400, 'symbols is required', 'symbols')
  const asked = csv(q['fields']).map((f) => f.toLowerCase())
  const unknown = asked.find((f) => f !== 'all' && !(QUOTE_FIELDS as readonly string[]).includes(f))
  if (unknown !== undefined) return marketFail(reply, 400, `invalid field: ${unknown}`, 'fields')
  if (bool(q['indicative'], false) === undefined)
    return marketFail(reply, 400, 'indicative must be true or false', 'indicative')
  const fields = new Set<string>(asked.length === 0 || asked.includes('all') ? QUOTE_FIELDS : asked)
  const [found, names] = await Promise.all([ctx.logins.quotes(wanted), ctx.catalog.lookup(wanted)])
  const out: Json = {}
  const now = ctx.now().getTime()
  for (const s of wanted) {
    const quote = found.get(s)
    const info = names.get(s)
    if (quote && info) out[s] = quoteEntry(quote, info, fields, now)
  }
  const invalid = wanted.filter((s) => !found.has(s))
  if (invalid.length) out['errors'] = { invalidSymbols: invalid }
  return out
}

async function chains(ctx: SchwabContext, req: FastifyRequest, reply: FastifyReply) {
  const q = chainQuery(queryOf(req))
  if (Array.isArray(q)) return marketFail(reply, 400, q[1], q[0])
  const [found, names] = await Promise.all([ctx.logins.quotes([q.symbol]), ctx.catalog.lookup([q.symbol])])
  const input = {
    market: ctx.market,
    quote: found.get(q.symbol),
    info: names.get(q.symbol),
    now: ctx.now().getTime(),
  }
  return optionChain(input, q)
}

async function expirations(ctx: SchwabContext, req: FastifyRequest, reply: FastifyReply) {
  const symbol = queryOf(req)['symbol']?.trim().toUpperCase()
  if (!symbol) return marketFail(reply, 400, 'symbol is required', 'symbol')
  const chain = await ctx.market.optionChain(symbol)
  const today = DateTime.fromJSDate(ctx.now(), { zone: ZONE }).startOf('day')
  const expirationList = chain.expirations.map((e) => {
    const d = DateTime.fromISO(e, { zone: ZONE })
    const standard = d.weekday === 5 && d.day >= 15 && d.day <= 21
    return {
      expirationDate: e,
      daysToExpiration: daysTo(e, today),
      expirationType: standard ? 'S' : 'W',
      standard: true,
    }
  })
  return { expirationList }
}

async function moversRoute(
  ctx: SchwabContext,
  req: FastifyRequest<{ Params: { index: string } }>,
  reply: FastifyReply,
) {
  const q = queryOf(req)
  const index = req.params.index.toUpperCase()
  if (!INDICES[index]) return marketFail(reply, 400, `invalid index: ${req.params.index}`, 'symbol_id')
  const sort = (q['sort'] ?? 'VOLUME').toUpperCase() as (typeof SORTS)[number]
  if (!SORTS.includes(sort)) return marketFail(reply, 400, `sort must be one of ${SORTS.join(', ')}`, 'sort')
  const frequency = Number(q['frequency'] ?? '0')
  if (!(FREQUENCIES as readonly number[]).includes(frequency) || !/^\d+$/.test(q['frequency'] ?? '0'))
    return marketFail(reply, 400, `frequency must be one of ${FREQUENCIES.join(', ')}`, 'frequency')
  const [found, entries] = await Promise.all([
    ctx.logins.quotes(ctx.universe),
    ctx.catalog.lookup(ctx.universe),
  ])
  return movers([...found.values()], entries, { index, sort, frequency, now: ctx.now().getTime() })
}

function hours(ctx: SchwabContext, req: FastifyRequest, reply: FastifyReply, markets: string[]) {
  const today = DateTime.fromJSDate(ctx.now(), { zone: ZONE }).startOf('day')
  const date = queryOf(req)['date'] ?? today.toISODate() ?? ''
  if (markets.length === 0) return marketFail(reply, 400, 'markets is required', 'markets')
  const unknown = markets.find((m) => !MARKETS.includes(m))
  if (unknown !== undefined) return marketFail(reply, 400, `invalid market: ${unknown}`, 'markets')
  const day = DateTime.fromISO(date, { zone: ZONE })
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !day.isValid)
    return marketFail(reply, 400, 'date must be YYYY-MM-DD', 'date')
  if (day > today.plus({ years: 1 }))
    return marketFail(reply, 400, 'date must be within a year from today', 'date')
  return marketHours(markets, date, ctx.isOpen)
}

async function instruments(ctx: SchwabContext, req: FastifyRequest, reply: FastifyReply) {
  const q = queryOf(req)
  const symbol = q['symbol']
  const projection = q['projection']
  if (!symbol) return marketFail(reply, 400, 'symbol is required', 'symbol')
  if (!projection) return marketFail(reply, 400, 'projection is required', 'projection')
  if (!PROJECTIONS.includes(projection))
    return marketFail(reply, 400, `projection must be one of ${PROJECTIONS.join(', ')}`, 'projection')
  const selected = searchSymbols(projection, symbol, await ctx.catalog.lookup(ctx.universe))
  if (typeof selected === 'string') return marketFail(reply, 400, selected, 'symbol')
  const entries = [...(await ctx.catalog.lookup(selected)).values()].filter((e) => e.known)
  if (projection !== 'fundamental') return { instruments: entries.map(instrumentJson) }
  const found = await ctx.logins.quotes(entries.map((e) => e.symbol))
  const now = ctx.now().getTime()
  return {
    instruments: entries.map((e) => {
      const quote = found.get(e.symbol)
      return quote ? { ...instrumentJson(e), fundamental: fundamentalJson(e, quote, now) } : instrumentJson(e)
    }),
  }
}

export async function marketDataRoutes(app: FastifyInstance, ctx: SchwabContext): Promise<void> {
  app.addHook('preHandler', authenticate(ctx, 'marketdata'))
  const opts = hidden()
  const base = '/marketdata/v1'
  app.get(`${base}/quotes`, opts, (req, reply) => quotes(ctx, req, reply, csv(queryOf(req)['symbols'])))
  app.get<{ Params: { symbol: string } }>(`${base}/:symbol/quotes`, opts, (req, reply) =>
    quotes(ctx, req, reply, [req.params.symbol]),
  )
  app.get(`${base}/pricehistory`, opts, async (req, reply) => {
    const q = historyQuery(queryOf(req))
    if (Array.isArray(q)) return marketFail(reply, 400, q[1], q[0])
    return priceHistory(ctx.market, q, ctx.now().getTime())
  })
  app.get(`${base}/chains`, opts, (req, reply) => chains(ctx, req, reply))
  app.get(`${base}/expirationchain`, opts, (req, reply) => expirations(ctx, req, reply))
  app.get<{ Params: { index: string } }>(`${base}/movers/:index`, opts, (req, reply) =>
    moversRoute(ctx, req, reply),
  )
  app.get(`${base}/markets`, opts, async (req, reply) =>
    hours(
      ctx,
      req,
      reply,
      csv(queryOf(req)['markets']).map((m) => m.toLowerCase()),
    ),
  )
  app.get<{ Params: { market: string } }>(`${base}/markets/:market`, opts, async (req, reply) =>
    hours(ctx, req, reply, [req.params.market.toLowerCase()]),
  )
  app.get(`${base}/instruments`, opts, (req, reply) => instruments(ctx, req, reply))
  app.get<{ Params: { cusip: string } }>(`${base}/instruments/:cusip`, opts, async (req, reply) => {
    const entries = await ctx.catalog.lookup(ctx.universe)
    const found = [...entries.values()].find((e) => e.known && cusipOf(e.symbol) === req.params.cusip)
    return found
      ? instrumentJson(found)
      : marketFail(reply, 404, `no instrument with CUSIP ${req.params.cusip}`, 'cusip_id')
  })
}
