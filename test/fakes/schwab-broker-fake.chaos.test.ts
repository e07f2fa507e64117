/**
 * The Schwab sandbox through real HTTP: bearer authentication, the error shapes of the Trader API,
 * the Market Data API and OAuth, response headers, the request log and the chaos controls; and the
 * sandbox mounted under /sandbox/schwab next to Alpaca's, reached in process, as the app does.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import Fastify from 'fastify'
import { createAlpacaSandbox } from '../../src/providers/brokers/sandbox/alpaca.ts'
import { inProcessFetch } from '../../src/providers/brokers/sandbox/in-process-fetch.ts'
import { createSchwabSandbox } from '../../src/providers/brokers/sandbox/schwab/schwab.ts'
import {
  FAKE_SCHWAB_NOW,
  FAKE_SCHWAB_QUOTES,
  fakeSchwabMarket,
  fakeTokens,
  schwabApi,
  type SchwabBrokerFake,
  startSchwabBrokerFake,
  tokenRequest,
} from './schwab-broker-fake.ts'
import { fakePerFile } from './sandbox-server.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
let fake: SchwabBrokerFake

const refresh = (f: SchwabBrokerFake, token: string) =>
  tokenRequest(f, { grant_type: 'refresh_token', refresh_token: token })

fakePerFile(startSchwabBrokerFake, (f) => (fake = f))

describe('Schwab sandbox: authentication, error shapes and headers', () => {
  it('answers 401 as a ServiceError on the Trader API and as errors[] on market data', async () => {
    const t = await fakeTokens(fake)
    for (const bearer of [undefined, 'garbage', `${t.access_token}x`]) {
      const trader = await schwabApi(fake, '/trader/v1/accounts', bearer)
      assert.equal(trader.status, 401)
      assert.deepEqual(Object.keys(trader.body).sort(), ['errors', 'message'])
      assert.equal(typeof trader.body.errors[0], 'string')
      const market = await schwabApi(fake, '/marketdata/v1/quotes?symbols=AAPL', bearer)
      assert.equal(market.status, 401)
      const [e] = market.body.errors
      assert.match(e.id, UUID)
      assert.deepEqual([e.status, e.title, typeof e.detail], ['401', 'Unauthorized', 'string'])
    }
  })

  it('sends Schwab-Client-CorrelId on every answer, errors included', async () => {
    const t = await fakeTokens(fake)
    for (const path of ['/trader/v1/accounts', '/trader/v1/nope', '/marketdata/v1/quotes?symbols=AAPL']) {
      for (const bearer of [t.access_token, undefined]) {
        const res = await schwabApi(fake, path, bearer)
        assert.match(res.headers.get('schwab-client-correlid') ?? '', UUID, path)
      }
    }
    const unknown = await schwabApi(fake, '/marketdata/v1/nothing/here/at/all', t.access_token)
    assert.equal(unknown.status, 404)
    assert.equal(unknown.body.errors[0].status, '404')
    assert.equal(
      (await schwabApi(fake, '/trader/v1/nope', t.access_token)).body.message.includes('not found'),
      true,
    )
  })

  it('logs every request with its status and authorization', async () => {
    const t = await fakeTokens(fake)
    await schwabApi(fake, '/trader/v1/accounts?fields=positions', t.access_token)
    assert.deepEqual(fake.sandbox.requests.at(-1), {
      method: 'GET',
      path: '/trader/v1/accounts',
      query: { fields: 'positions' },
      status: 200,
      authorization: `Bearer ${t.access_token}`,
    })
    const token = fake.sandbox.requests.find((r) => r.path === '/v1/oauth/token')!
    assert.equal((token.body as Record<string, string>)['grant_type'], 'authorization_code')
  })
})

describe('Schwab sandbox: chaos', () => {
  it('fails the next request with the API’s error shape, or the body given', async () => {
    const t = await fakeTokens(fake)
    fake.sandbox.chaos.failNext(500)
    const trader = await schwabApi(fake, '/trader/v1/accounts', t.access_token)
    assert.deepEqual(
      [trader.status, trader.body],
      [500, { message: 'internal server error', errors: ['internal server error'] }],
    )
    fake.sandbox.chaos.failNext(503)
    const market = await schwabApi(fake, '/marketdata/v1/quotes?symbols=AAPL', t.access_token)
    assert.deepEqual(
      [market.status, market.body.errors[0].status, market.body.errors[0].title],
      [503, '503', 'Service Unavailable'],
    )
    fake.sandbox.chaos.failNext(503)
    assert.equal((await refresh(fake, t.refresh_token)).body['error'], 'temporarily_unavailable')
    fake.sandbox.chaos.failNext(418, { teapot: true })
    assert.deepEqual((await schwabApi(fake, '/trader/v1/accounts', t.access_token)).body, { teapot: true })
    assert.equal((await schwabApi(fake, '/trader/v1/accounts', t.access_token)).status, 200)
  })

  it('rate-limits the next n requests with Retry-After', async () => {
    const t = await fakeTokens(fake)
    fake.sandbox.chaos.rateLimitNext(2, 7)
    const first = await schwabApi(fake, '/trader/v1/accounts', t.access_token)
    const second = await schwabApi(fake, '/marketdata/v1/markets?markets=equity', t.access_token)
    for (const res of [first, second]) {
      assert.equal(res.status, 429)
      assert.equal(res.headers.get('retry-after'), '7')
    }
    assert.deepEqual(first.body.errors, ['rate limit exceeded'])
    assert.equal(second.body.errors[0].status, '429')
    assert.equal((await schwabApi(fake, '/trader/v1/accounts', t.access_token)).status, 200)
  })

  it('answers 200 with a truncated JSON body once, and delays an answer', async () => {
    const t = await fakeTokens(fake)
    fake.sandbox.chaos.malformNext()
    const res = await fetch(`${fake.baseUrl}/trader/v1/accounts`, {
      headers: { authorization: `Bearer ${t.access_token}` },
    })
    assert.equal(res.status, 200)
    const body = await res.text()
    assert.throws(() => JSON.parse(body) as unknown, SyntaxError)
    fake.sandbox.chaos.slowNext(150)
    const start = performance.now()
    assert.equal((await schwabApi(fake, '/trader/v1/accounts', t.access_token)).status, 200)
    assert.ok(performance.now() - start >= 140)
  })

  it('expires access tokens, then refresh tokens; reset clears both', async () => {
    const t = await fakeTokens(fake)
    fake.sandbox.chaos.expireTokens()
    assert.equal((await schwabApi(fake, '/trader/v1/accounts', t.access_token)).status, 401)
    const r = await refresh(fake, t.refresh_token)
    assert.equal((await schwabApi(fake, '/trader/v1/accounts', String(r.body['access_token']))).status, 200)
    fake.sandbox.chaos.expireRefreshTokens()
    assert.equal((await refresh(fake, t.refresh_token)).body['error'], 'invalid_grant')
    assert.equal((await refresh(fake, (await fakeTokens(fake)).refresh_token)).status, 200, 'later ones live')
    fake.sandbox.reset()
    assert.equal((await refresh(fake, t.refresh_token)).status, 200)
    assert.equal((await schwabApi(fake, '/trader/v1/accounts', t.access_token)).status, 200)
  })

  it('leaves the consent page alone', async () => {
    fake.sandbox.chaos.failNext(500)
    assert.equal((await fetch(`${fake.baseUrl}/v1/oauth/authorize?${consentQuery()}`)).status, 200)
    assert.equal((await tokenRequest(fake, { grant_type: 'refresh_token', refresh_token: 'x' })).status, 500)
  })
})

const consentQuery = () =>
  new URLSearchParams({
    response_type: 'code',
    client_id: fake.appKey,
    redirect_uri: fake.redirectUri,
  }).toString()

describe('Schwab sandbox: mounted under a prefix', () => {
  it('serves /sandbox/schwab next to the Alpaca sandbox, in process, with prefixed Locations', async () => {
    const app = Fastify({ logger: false })
    const alpaca = createAlpacaSandbox({
      clientId: 'a',
      clientSecret: 'b',
      redirectUris: ['https://x.example/cb'],
      secret: 's',
      quotes: async () => [],
      symbols: [],
    })
    const schwab = createSchwabSandbox({
      appKey: 'k',
      appSecret: 's',
      redirectUris: ['https://x.example/cb'],
      secret: 's',
      market: fakeSchwabMarket(),
      symbols: Object.keys(FAKE_SCHWAB_QUOTES),
      now: () => new Date(FAKE_SCHWAB_NOW),
    })
    await app.register(alpaca.plugin, { prefix: '/sandbox/alpaca' })
    await app.register(schwab.plugin, { prefix: '/sandbox/schwab' })
    const f = inProcessFetch(app)
    const base = 'http://sandbox.internal/sandbox/schwab'
    try {
      const q = 'response_type=code&client_id=k&redirect_uri=https%3A%2F%2Fx.example%2Fcb'
      const page = await (await f(`${base}/v1/oauth/authorize?${q}`)).text()
      assert.ok(page.includes(`action="/sandbox/schwab/v1/oauth/authorize?${q.replaceAll('&', '&amp;')}"`))
      const consent = await f(`${base}/v1/oauth/authorize?${q}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'decision=allow',
        redirect: 'manual',
      })
      const code = new URL(consent.headers.get('location')!).searchParams.get('code')!
      const tokens = await f(`${base}/v1/oauth/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${btoa('k:s')}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: 'https://x.example/cb',
        }),
      })
      const bearer = {
        authorization: `Bearer ${((await tokens.json()) as { access_token: string }).access_token}`,
      }
      const [account] = (await (
        await f(`${base}/trader/v1/accounts/accountNumbers`, { headers: bearer })
      ).json()) as [{ hashValue: string }]
      const placed = await f(`${base}/trader/v1/accounts/${account.hashValue}/orders`, {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/json' },
        body: JSON.stringify({
          orderType: 'MARKET',
          session: 'NORMAL',
          duration: 'DAY',
          orderStrategyType: 'SINGLE',
          orderLegCollection: [
            { instruction: 'BUY', quantity: 1, instrument: { symbol: 'AAPL', assetType: 'EQUITY' } },
          ],
        }),
      })
      assert.equal(placed.status, 201)
      assert.match(
        placed.headers.get('location')!,
        new RegExp(`^${base}/trader/v1/accounts/${account.hashValue}/orders/\\d+$`),
      )
      const missing = await f(`${base}/marketdata/v1/nope`, { headers: bearer })
      assert.equal(missing.status, 404)
      assert.equal(((await missing.json()) as { errors: Array<{ status: string }> }).errors[0]!.status, '404')
      schwab.chaos.failNext(502)
      const failed = await f(`${base}/marketdata/v1/quotes?symbols=AAPL`, { headers: bearer })
      assert.equal(((await failed.json()) as { errors: Array<{ status: string }> }).errors[0]!.status, '502')
      assert.deepEqual(
        schwab.requests.map((r) => r.path).slice(-2),
        ['/marketdata/v1/nope', '/marketdata/v1/quotes'],
        'paths relative to the mount point',
      )
    } finally {
      await app.close()
    }
  })
})
