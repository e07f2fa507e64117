/**
 * The brokers module's review, its error answers: per-broker hints (where a connection
 * starts, which settings configure a broker), an `errors` entry on every domain 422, broker_type in
 * any case, a missing state, and no sync-log row for a sync that never started.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { connectAlpaca } from '../helpers/brokers.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const t = useTestApp()

async function connectedA(): Promise<Client> {
  const u = await t.newTenant()
  await connectAlpaca(t, u, 'post')
  return u
}

const oneEntry = (body: Body, loc: unknown[], type: string) => {
  assert.equal(body.errors.length, 1, JSON.stringify(body))
  assert.deepEqual(body.errors[0].loc, loc)
  assert.equal(body.errors[0].type, type)
  assert.equal(typeof body.errors[0].msg, 'string')
}

describe('broker errors: per-broker hints and an errors entry', () => {
  it('not connected names where each broker’s connection starts, with an errors entry', async () => {
    const u = await t.newTenant()
    const a = assertProblem(await u.get('/api/brokera/positions'), 422, 'broker.not_connected')
    assert.match(a.detail, /GET \/api\/brokera\/auth-url/)
    oneEntry(a, ['path', 'broker_type'], 'not_connected')
    const agg = assertProblem(await u.get('/api/brokers/aggregator/accounts'), 422, 'broker.not_connected')
    assert.match(agg.detail, /POST \/api\/brokers\/aggregator\/connect/)
    assert.doesNotMatch(agg.detail, /auth-url/)
  })

  it('state problems on the aggregator callback point to its connect, not an auth-url', async () => {
    const u = await t.newTenant()
    const res = await u.get('/api/brokers/aggregator/callback?subbroker_slug=ALPACA&connection_id=c1')
    const body = assertProblem(res, 422, 'broker.state_missing')
    assert.match(body.detail, /POST \/api\/brokers\/aggregator\/connect/)
    assert.doesNotMatch(body.detail, /auth-url/)
  })

  it('order refused and order not cancelable carry one errors entry', async () => {
    const u = await connectedA()
    const rejected = await u.post('/api/brokera/orders', {
      symbol: 'AAPL',
      side: 'buy',
      type: 'market',
      time_in_force: 'day',
      qty: '100000000',
    })
    oneEntry(assertProblem(rejected, 422, 'broker.order_rejected'), ['body'], 'order_rejected')
    const order = {
      symbol: 'MSFT',
      side: 'buy',
      type: 'limit',
      time_in_force: 'gtc',
      qty: '1',
      limit_price: '1.00',
    }
    const o = json(await u.post('/api/brokera/orders', order))
    assert.equal((await u.delete(`/api/brokera/orders/${o.id}`)).statusCode, 200)
    const again = assertProblem(
      await u.delete(`/api/brokera/orders/${o.id}`),
      422,
      'broker.order_not_cancelable',
    )
    oneEntry(again, ['path', 'order_id'], 'order_not_cancelable')
  })
})

describe('broker_type in any case', () => {
  it('an unknown type is the 404, whatever its case', async () => {
    const u = await t.newTenant()
    for (const type of ['Robinhood', 'robinhood', 'BROKERA', 'x-1'])
      assertProblem(await u.get(`/api/brokers/${type}/status`), 404, 'broker.unknown_type')
  })
})

describe('a missing state', () => {
  it('is broker.state_missing on the JSON connect of both brokers, as on the callback', async () => {
    const u = await t.newTenant()
    for (const broker of ['brokera', 'brokerb']) {
      const body = assertProblem(
        await u.post(`/api/${broker}/connect`, { auth_code: 'abc' }),
        422,
        'broker.state_missing',
      )
      oneEntry(body, ['body', 'state'], 'state_missing')
      assert.match(body.detail, new RegExp(`GET /api/${broker}/auth-url`))
      assertProblem(await u.get(`/api/${broker}/connect?code=abc`), 422, 'broker.state_missing')
    }
  })
})

describe('the SnapTrade sandbox portal link', () => {
  it('carries a session id of its own, never the one-time token again', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    const res = await u.post('/api/brokers/aggregator/connect', { broker: 'ALPACA' })
    assert.equal(res.statusCode, 200, res.body)
    const link = new URL(json(res).redirect_url as string)
    const token = link.searchParams.get('token')!
    const session = link.searchParams.get('sessionId')!
    assert.ok(token.length > 0 && session.length > 0)
    assert.notEqual(session, token)
    assert.ok(!link.search.replace(`token=${encodeURIComponent(token)}`, '').includes(token))
  })
})

describe('no sync-log row for a sync that never started', () => {
  it('positions without a connection log nothing, on either broker', async () => {
    const u = await t.newTenant()
    assertProblem(await u.get('/api/brokera/positions'), 422, 'broker.not_connected')
    assertProblem(await u.get('/api/brokerb/positions'), 422, 'broker.not_connected')
    const log = await u.get('/api/brokers/sync-log')
    assert.equal(log.statusCode, 200, log.body)
    assert.deepEqual(json(log).items, [])
  })
})
