/**
 * The Alpaca sandbox's running figures (what open orders hold back, the cash) always equal what a
 * scan of the account's orders and fills gives, through every path an order's hold starts or ends:
 * placed, refused, settled (filled, or resting), canceled, canceled twice, placed while the market
 * is closed and settled at the open, and a reset. Driven through the real routes.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import Fastify, { type FastifyInstance } from 'fastify'
import { createAccounts, reservationOf, reservedOf, type SandboxAccount, setStatus } from './accounts.ts'
import { createChaos } from './chaos.ts'
import type { SandboxContext } from './context.ts'
import { dec } from './decimal.ts'
import { cashCentsOf, holdingsOf } from './ledger.ts'
import { OPEN_STATUSES } from './orders.ts'
import { createSigner } from './sandbox-tokens.ts'
import { tradingRoutes } from './trading.ts'

const QUOTES: Record<string, number> = {
  AAPL: 187.25,
  MSFT: 402.1,
  SPY: 512.34,
  NVDA: 118.5,
  AMZN: 178.2,
  GOOGL: 141.8,
  META: 495.3,
  TSLA: 176.4,
}
/** A Friday 15:00 in New York (in session), and the Saturday after (closed). */
const OPEN = Date.parse('2026-03-06T20:00:00Z')
const SATURDAY = Date.parse('2026-03-07T15:00:00Z')

type Json = Record<string, string>

async function sandbox() {
  let now = OPEN
  const ctx: SandboxContext = {
    clientId: 'client',
    clientSecret: 'secret',
    redirectUris: [],
    now: () => new Date(now),
    signer: createSigner('holds-test'),
    chaos: createChaos(() => false),
    accounts: createAccounts({
      quotes: async (symbols) => symbols.flatMap((s) => (QUOTES[s] ? [{ symbol: s, last: QUOTES[s] }] : [])),
      symbols: Object.keys(QUOTES),
      now: () => new Date(now),
    }),
    usedCodes: new Set(),
    revoked: new Set(),
  }
  const app: FastifyInstance = Fastify({ logger: false })
  await app.register(async (api) => tradingRoutes(api, ctx))
  const claims = {
    k: 'at',
    j: 'token',
    a: 'account-1',
    c: 'client',
    s: 'trading',
    t: OPEN - 1000,
    g: 0,
  } as const
  const authorization = `Bearer ${ctx.signer.sign(claims)}`
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization },
      ...(body ? { payload: body } : {}),
    })
    return { status: res.statusCode, body: (res.body ? JSON.parse(res.body) : undefined) as Json }
  }
  const account = () => ctx.accounts.get(claims.a, claims.t)
  return { ctx, app, call, account, setNow: (at: number) => (now = at) }
}

/** The running figures against a scan of every order and fill (the sums before they were kept). */
function assertConsistent(a: SandboxAccount, step: string): void {
  let cents = 0
  const shares = new Map<string, number>()
  for (const o of a.orders) {
    if (!OPEN_STATUSES.has(o.status)) continue
    cents += reservationOf(o, o.estPrice)
    if (o.side === 'sell')
      shares.set(o.symbol, (shares.get(o.symbol) ?? 0) + (o.qty ?? (o.notional ?? 0) / o.estPrice))
  }
  assert.equal(reservedOf(a).cents, cents, `${step}: reserved cents`)
  for (const symbol of [...Object.keys(QUOTES), ...a.orders.map((o) => o.symbol)])
    assert.equal(reservedOf(a, symbol).qty, shares.get(symbol) ?? 0, `${step}: ${symbol} shares held back`)
  assert.equal(a.cashCents, cashCentsOf(a.history, a.placed), `${step}: cash`)
}

describe('Alpaca sandbox: running holds and cash', () => {
  it('equal a scan of the orders and fills after every change, and the wire shows them', async () => {
    const s = await sandbox()
    const a = await s.account()
    const check = async (step: string) => {
      assertConsistent(a, step)
      const account = (await s.call('GET', '/v2/account')).body
      assertConsistent(a, `${step} (after a read settled)`)
      const power = Math.max(0, cashCentsOf(a.history, a.placed) - reservedOf(a).cents)
      assert.equal(account['buying_power'], dec(power / 100), `${step}: buying_power`)
    }
    const place = (body: object) => s.call('POST', '/v2/orders', { time_in_force: 'day', ...body })
    const held = [...holdingsOf(a.history, a.placed).values()].find((h) => h.qty >= 2)!
    await check('fresh')

    const limits: string[] = []
    for (const [symbol, limit] of [
      ['AAPL', '150'],
      ['MSFT', '300'],
      ['SPY', '400.5'],
    ] as const) {
      const r = await place({ symbol, side: 'buy', type: 'limit', qty: '3', limit_price: limit })
      assert.equal(r.status, 200)
      limits.push(r.body['id']!)
    }
    await check('three resting buys')
    assert.equal(
      (await place({ symbol: 'NVDA', side: 'buy', type: 'market', notional: '250.5' })).status,
      200,
    )
    assert.equal((await place({ symbol: 'AAPL', side: 'buy', type: 'market', qty: '0.5' })).status, 200)
    const sell = await place({
      symbol: held.symbol,
      side: 'sell',
      type: 'limit',
      qty: '1',
      limit_price: '999',
    })
    assert.equal(sell.status, 200)
    await place({ symbol: held.symbol, side: 'sell', type: 'market', qty: '0.25' })
    await check('market orders filled by the read, the resting sell holds shares')
    assert.equal(a.placed.length, 3, 'the three market orders filled')
    assert.equal(reservedOf(a, held.symbol).qty, 1)
    assert.equal(reservedOf(a).cents, 45_000 + 90_000 + 120_150, '3 × 150, 3 × 300 and 3 × 400.5')

    const refused = await place({
      symbol: 'SPY',
      side: 'buy',
      type: 'limit',
      qty: '1000000',
      limit_price: '500',
    })
    assert.deepEqual([refused.status, refused.body['message']], [403, 'insufficient buying power'])
    await check('a refused buy holds nothing')

    assert.equal((await s.call('DELETE', `/v2/orders/${limits[1]}`)).status, 204)
    assert.equal((await s.call('DELETE', `/v2/orders/${sell.body['id']}`)).status, 204)
    await check('a buy and a sell canceled')
    assert.equal((await s.call('DELETE', `/v2/orders/${limits[1]}`)).status, 422)
    await check('a second cancel releases nothing more')

    const resting = a.orders.find((o) => o.id === limits[0])!
    setStatus(a, resting, { status: 'partially_filled', filledQty: 1 })
    assertConsistent(a, 'a partial fill keeps the order open, and its hold')
    setStatus(a, resting, { status: 'filled', filledQty: 3 })
    assertConsistent(a, 'filled: its hold released')

    s.setNow(SATURDAY)
    await place({ symbol: 'MSFT', side: 'buy', type: 'market', qty: '2' })
    await place({ symbol: 'NVDA', side: 'buy', type: 'limit', qty: '4', limit_price: '100' })
    await check('placed on a Saturday: accepted, held until the open')
    s.setNow(Date.parse('2026-03-09T14:00:00Z'))
    await check('Monday open: the market buy filled, the limit rests')
    for (const o of a.orders.filter((x) => OPEN_STATUSES.has(x.status)))
      await s.call('DELETE', `/v2/orders/${o.id}`)
    await check('everything canceled')
    assert.equal(reservedOf(a).cents, 0)

    s.ctx.accounts.clear()
    const fresh = await s.account()
    assert.notEqual(fresh, a)
    assert.deepEqual([fresh.orders.length, reservedOf(fresh).cents], [0, 0])
    assertConsistent(fresh, 'after a reset')
    await s.app.close()
  })
})
