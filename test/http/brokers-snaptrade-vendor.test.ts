/**
 * The aggregator configured with real credentials (SNAPTRADE_CLIENT_ID, SNAPTRADE_CONSUMER_KEY,
 * SNAPTRADE_BASE_URL, the legacy SNAPTRADE_PATH_PREFIX=/api/v1) against the loopback SnapTrade fake,
 * over a socket: the app's configuration reaches the adapter, every call is signed with those keys on
 * the legacy paths, and the flow connects; a vendor answering 401 to everything leaves status at
 * connected false (never a 500).
 */
import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { completePortal, startSnapTradeFake } from '../fakes/snaptrade-fake.ts'
import { assertProblem, json } from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'

const fake = await startSnapTradeFake()
after(() => fake.close())
const t = useTestApp({
  env: {
    SNAPTRADE_CLIENT_ID: fake.clientId,
    SNAPTRADE_CONSUMER_KEY: fake.consumerKey,
    SNAPTRADE_BASE_URL: fake.baseUrl,
    SNAPTRADE_PATH_PREFIX: '/api/v1',
  },
})

describe('aggregator with vendor credentials (the loopback fake)', () => {
  it('connects through the vendor’s portal; every API call went to /api/v1, signed with the configured key', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    const res = await u.post('/api/brokers/aggregator/connect', { broker: 'SCHWAB' })
    assert.equal(res.statusCode, 200, res.body)
    const link = json(res).redirect_url as string
    assert.ok(link.startsWith(`${fake.baseUrl}/snapTrade/redeemToken?`), link)
    const back = await completePortal(link, 'allow', 'SCHWAB')
    assert.equal(back.location!.searchParams.get('subbroker_slug'), 'SCHWAB')
    const cb = await u.get(back.location!.pathname + back.location!.search)
    assert.equal(cb.statusCode, 200, cb.body)
    assert.equal(json(cb).connected, true)
    await t.c.jobs.drain()
    const accounts = json(await u.get('/api/brokers/aggregator/accounts')).items
    assert.equal(accounts.length, 1)
    const api = fake.sandbox.requests.filter((r) => r.path !== '/snapTrade/redeemToken')
    assert.ok(api.length > 3)
    assert.ok(
      api.every((r) => r.legacy && r.signature && r.status < 400),
      JSON.stringify(api.map((r) => [r.path, r.status])),
    )
  })

  it('a vendor refusing every call: status connected false with extra.error; reads are upstream problems', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    const res = await u.post('/api/brokers/aggregator/connect', { broker: 'ALPACA' })
    const back = await completePortal(json(res).redirect_url as string)
    assert.equal((await u.get(back.location!.pathname + back.location!.search)).statusCode, 200)
    await t.c.jobs.drain()
    fake.sandbox.chaos.expireTokens()
    try {
      const status = await u.get('/api/brokers/aggregator/status')
      assert.equal(status.statusCode, 200)
      assert.equal(json(status).connected, false)
      assert.match(json(status).extra.error, /snaptrade auth \(HTTP 401\)/)
      const accounts = await u.get('/api/brokers/aggregator/accounts')
      assert.ok(accounts.statusCode >= 400 && accounts.statusCode !== 500, String(accounts.statusCode))
    } finally {
      fake.sandbox.reset()
    }
    assertProblem(
      await u.get('/api/brokers/aggregator/positions?account_id=nope'),
      404,
      'broker.account_not_found',
    )
  })
})
