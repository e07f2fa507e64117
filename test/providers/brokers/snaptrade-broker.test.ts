/**
 * The SnapTrade adapter through real HTTP against the loopback fake, which verifies every signature:
 * users, the portal, authorizations, reads mapped against the fake's own payloads (a cost basis
 * checked by hand), activity paging in both directions, both path prefixes, and each failure mode
 * mapped to its Upstream* error (no message carries the user secret or the consumer key).
 */
import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import { completePortal, type SnapTradeFake, startSnapTradeFake } from '../../fakes/snaptrade-fake.ts'
import {
  type HttpClientOptions,
  UpstreamAuthError,
  UpstreamProtocolError,
  UpstreamRateLimitError,
  UpstreamServerError,
  UpstreamTimeoutError,
} from '../../../src/providers/shared/http.ts'
import { recordingHttp, upstreamRejects } from '../../helpers/broker-test-kit.ts'
import type {
  AggregatorUser,
  BrokerAdapter,
  HostedAggregator,
} from '../../../src/providers/brokers/broker.port.ts'
import {
  createSnapTradeBroker,
  type SnapTradeBrokerOptions,
} from '../../../src/providers/brokers/snaptrade/snaptrade-broker.ts'

type Snap = Required<Omit<BrokerAdapter, 'oauth' | 'placeOrder' | 'listOrders' | 'cancelOrder'>> & {
  aggregator: HostedAggregator
}
let fake: SnapTradeFake
let broker: Snap
const sleeps: number[] = []
let user: AggregatorUser
let token: string

function adapter(http: HttpClientOptions = {}, over: Partial<SnapTradeBrokerOptions> = {}): Snap {
  return createSnapTradeBroker({
    http: recordingHttp(sleeps, http),
    baseUrl: fake.baseUrl,
    pathPrefix: '',
    clientId: fake.clientId,
    consumerKey: fake.consumerKey,
    ...over,
  }) as Snap
}

const rejects = upstreamRejects(() => [user.userSecret, fake.consumerKey])

async function connect(broker_: Snap, slug = 'ALPACA'): Promise<string> {
  const url = await broker_.aggregator.portalUrl(user, {
    broker: slug,
    redirect: 'http://app.test/cb?state=x',
  })
  const done = await completePortal(url, 'allow', slug)
  return done.location!.searchParams.get('connection_id')!
}

before(async () => {
  fake = await startSnapTradeFake()
})
after(() => fake.close())
beforeEach(async () => {
  fake.sandbox.reset()
  sleeps.length = 0
  broker = adapter()
  user = await broker.aggregator.registerUser(`sx-${Math.random().toString(36).slice(2)}`)
  token = broker.aggregator.credential(user)
})

describe('snaptrade broker: users, portal, authorizations', () => {
  it('registers, signs every call (the fake verified them), connects through the portal, lists and removes', async () => {
    assert.match(user.userSecret, /^[0-9a-f-]{36}$/)
    const id = await connect(broker, 'SCHWAB')
    const auths = await broker.aggregator.authorizations(user)
    assert.deepEqual(
      auths.map((a) => [a.id, a.slug, a.disabled]),
      [[id, 'SCHWAB', false]],
    )
    const accounts = await broker.accounts(token)
    assert.equal(accounts.length, 1)
    assert.equal(accounts[0]!.connectionId, id)
    assert.ok(fake.sandbox.requests.every((r) => r.path.startsWith('/snapTrade/redeemToken') || r.signature))
    const login = fake.sandbox.requests.find((r) => r.path === '/snapTrade/login')!
    assert.deepEqual(login.body, {
      broker: 'SCHWAB',
      customRedirect: 'http://app.test/cb?state=x',
      immediateRedirect: true,
      connectionType: 'read',
    })
    await broker.aggregator.removeAuthorization(user, id)
    await broker.aggregator.removeAuthorization(user, id) // a 404 is fine: already gone
    assert.deepEqual(await broker.accounts(token), [])
    await broker.aggregator.deleteUser(user.userId)
    await broker.aggregator.deleteUser(user.userId)
    await rejects(broker.accounts(token), UpstreamAuthError, 401)
  })

  it('the legacy /api/v1 prefix: signed with that path, served', async () => {
    const legacy = adapter({}, { pathPrefix: '/api/v1' })
    fake.sandbox.requests.length = 0
    await connect(legacy)
    assert.equal((await legacy.accounts(token)).length, 1)
    const sent = fake.sandbox.requests.filter((r) => r.path !== '/snapTrade/redeemToken')
    assert.ok(sent.length > 0 && sent.every((r) => r.legacy && r.status < 400))
    fake.sandbox.requests.length = 0
    await broker.accounts(token)
    assert.ok(fake.sandbox.requests.every((r) => !r.legacy))
  })

  it('a wrong consumer key is a 401 auth error', async () => {
    const bad = adapter({}, { consumerKey: 'not-the-key' })
    await rejects(bad.accounts(token), UpstreamAuthError, 401)
  })
})

describe('snaptrade broker: reads', () => {
  it('positions: decimal strings, cost basis = units × per-unit cost_basis (by hand)', async () => {
    await connect(broker)
    const [acct] = await broker.accounts(token)
    const positions = await broker.positions(token, acct!.externalId)
    const wire = fake.sandbox.requests.find((r) => r.path.endsWith('/positions/all'))
    assert.ok(wire)
    assert.ok(positions.length > 0)
    for (const p of positions) {
      assert.match(p.quantity, /^\d+(\.\d+)?$/)
      const cost = Number(p.quantity) * Number(p.averagePrice)
      assert.ok(Math.abs(Number(p.costBasis) - cost) < 1e-6, `${p.symbol} ${p.costBasis} vs ${cost}`)
      assert.ok(Math.abs(Number(p.marketValue) - Number(p.quantity) * Number(p.price)) < 1e-6)
    }
    const b = await broker.balances(token, acct!.externalId)
    const long = positions.reduce((s, p) => s + Number(p.marketValue), 0)
    assert.ok(Math.abs(Number(b.longMarketValue) - long) < 0.005)
    assert.ok(Math.abs(Number(b.equity) - (Number(b.cash) + long)) < 0.005)
  })

  it('activities: newest first by offset; oldest first in one page; BUY/SELL → FILL with positive quantities', async () => {
    await connect(broker)
    const [acct] = await broker.accounts(token)
    const id = acct!.externalId
    const first = await broker.activities(token, { pageSize: 10, accountId: id })
    assert.equal(first.items.length, 10)
    assert.equal(first.nextPageToken, '10')
    const second = await broker.activities(token, { pageSize: 10, accountId: id, pageToken: '10' })
    assert.ok(Date.parse(second.items[0]!.time) <= Date.parse(first.items[9]!.time))
    const fills = await broker.activities(token, {
      types: ['FILL'],
      pageSize: 100,
      accountId: id,
      direction: 'asc',
    })
    assert.equal(fills.nextPageToken, null)
    assert.ok(fills.items.length > 10)
    const times = fills.items.map((a) => Date.parse(a.time))
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
    )
    assert.ok(fills.items.every((a) => a.type === 'FILL' && (a.side === 'buy' || a.side === 'sell')))
    assert.ok(fills.items.every((a) => /^\d+(\.\d+)?$/.test(a.qty!)))
    assert.ok(fills.items.some((a) => a.side === 'sell'))
    const sent = fake.sandbox.requests.filter((r) => r.path.endsWith('/activities'))
    assert.equal(sent.at(-1)!.query['type'], 'BUY,SELL')
    const mid = new Date(times[Math.floor(times.length / 2)]!).toISOString()
    const later = await broker.activities(token, {
      types: ['FILL'],
      pageSize: 100,
      accountId: id,
      direction: 'asc',
      after: mid,
    })
    assert.ok(later.items.every((a) => Date.parse(a.time) > Date.parse(mid)))
    assert.ok(later.items.length < fills.items.length)
  })
})

describe('snaptrade broker: failures', () => {
  it('429 without Retry-After waits X-RateLimit-Reset seconds, then succeeds', async () => {
    fake.sandbox.chaos.rateLimitNext(1, null)
    assert.deepEqual(await broker.accounts(token), [])
    assert.deepEqual(sleeps, [1000])
  })

  it('429 with a long Retry-After surfaces as a rate-limit error (retry_after kept)', async () => {
    fake.sandbox.chaos.rateLimitNext(1, 30)
    const err = await rejects(broker.accounts(token), UpstreamRateLimitError, 429)
    assert.equal(err.retryAfterMs, 30_000)
  })

  it('5xx is retried, then a server error; the 503 sync lock is retried to success', async () => {
    for (let i = 0; i < 3; i++) fake.sandbox.chaos.failNext(500)
    await rejects(broker.accounts(token), UpstreamServerError, 500)
    fake.sandbox.chaos.failNext(503)
    assert.deepEqual(await broker.accounts(token), [])
  })

  it('an expired user secret is a 401 auth error; malformed JSON a protocol error; slow a timeout', async () => {
    fake.sandbox.chaos.malformNext()
    await rejects(broker.accounts(token), UpstreamProtocolError)
    fake.sandbox.chaos.slowNext(300)
    await rejects(adapter({ timeoutMs: 100, retries: 0 }).accounts(token), UpstreamTimeoutError)
    fake.sandbox.chaos.expireTokens()
    await rejects(broker.accounts(token), UpstreamAuthError, 401)
  })

  it('a registerUser answer that does not parse keeps no text on the error', async () => {
    fake.sandbox.chaos.malformNext()
    const err = await rejects(broker.aggregator.registerUser('sx-malformed'), UpstreamProtocolError)
    assert.equal(err.body, undefined)
  })
})
