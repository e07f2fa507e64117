/**
 * The Schwab sandbox's running figures (what open orders hold back, the cash) always equal what a
 * scan of the account's orders and trades gives, through every path an order's hold starts or ends:
 * seeded, placed (pending until settled), settled (filled, working, or rejected: short sales, a buy
 * it cannot pay for, one priced beyond the float range), canceled, canceled twice, placed while the
 * market is closed and settled at the open, and a reset. Driven through the real Trader API routes.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import Fastify from 'fastify'
import type { Quote } from '../../../market-data/market-data.port.ts'
import { createChaos } from '../chaos.ts'
import { cents, centsOf } from '../decimal.ts'
import { createSigner } from '../sandbox-tokens.ts'
import type { SchwabMarket } from './catalog.ts'
import type { SchwabContext } from './context.ts'
import { holdingsOf, reservedOf, type SchwabAccount, tradesOf } from './ledger.ts'
import { createLogins } from './logins.ts'
import { OPEN_STATUSES } from './orders.ts'
import { schwabTokens } from './tokens.ts'
import { traderRoutes } from './trader.ts'

const QUOTES: Record<string, number> = { AAPL: 187.25, MSFT: 402.1, SPY: 512.34, NVDA: 118.5 }
/** A Friday 15:00 in New York (in session), the Saturday after and the Monday open. */
const FRIDAY = Date.parse('2026-03-06T20:00:00Z')
const SATURDAY = Date.parse('2026-03-07T15:00:00Z')
const MONDAY = Date.parse('2026-03-09T14:00:00Z')

const quote = (symbol: string, last: number): Quote => ({
  ...{ symbol, last, bid: null, ask: null, volume: 0, previous_close: last, change: 0, change_pct: 0 },
  ...{ delayed: false, as_of: new Date(FRIDAY).toISOString() },
})
const market = {
  quotes: async (symbols: string[]) => symbols.flatMap((s) => (QUOTES[s] ? [quote(s, QUOTES[s])] : [])),
  instrument: async () => null,
} as unknown as SchwabMarket

type Json = Record<string, unknown>

async function sandbox() {
  let now = FRIDAY
  const signer = createSigner('holds-test')
  const universe = Object.keys(QUOTES)
  const ctx: SchwabContext = {
    ...{ appKey: 'key', appSecret: 'secret', redirectUris: [], now: () => new Date(now), signer },
    ...{
      tokens: schwabTokens(signer),
      chaos: createChaos(() => false),
      refresh: { generation: 0, expiredBelow: 0 },
    },
    logins: createLogins({ signer, market, universe, positions: 4, perYear: 20 }),
    ...{ catalog: { lookup: async () => new Map() }, market, universe, usedCodes: new Set() },
    ...{ isOpen: () => true, prefix: '' },
  }
  const app = Fastify({ logger: false })
  await app.register(async (api) => traderRoutes(api, ctx))
  const grant = { l: 'login-1', c: 'key', t: FRIDAY - 3_600_000, x: FRIDAY - 3_600_000 }
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) => {
    const authorization = `Bearer ${ctx.tokens.access(grant, new Date(now), 0)}`
    const res = await app.inject({
      method,
      url,
      headers: { authorization },
      ...(body ? { payload: body } : {}),
    })
    return { status: res.statusCode, body: (res.body ? JSON.parse(res.body) : undefined) as Json }
  }
  const login = () => ctx.logins.get(grant.l, grant.t)
  return { ctx, app, call, login, setNow: (at: number) => (now = at) }
}

/** The running figures against a scan of every order and trade (the sums before they were kept). */
function assertConsistent(a: SchwabAccount, step: string): void {
  let held = 0
  const shares = new Map<string, number>()
  for (const o of a.orders) {
    if (!OPEN_STATUSES.has(o.status)) continue
    if (o.instruction === 'BUY') held += centsOf(o.quantity, o.price ?? o.stopPrice ?? 0)
    if (o.instruction === 'SELL') shares.set(o.symbol, (shares.get(o.symbol) ?? 0) + o.quantity)
  }
  assert.equal(reservedOf(a).cents, held, `${a.type} ${step}: reserved cents`)
  for (const symbol of new Set([...Object.keys(QUOTES), ...a.orders.map((o) => o.symbol)]))
    assert.equal(reservedOf(a, symbol).qty, shares.get(symbol) ?? 0, `${a.type} ${step}: ${symbol} shares`)
  let cash = a.history.cash.reduce((sum, f) => sum + cents(f.amount), 0)
  for (const t of tradesOf(a)) {
    for (const l of t.legs) cash += (l.side === 'buy' ? -1 : 1) * centsOf(l.qty, l.price)
    for (const f of t.fees) cash -= cents(f.amount)
  }
  assert.equal(a.cashCents, cash, `${a.type} ${step}: cash`)
}

const limitBuy = (symbol: string, quantity: number, price: string, extra: Json = {}) => ({
  orderType: 'LIMIT',
  session: 'NORMAL',
  duration: 'GOOD_TILL_CANCEL',
  orderStrategyType: 'SINGLE',
  price,
  orderLegCollection: [{ instruction: 'BUY', quantity, instrument: { symbol, assetType: 'EQUITY' } }],
  ...extra,
})
const withLeg = (body: Json, instruction: string) => {
  const [leg] = body['orderLegCollection'] as Json[]
  return { ...body, orderLegCollection: [{ ...leg, instruction }] }
}
const marketOrder = (symbol: string, quantity: number, instruction = 'BUY') => {
  const { price: _price, ...rest } = limitBuy(symbol, quantity, '1', { orderType: 'MARKET', duration: 'DAY' })
  return withLeg(rest, instruction)
}

describe('Schwab sandbox: running holds and cash', () => {
  it('equal a scan of the orders and trades after every change, and the balances show them', async () => {
    const s = await sandbox()
    const [margin, cash] = (await s.login()).accounts as [SchwabAccount, SchwabAccount]
    const url = (a: SchwabAccount, rest = '') => `/trader/v1/accounts/${a.hashValue}${rest}`
    const check = async (step: string) => {
      for (const a of [margin, cash]) assertConsistent(a, step)
      const views = await Promise.all([margin, cash].map((a) => s.call('GET', url(a))))
      for (const a of [margin, cash]) assertConsistent(a, `${step} (after a read settled)`)
      const [m, c] = views.map((v) => (v.body['securitiesAccount'] as Json)['currentBalances'] as Json)
      const free = (a: SchwabAccount) => Math.max(0, a.cashCents - reservedOf(a).cents) / 100
      assert.equal(m!['availableFundsNonMarginableTrade'], free(margin), `${step}: margin balances`)
      assert.equal(c!['cashAvailableForTrading'], free(cash), `${step}: cash balances`)
    }
    const place = async (a: SchwabAccount, body: Json) => {
      const r = await s.call('POST', url(a, '/orders'), body)
      assert.equal(r.status, 201, JSON.stringify(r.body))
      return a.orders.at(-1)!
    }
    assert.ok(
      margin.orders.some((o) => OPEN_STATUSES.has(o.status)),
      'seeded working orders',
    )
    await check('seeded')

    const held = [...holdingsOf(margin).values()].find((h) => h.qty >= 2)!
    const buys = [
      await place(margin, limitBuy('AAPL', 3, '150')),
      await place(margin, limitBuy('MSFT', 2, '300.55')),
      await place(margin, {
        ...limitBuy('SPY', 1, '520'),
        orderType: 'STOP',
        price: undefined,
        stopPrice: '520',
      }),
    ]
    const bought = await place(margin, marketOrder('NVDA', 2))
    const sold = await place(margin, marketOrder(held.symbol, 1, 'SELL'))
    const sell = await place(margin, withLeg(limitBuy(held.symbol, 1, '9999'), 'SELL'))
    for (const a of [margin, cash]) assertConsistent(a, 'placed, pending')
    await check('settled')
    assert.deepEqual(
      [bought, sold, sell, ...buys].map((o) => o.status),
      ['FILLED', 'FILLED', 'WORKING', 'WORKING', 'WORKING', 'WORKING'],
    )

    const short = await place(margin, withLeg(limitBuy('AAPL', 1, '190'), 'SELL_SHORT'))
    const beyond = await place(margin, limitBuy('AAPL', 1, '9'.repeat(400)))
    const tooBig = await place(cash, limitBuy('SPY', 1_000_000, '500'))
    assert.equal(reservedOf(margin).cents, Infinity, 'a pending buy priced beyond the float range')
    for (const a of [margin, cash]) assertConsistent(a, 'refusable orders placed, pending')
    await check('refusals settled')
    assert.deepEqual(
      [short, beyond, tooBig].map((o) => o.status),
      ['REJECTED', 'REJECTED', 'REJECTED'],
    )
    assert.ok(Number.isFinite(reservedOf(margin).cents))

    assert.equal((await s.call('DELETE', url(margin, `/orders/${buys[1]!.orderId}`))).status, 200)
    assert.equal((await s.call('DELETE', url(margin, `/orders/${sell.orderId}`))).status, 200)
    await check('a buy and a sell canceled')
    assert.equal((await s.call('DELETE', url(margin, `/orders/${buys[1]!.orderId}`))).status, 400)
    await check('a second cancel releases nothing more')

    s.setNow(SATURDAY)
    const weekend = [await place(cash, marketOrder('MSFT', 1)), await place(cash, limitBuy('NVDA', 4, '100'))]
    await check('placed on a Saturday: pending, held until the open')
    assert.deepEqual(
      weekend.map((o) => o.status),
      ['PENDING_ACTIVATION', 'PENDING_ACTIVATION'],
    )
    s.setNow(MONDAY)
    await check('Monday open: the market buy filled, the limit works')
    assert.deepEqual(
      weekend.map((o) => o.status),
      ['FILLED', 'WORKING'],
    )
    for (const a of [margin, cash])
      for (const o of a.orders.filter((x) => OPEN_STATUSES.has(x.status)))
        assert.equal((await s.call('DELETE', url(a, `/orders/${o.orderId}`))).status, 200)
    await check('everything canceled')
    assert.deepEqual([reservedOf(margin).cents, reservedOf(cash).cents], [0, 0])

    s.ctx.logins.clear()
    const fresh = (await s.login()).accounts
    assert.notEqual(fresh[0], margin)
    for (const a of fresh) assertConsistent(a, 'after a reset, seeded again')
    await s.app.close()
  })
})
