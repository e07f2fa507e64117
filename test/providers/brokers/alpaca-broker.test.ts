/**
 * The Alpaca broker adapter through real HTTP against the loopback sandbox: OAuth, reads mapped field
 * by field against the fake's own payloads, orders, activities paging, and each failure mode mapped
 * to its Upstream* error (no error message may carry a token or the client secret).
 */
import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import {
  type AlpacaBrokerFake,
  FAKE_BROKER_NOW,
  fakeAccessToken,
  startAlpacaBrokerFake,
} from '../../fakes/alpaca-broker-fake.ts'
import {
  type HttpClientOptions,
  UpstreamAuthError,
  UpstreamClientError,
  type UpstreamError,
  UpstreamNotFoundError,
  UpstreamProtocolError,
  UpstreamRateLimitError,
  UpstreamServerError,
  UpstreamTimeoutError,
} from '../../../src/providers/shared/http.ts'
import { recordingHttp, upstreamRejects } from '../../helpers/broker-test-kit.ts'
import type { ActivityQuery, BrokerActivity, BrokerAdapter, OAuthBroker } from '../../../src/providers/brokers/broker.port.ts'
import { type AlpacaBrokerOptions, createAlpacaBroker } from '../../../src/providers/brokers/alpaca/alpaca-broker.ts'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed wire bodies
type Alpaca = Required<Omit<BrokerAdapter, 'oauth'>> & { oauth: Required<Omit<OAuthBroker, 'refresh'>> }
const TRADING = 'account:write trading'
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
let fake: AlpacaBrokerFake
let broker: Alpaca
let token: string
const sleeps: number[] = []
/** Every token and secret seen: none may appear in an error message. */
const secrets: string[] = []

function adapter(http: HttpClientOptions = {}, over: Partial<AlpacaBrokerOptions> = {}): Alpaca {
  return createAlpacaBroker({
    http: recordingHttp(sleeps, http),
    tradingBaseUrl: fake.baseUrl,
    oauthBaseUrl: fake.baseUrl,
    authorizeUrl: `${fake.baseUrl}/oauth/authorize`,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    redirectUri: fake.redirectUri,
    ...over,
  }) as Alpaca
}

/** Allows the consent page at the adapter's own authorization URL; returns where it redirected. */
async function consent(state = 's-1'): Promise<URL> {
  const url = broker.oauth.authorizationUrl(state)
  const res = await fetch(url, { method: 'POST', headers: FORM, body: 'decision=allow', redirect: 'manual' })
  return new URL(res.headers.get('location') ?? 'http://x/')
}
const freshCode = async () => (await consent()).searchParams.get('code') ?? assert.fail('no code')

/** The fake's own payload, fetched without the adapter. */
async function wire<T = Json>(path: string): Promise<T> {
  const res = await fetch(`${fake.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })
  assert.equal(res.status, 200)
  return (await res.json()) as T
}
const sent = (path: string, method = 'GET') =>
  fake.sandbox.requests.filter((r) => r.path === path && r.method === method)
const clearLog = () => void (fake.sandbox.requests.length = 0)

const rejects = upstreamRejects(() => secrets)

before(async () => {
  fake = await startAlpacaBrokerFake()
  secrets.push(fake.clientSecret)
})
after(() => fake.close())
beforeEach(async () => {
  fake.sandbox.reset()
  sleeps.length = 0
  broker = adapter()
  token = await fakeAccessToken(fake, TRADING)
  secrets.push(token)
  clearLog()
})

describe('alpaca broker: OAuth', () => {
  it('builds the consent URL the sandbox accepts, and gets the state back', async () => {
    const url = new URL(broker.oauth.authorizationUrl('st.a/b+c= é'))
    assert.equal(`${url.origin}${url.pathname}`, `${fake.baseUrl}/oauth/authorize`)
    assert.deepEqual([...url.searchParams.keys()].sort(), [
      'client_id',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
    ])
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      response_type: 'code',
      client_id: fake.clientId,
      redirect_uri: fake.redirectUri,
      state: 'st.a/b+c= é',
      scope: TRADING,
    })
    assert.equal(
      new URL(adapter({}, { scope: 'data' }).oauth.authorizationUrl('x')).searchParams.get('scope'),
      'data',
    )
    assert.equal((await fetch(url)).status, 200, 'the consent page')
    const landed = await consent('st.a/b+c= é')
    assert.equal(`${landed.origin}${landed.pathname}`, fake.redirectUri)
    assert.equal(landed.searchParams.get('state'), 'st.a/b+c= é')
    assert.ok(landed.searchParams.get('code'))
  })

  it('exchanges a code for a bearer grant without refresh token or expiry', async () => {
    const code = await freshCode()
    clearLog()
    const grant = await broker.oauth.exchangeCode(code)
    secrets.push(grant.accessToken)
    assert.deepEqual(grant, { accessToken: grant.accessToken, scope: TRADING })
    assert.equal('refreshToken' in grant || 'accessExpiresAt' in grant || 'refreshExpiresAt' in grant, false)
    const [req, ...more] = sent('/oauth/token', 'POST')
    assert.deepEqual(more, [])
    assert.deepEqual(req?.body, {
      grant_type: 'authorization_code',
      code,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      redirect_uri: fake.redirectUri,
    })
    assert.equal((await broker.accounts(grant.accessToken)).length, 1, 'the token works')
  })

  it('drops the text of an unparseable token answer (it holds the token) from the error', async () => {
    fake.sandbox.chaos.malformNext()
    const err = await broker.oauth.exchangeCode(await freshCode()).then(
      () => assert.fail('a truncated token answer must fail'),
      (e: unknown) => e as UpstreamError,
    )
    assert.equal(err.kind, 'protocol')
    assert.equal(err.body, undefined)
    assert.doesNotMatch(JSON.stringify({ ...err, message: err.message }), /access_token/)
  })

  it('maps refused exchanges: a used or unknown code → 400, a wrong client secret → 401', async () => {
    const code = await freshCode()
    secrets.push(code)
    secrets.push((await broker.oauth.exchangeCode(code)).accessToken)
    clearLog()
    await rejects(broker.oauth.exchangeCode(code), UpstreamClientError, 400)
    await rejects(broker.oauth.exchangeCode('not-a-code'), UpstreamClientError, 400)
    secrets.push('wrong-secret')
    await rejects(
      adapter({}, { clientSecret: 'wrong-secret' }).oauth.exchangeCode(await freshCode()),
      UpstreamAuthError,
      401,
    )
    assert.deepEqual(
      sent('/oauth/token', 'POST').map((r) => r.status),
      [400, 400, 401],
    )
  })

  it('never retries an exchange, not on 5xx nor on 429, and the code survives', async () => {
    for (const status of [500, 502, 503, 504]) {
      const code = await freshCode()
      clearLog()
      fake.sandbox.chaos.failNext(status)
      await rejects(broker.oauth.exchangeCode(code), UpstreamServerError, status)
      assert.equal(sent('/oauth/token', 'POST').length, 1, `one request on ${status}`)
      secrets.push((await broker.oauth.exchangeCode(code)).accessToken)
    }
    fake.sandbox.chaos.rateLimitNext(1, 1)
    clearLog()
    await rejects(broker.oauth.exchangeCode(await freshCode()), UpstreamRateLimitError, 429)
    assert.equal(sent('/oauth/token', 'POST').length, 1)
    assert.deepEqual(sleeps, [])
  })

  it('revokes a grant: the sandbox is told, then the token is refused', async () => {
    await broker.oauth.revoke({ accessToken: token })
    const [req] = sent('/oauth/revoke', 'POST')
    assert.deepEqual(req?.body, { token, client_id: fake.clientId, client_secret: fake.clientSecret })
    await rejects(broker.accounts(token), UpstreamAuthError, 401)
  })

  it('tolerates a revoke endpoint answering 404, but not 500', async () => {
    fake.sandbox.chaos.revokeAnswers(404)
    await broker.oauth.revoke({ accessToken: token })
    assert.equal((await broker.accounts(token)).length, 1, 'nothing was revoked')
    fake.sandbox.chaos.revokeAnswers(500)
    clearLog()
    await rejects(broker.oauth.revoke({ accessToken: token }), UpstreamServerError, 500)
    assert.equal(sent('/oauth/revoke', 'POST').length, 1)
  })
})

describe('alpaca broker: account and positions', () => {
  it('maps the account to account info and balances, strings exactly as sent', async () => {
    const a = await wire('/v2/account')
    assert.deepEqual(await broker.accounts(token), [
      {
        externalId: a.id,
        number: a.account_number,
        name: `Alpaca ${a.account_number}`,
        currency: 'USD',
        accountType: 'cash',
      },
    ])
    assert.deepEqual(await broker.balances(token), {
      currency: a.currency,
      cash: a.cash,
      equity: a.equity,
      buyingPower: a.buying_power,
      longMarketValue: a.long_market_value,
      shortMarketValue: a.short_market_value,
    })
    assert.ok(sent('/v2/account').every((r) => r.authorization === `Bearer ${token}`))
  })

  it('maps every position field by field', async () => {
    const positions = await wire<Json[]>('/v2/positions')
    assert.equal(positions.length, 8)
    assert.deepEqual(
      await broker.positions(token),
      positions.map((p) => ({
        symbol: p.symbol,
        quantity: p.qty,
        averagePrice: p.avg_entry_price,
        costBasis: p.cost_basis,
        price: p.current_price,
        marketValue: p.market_value,
        unrealizedPl: p.unrealized_pl,
        assetClass: p.asset_class,
      })),
    )
  })

  it('makes shorts negative and cost basis positive, keeping every decimal string exact', async () => {
    const [a, b, c] = await wire<Json[]>('/v2/positions')
    fake.sandbox.chaos.failNext(200, [
      {
        ...a,
        side: 'short',
        qty: `-${a!.qty}`,
        cost_basis: `-${a!.cost_basis}`,
        market_value: `-${a!.market_value}`,
      },
      { ...b, side: 'short' }, // a short whose qty came unsigned
      {
        ...c,
        symbol: 'brk.b',
        qty: '0.000000001',
        avg_entry_price: '123456789012345.678901234',
        cost_basis: '100.10',
      },
      {
        ...c,
        qty: 5,
        cost_basis: 0.1,
        current_price: null,
        market_value: null,
        unrealized_pl: null,
        asset_class: null,
      },
    ])
    const got = await broker.positions(token)
    assert.deepEqual(
      got.map((p) => [p.symbol, p.quantity, p.averagePrice, p.costBasis, p.marketValue]),
      [
        [a!.symbol, `-${a!.qty}`, a!.avg_entry_price, a!.cost_basis, `-${a!.market_value}`],
        [b!.symbol, `-${b!.qty}`, b!.avg_entry_price, b!.cost_basis, b!.market_value],
        ['BRK.B', '0.000000001', '123456789012345.678901234', '100.10', c!.market_value],
        [c!.symbol, '5', c!.avg_entry_price, '0.1', null],
      ],
    )
    assert.deepEqual([got[3]?.price, got[3]?.unrealizedPl, got[3]?.assetClass], [null, null, 'us_equity'])
  })
})

describe('alpaca broker: orders', () => {
  const limit = {
    symbol: 'MSFT',
    side: 'buy',
    type: 'limit',
    timeInForce: 'gtc',
    qty: '2',
    limitPrice: '300.5',
  } as const

  it('sends decimals as JSON strings and maps the order it gets back', async () => {
    const order = await broker.placeOrder(token, { ...limit, clientOrderId: 'c-1' })
    assert.deepEqual(sent('/v2/orders', 'POST')[0]?.body, {
      symbol: 'MSFT',
      side: 'buy',
      type: 'limit',
      time_in_force: 'gtc',
      qty: '2',
      limit_price: '300.5',
      client_order_id: 'c-1',
    })
    assert.match(order.id, UUID)
    const at = FAKE_BROKER_NOW
    assert.deepEqual(order, {
      ...{
        id: order.id,
        clientOrderId: 'c-1',
        symbol: 'MSFT',
        side: 'buy',
        type: 'limit',
        timeInForce: 'gtc',
      },
      ...{
        status: 'accepted',
        qty: '2',
        notional: null,
        filledQty: '0',
        filledAvgPrice: null,
        limitPrice: '300.5',
      },
      ...{
        stopPrice: null,
        extendedHours: false,
        createdAt: at,
        submittedAt: at,
        filledAt: null,
        canceledAt: null,
      },
    })
    const listed = await wire(`/v2/orders/${order.id}`)
    assert.deepEqual([listed.client_order_id, listed.qty, listed.limit_price], ['c-1', '2', '300.5'])
    const market = await broker.placeOrder(token, {
      symbol: 'NVDA',
      side: 'buy',
      type: 'market',
      timeInForce: 'day',
      notional: '1000.25',
    })
    const body = sent('/v2/orders', 'POST')[1]?.body
    assert.deepEqual(body, {
      symbol: 'NVDA',
      side: 'buy',
      type: 'market',
      time_in_force: 'day',
      notional: '1000.25',
    })
    assert.deepEqual(
      [market.notional, market.qty, market.type, market.clientOrderId !== null],
      ['1000.25', null, 'market', true],
    )
  })

  it('never retries a create or a cancel after a server error; a 429 (not processed) is retried', async () => {
    fake.sandbox.chaos.failNext(500)
    await rejects(broker.placeOrder(token, limit), UpstreamServerError, 500)
    assert.equal(sent('/v2/orders', 'POST').length, 1)
    fake.sandbox.chaos.failNext(503)
    await rejects(broker.placeOrder(token, { ...limit, clientOrderId: 'r-1' }), UpstreamServerError, 503)
    assert.equal(sent('/v2/orders', 'POST').length, 2)
    fake.sandbox.chaos.rateLimitNext(1, 0)
    assert.equal((await broker.placeOrder(token, { ...limit, clientOrderId: 'r-2' })).clientOrderId, 'r-2')
    assert.deepEqual(
      sent('/v2/orders', 'POST').map((r) => r.status),
      [500, 503, 429, 200],
    )
    const open = await broker.placeOrder(token, { ...limit, clientOrderId: 'r-3' })
    fake.sandbox.chaos.failNext(502)
    await rejects(broker.cancelOrder(token, open.id), UpstreamServerError, 502)
    assert.equal(await broker.cancelOrder(token, open.id), undefined)
    await rejects(broker.placeOrder(token, { ...limit, qty: '0.5' }), UpstreamClientError, 422)
  })

  it('lists orders with the status, limit, direction, after and until it is given', async () => {
    const first = await broker.placeOrder(token, limit)
    const second = await broker.placeOrder(token, { ...limit, symbol: 'AAPL', limitPrice: '100' })
    clearLog()
    const q = {
      status: 'all',
      limit: 1,
      direction: 'asc',
      after: '2026-03-01T00:00:00Z',
      until: '2026-03-07T00:00:00Z',
    } as const
    assert.deepEqual(
      (await broker.listOrders(token, q)).map((o) => o.id),
      [first.id],
    )
    assert.deepEqual(sent('/v2/orders')[0]?.query, { ...q, limit: '1' })
    const open = await broker.listOrders(token, {})
    assert.deepEqual(sent('/v2/orders')[1]?.query, {})
    assert.deepEqual(
      open.map((o) => [o.id, o.status, o.limitPrice]),
      [
        [second.id, 'new', '100'],
        [first.id, 'new', '300.5'],
      ],
    )
  })

  it('cancels an open order (204); unknown → not found; filled or canceled → 422', async () => {
    const open = await broker.placeOrder(token, limit)
    assert.equal(await broker.cancelOrder(token, open.id), undefined)
    assert.deepEqual(
      sent(`/v2/orders/${open.id}`, 'DELETE').map((r) => r.status),
      [204],
    )
    await rejects(broker.cancelOrder(token, open.id), UpstreamClientError, 422)
    const market = await broker.placeOrder(token, {
      ...limit,
      type: 'market',
      timeInForce: 'day',
      limitPrice: undefined,
    })
    assert.equal((await broker.listOrders(token, { status: 'closed' }))[0]?.status, 'filled')
    await rejects(broker.cancelOrder(token, market.id), UpstreamClientError, 422)
    await rejects(
      broker.cancelOrder(token, '00000000-0000-4000-8000-000000000000'),
      UpstreamNotFoundError,
      404,
    )
  })
})

describe('alpaca broker: activities', () => {
  async function all(q: ActivityQuery): Promise<{ items: BrokerActivity[]; pages: number }> {
    const items: BrokerActivity[] = []
    let pages = 0
    for (let pageToken: string | undefined; ;) {
      const page = await broker.activities(token, { ...q, pageToken })
      pages += 1
      items.push(...page.items)
      if (page.nextPageToken === null) return { items, pages }
      assert.equal(page.nextPageToken, page.items.at(-1)?.id)
      pageToken = page.nextPageToken
    }
  }

  it('follows nextPageToken 25 at a time to the same activities as pages of 100, no duplicates', async () => {
    const small = await all({ pageSize: 25 })
    const big = await all({ pageSize: 100 })
    const ids = small.items.map((a) => a.id)
    assert.equal(new Set(ids).size, ids.length)
    assert.deepEqual(small.items, big.items)
    assert.equal(small.pages, Math.floor(ids.length / 25) + 1)
    assert.ok(ids.length > 60 && ids.length < 100)
    const queries = sent('/v2/account/activities').map((r) => r.query)
    assert.deepEqual(queries[0], { direction: 'desc', page_size: '25' })
    assert.deepEqual(queries[1], { direction: 'desc', page_size: '25', page_token: ids[24] })
    assert.deepEqual((await all({ pageSize: 30, direction: 'asc' })).items, [...big.items].reverse())
  })

  it('maps fills and cash activities field by field', async () => {
    const raw = await wire<Json[]>('/v2/account/activities?page_size=100')
    const fill = (w: Json): BrokerActivity => ({
      ...{ id: w.id, type: 'FILL', time: w.transaction_time, symbol: w.symbol, side: w.side },
      ...{ qty: w.qty, price: w.price, netAmount: null, description: null, orderId: w.order_id },
    })
    const cash = (w: Json): BrokerActivity => ({
      ...{ id: w.id, type: w.activity_type, time: `${w.date}T00:00:00Z`, symbol: w.symbol ?? null },
      ...{ side: null, qty: w.qty ?? null, price: w.per_share_amount ?? null, netAmount: w.net_amount },
      ...{ description: w.description, orderId: null },
    })
    assert.ok(raw.some((w) => w.activity_type === 'DIV') && raw.some((w) => w.activity_type === 'CSD'))
    assert.deepEqual(
      (await broker.activities(token, { pageSize: 100 })).items,
      raw.map((w) => (w.activity_type === 'FILL' ? fill(w) : cash(w))),
    )
  })

  it('filters by activity types', async () => {
    const fills = await all({ pageSize: 25, types: ['FILL'] })
    assert.equal(fills.items.length, 60)
    assert.ok(fills.items.every((a) => a.type === 'FILL' && a.side !== null))
    assert.equal(sent('/v2/account/activities')[0]?.query['activity_types'], 'FILL')
    const cash = await broker.activities(token, { pageSize: 100, types: ['DIV', 'FEE'] })
    assert.equal(sent('/v2/account/activities').at(-1)?.query['activity_types'], 'DIV,FEE')
    const raw = await wire<Json[]>('/v2/account/activities?page_size=100')
    const divFee = raw.filter((w) => w.activity_type === 'DIV' || w.activity_type === 'FEE')
    assert.ok(divFee.length > 0)
    assert.deepEqual(
      cash.items.map((a) => a.id),
      divFee.map((w) => w.id),
    )
    await broker.activities(token, { pageSize: 10, types: [] })
    assert.equal(sent('/v2/account/activities').at(-1)?.query['activity_types'], undefined)
  })
})

describe('alpaca broker: failure modes', () => {
  it('waits out a 429 for its Retry-After; one longer than the cap surfaces at once', async () => {
    fake.sandbox.chaos.rateLimitNext(2, 1)
    assert.equal((await broker.accounts(token)).length, 1)
    assert.deepEqual(sleeps, [1000, 1000])
    assert.deepEqual(
      sent('/v2/account').map((r) => r.status),
      [429, 429, 200],
    )
    fake.sandbox.chaos.rateLimitNext(1, 7)
    const err = await rejects(broker.balances(token), UpstreamRateLimitError, 429)
    assert.equal(err.retryAfterMs, 7000)
    assert.deepEqual(sleeps, [1000, 1000])
  })

  it('retries 5xx on idempotent GETs, then gives up with UpstreamServerError', async () => {
    fake.sandbox.chaos.failNext(502)
    assert.equal((await broker.positions(token)).length, 8)
    for (let i = 0; i < 3; i++) fake.sandbox.chaos.failNext(500)
    await rejects(broker.positions(token), UpstreamServerError, 500)
    assert.deepEqual(
      sent('/v2/positions').map((r) => r.status),
      [502, 200, 500, 500, 500],
    )
    assert.equal(sleeps.length, 3)
  })

  it('refuses malformed JSON and payloads missing a required field with UpstreamProtocolError', async () => {
    fake.sandbox.chaos.malformNext()
    await rejects(broker.balances(token), UpstreamProtocolError)
    assert.equal(sent('/v2/account').length, 1, 'not retried')
    const a = await wire('/v2/account')
    const [p] = await wire<Json[]>('/v2/positions')
    const cases: [() => Promise<unknown>, unknown, RegExp][] = [
      [() => broker.balances(token), { ...a, cash: undefined }, /account\.cash/],
      [() => broker.balances(token), { ...a, equity: '1e3' }, /account\.equity/],
      [() => broker.accounts(token), { ...a, id: undefined }, /account\.id/],
      [() => broker.positions(token), { positions: [p] }, /positions is not an array/],
      [() => broker.positions(token), [{ ...p, symbol: undefined }], /positions\[0\]\.symbol/],
      [() => broker.listOrders(token, {}), [{ symbol: 'AAPL' }], /orders\[0\]\.id/],
      [
        () => broker.activities(token, { pageSize: 5 }),
        [{ id: 'x', activity_type: 'DIV' }],
        /activities\[0\]/,
      ],
      [
        async () => broker.oauth.exchangeCode(await freshCode()),
        { access_token: 't', token_type: 'mac' },
        /token_type/,
      ],
      [async () => broker.oauth.exchangeCode(await freshCode()), { token_type: 'bearer' }, /access_token/],
    ]
    for (const [call, body, message] of cases) {
      fake.sandbox.chaos.failNext(200, body)
      const err = await rejects(call(), UpstreamProtocolError)
      assert.match(err.message, message)
    }
  })

  it('times out an answer slower than the client allows', async () => {
    const impatient = adapter({ timeoutMs: 100, retries: 0 })
    fake.sandbox.chaos.slowNext(400)
    const err = await rejects(impatient.accounts(token), UpstreamTimeoutError)
    assert.match(err.message, /timed out after 100 ms/)
    fake.sandbox.chaos.slowNext(400)
    assert.equal((await adapter({ timeoutMs: 100 }).accounts(token)).length, 1, 'a GET retries a timeout')
  })

  it('reports an expired token as UpstreamAuthError 401 on every call, without retrying', async () => {
    fake.sandbox.chaos.expireTokens()
    clearLog()
    await rejects(broker.accounts(token), UpstreamAuthError, 401)
    await rejects(broker.balances(token), UpstreamAuthError, 401)
    await rejects(broker.positions(token), UpstreamAuthError, 401)
    await rejects(broker.listOrders(token, {}), UpstreamAuthError, 401)
    await rejects(
      broker.placeOrder(token, { symbol: 'AAPL', side: 'buy', type: 'market', timeInForce: 'day', qty: '1' }),
      UpstreamAuthError,
      401,
    )
    await rejects(broker.cancelOrder(token, '00000000-0000-4000-8000-000000000000'), UpstreamAuthError, 401)
    await rejects(broker.activities(token, { pageSize: 5 }), UpstreamAuthError, 401)
    await rejects(broker.ping(token), UpstreamAuthError, 401)
    // A slow request of the previous test may still finish (200) after the log was cleared: count the
    // refusals, one per call, none retried.
    assert.equal(fake.sandbox.requests.filter((r) => r.status === 401).length, 8)
    assert.ok(fake.sandbox.requests.every((r) => r.status === 401 || r.status === 200))
  })

  it('never puts the access token in an error message', async () => {
    const errors: UpstreamError[] = []
    fake.sandbox.chaos.revokeAnswers(500)
    errors.push(await rejects(broker.oauth.revoke({ accessToken: token }), UpstreamServerError))
    errors.push(
      await rejects(broker.cancelOrder(token, '00000000-0000-4000-8000-000000000000'), UpstreamNotFoundError),
    )
    fake.sandbox.chaos.failNext(400, { code: 40010000, message: `bad token ${token}` })
    errors.push(await rejects(broker.accounts(token), UpstreamClientError))
    fake.sandbox.chaos.expireTokens()
    errors.push(await rejects(broker.accounts(token), UpstreamAuthError))
    for (const err of errors) assert.equal(err.message.includes(token), false, err.message)
  })
})
