/**
 * The Schwab adapter's failure modes against the loopback fake, each mapped to its Upstream* error:
 * 429 retried after Retry-After, 5xx on a read retried then UpstreamServerError, malformed JSON and
 * malformed payloads UpstreamProtocolError, an expired access token UpstreamAuthError 401 on every
 * call without a retry, a slow answer UpstreamTimeoutError; and no error message carries a token.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  UpstreamAuthError,
  UpstreamClientError,
  type UpstreamError,
  UpstreamNotFoundError,
  UpstreamProtocolError,
  UpstreamRateLimitError,
  UpstreamServerError,
  UpstreamTimeoutError,
} from '../../../src/providers/shared/http.ts'
import type { SchwabBroker } from '../../../src/providers/brokers/schwab/schwab-broker.ts'
import { DAY, iso, NOW, rejects, useSchwabKit } from '../../helpers/schwab-test-kit.ts'

const kit = useSchwabKit()
const NUMBERS = '/trader/v1/accounts/accountNumbers'

describe('schwab broker: failure modes', () => {
  it('retries a 429 after its Retry-After, and gives up on one longer than the client waits', async () => {
    const l = await kit.login()
    kit.fake.sandbox.chaos.rateLimitNext(2, 1)
    assert.deepEqual(await kit.broker.accountNumbers(l.token), l.numbers)
    assert.deepEqual(
      kit.sent(NUMBERS).map((r) => r.status),
      [429, 429, 200],
    )
    assert.deepEqual(kit.sleeps, [1000, 1000])
    kit.fake.sandbox.chaos.rateLimitNext(1, 30)
    const err = await rejects(kit, kit.broker.quotes(l.token, ['AAPL']), UpstreamRateLimitError, 429)
    assert.equal(err.retryAfterMs, 30_000)
    assert.deepEqual(kit.sleeps, [1000, 1000], 'not waited')
  })

  it('retries a 5xx on a read, then reports UpstreamServerError', async () => {
    const l = await kit.login()
    kit.fake.sandbox.chaos.failNext(502)
    assert.ok((await kit.broker.positions(l.token, l.margin)).length > 0)
    kit.clearLog()
    for (let i = 0; i < 3; i++) kit.fake.sandbox.chaos.failNext(500)
    await rejects(kit, kit.broker.balances(l.token, l.cash), UpstreamServerError, 500)
    assert.deepEqual(
      kit.sent(`/trader/v1/accounts/${l.cash}`).map((r) => r.status),
      [500, 500, 500],
    )
    for (let i = 0; i < 3; i++) kit.fake.sandbox.chaos.failNext(503)
    await rejects(kit, kit.broker.movers(l.token, '$SPX'), UpstreamServerError, 503)
    assert.deepEqual(kit.sleeps, [0, 0, 0, 0, 0], 'backoff (random 0) between attempts')
  })

  it('reports malformed JSON and malformed payloads as UpstreamProtocolError', async () => {
    const l = await kit.login()
    const cases: Array<[() => Promise<unknown>, unknown, RegExp]> = [
      [() => kit.broker.accountNumbers(l.token), { accounts: [] }, /accountNumbers is not an array/],
      [() => kit.broker.accountNumbers(l.token), [{ accountNumber: '1' }], /hashValue/],
      [() => kit.broker.accountDetails(l.token, undefined, false), [{ nope: 1 }], /securitiesAccount is not/],
      [
        () => kit.broker.positions(l.token, l.margin),
        { securitiesAccount: { type: 'MARGIN', positions: [{ instrument: { symbol: 'A' } }] } },
        /averagePrice/,
      ],
      [
        () => kit.broker.balances(l.token, l.cash),
        { securitiesAccount: { type: 'CASH' } },
        /currentBalances/,
      ],
      [() => kit.broker.listOrders(l.token, { accountId: l.margin }), [{ orderId: 1 }], /orderLegCollection/],
      [
        () => kit.broker.transactions(l.token, l.cash, range()),
        [{ activityId: 1, time: 'yesterday' }],
        /time/,
      ],
      [() => kit.broker.quotes(l.token, ['AAPL']), { AAPL: 'up' }, /quotes.AAPL/],
      [() => kit.broker.instruments(l.token, 'AAPL', 'symbol-search'), { instruments: {} }, /instruments/],
    ]
    for (const [call, body, message] of cases) {
      kit.fake.sandbox.chaos.failNext(200, body)
      assert.match((await rejects(kit, call(), UpstreamProtocolError)).message, message)
    }
    kit.fake.sandbox.chaos.malformNext()
    assert.match(
      (await rejects(kit, kit.broker.balances(l.token, l.margin), UpstreamProtocolError)).message,
      /invalid JSON/,
    )
    kit.fake.sandbox.chaos.malformNext()
    await rejects(kit, kit.broker.marketHours(l.token, ['equity']), UpstreamProtocolError)
    kit.fake.sandbox.chaos.failNext(201, '')
    const order = { symbol: 'AAPL', side: 'buy', type: 'market', timeInForce: 'day', qty: '1' } as const
    const noId = await rejects(
      kit,
      kit.broker.placeOrder(l.token, { ...order, accountId: l.cash }),
      UpstreamProtocolError,
    )
    assert.match(noId.message, /Location/)
  })

  it('reports a token response without what a grant needs as UpstreamProtocolError', async () => {
    const { raw } = await codeOf()
    kit.fake.sandbox.chaos.failNext(200, { access_token: 'x', token_type: 'Bearer', refresh_token: 'r' })
    assert.match(
      (await rejects(kit, kit.broker.oauth.exchangeCode(raw), UpstreamProtocolError)).message,
      /expires_in/,
    )
    kit.fake.sandbox.chaos.failNext(200, { access_token: 'x', token_type: 'mac', expires_in: 1800 })
    assert.match(
      (await rejects(kit, kit.broker.oauth.exchangeCode(raw), UpstreamProtocolError)).message,
      /token_type/,
    )
  })

  it('times out an answer slower than the client allows', async () => {
    const l = await kit.login()
    const impatient = kit.adapter({ timeoutMs: 100, retries: 0 })
    kit.fake.sandbox.chaos.slowNext(400)
    const err = await rejects(kit, impatient.accountNumbers(l.token), UpstreamTimeoutError)
    assert.match(err.message, /timed out after 100 ms/)
  })

  it('reports an expired access token as UpstreamAuthError 401 on every call, without retrying', async () => {
    const l = await kit.login()
    kit.fake.sandbox.chaos.expireTokens()
    const calls = everyCall(kit.broker, l.token, l.margin)
    for (const call of calls) await rejects(kit, call(), UpstreamAuthError, 401)
    assert.ok(kit.fake.sandbox.requests.length >= calls.length)
    assert.ok(kit.fake.sandbox.requests.every((r) => r.status === 401))
    assert.deepEqual(kit.sleeps, [])
    kit.fake.sandbox.reset()
    const fresh = await kit.login()
    kit.clock.ms += 30 * 60_000 // the fake's 30 minutes are up
    await rejects(kit, kit.broker.accountNumbers(fresh.token), UpstreamAuthError, 401)
  })

  it('never puts a token or the app secret in an error message', async () => {
    const l = await kit.login()
    const errors: UpstreamError[] = []
    kit.fake.sandbox.chaos.failNext(400, { message: `bad token ${l.token}`, errors: [l.token] })
    errors.push(await rejects(kit, kit.broker.accountNumbers(l.token), UpstreamClientError, 400))
    errors.push(await rejects(kit, kit.broker.cancelOrder(l.token, '123', l.margin), UpstreamNotFoundError))
    for (let i = 0; i < 3; i++) kit.fake.sandbox.chaos.failNext(500) // a refresh is retried
    errors.push(
      await rejects(
        kit,
        kit.broker.oauth.refresh({ accessToken: l.token, refreshToken: l.refreshToken }),
        UpstreamServerError,
      ),
    )
    errors.push(
      await rejects(
        kit,
        kit.broker.oauth.refresh({ accessToken: l.token, refreshToken: 'nope' }),
        UpstreamClientError,
      ),
    )
    kit.fake.sandbox.chaos.expireTokens()
    errors.push(await rejects(kit, kit.broker.quotes(l.token, ['AAPL']), UpstreamAuthError))
    for (const err of errors)
      for (const secret of [l.token, l.refreshToken, kit.fake.appSecret])
        assert.equal(err.message.includes(secret), false, err.message)
  })
})

const range = () => ({ start: new Date(NOW - 10 * DAY), end: new Date(NOW), types: ['TRADE'] })

async function codeOf() {
  const res = await fetch(kit.broker.oauth.authorizationUrl('s'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'decision=allow',
    redirect: 'manual',
  })
  return { raw: /[?&]code=([^&]+)/.exec(res.headers.get('location') ?? '')?.[1] ?? assert.fail('no code') }
}

/** One call of each operation that needs the access token. */
function everyCall(b: SchwabBroker, token: string, hash: string): Array<() => Promise<unknown>> {
  const order = { symbol: 'AAPL', side: 'buy', type: 'market', timeInForce: 'day', qty: '1' } as const
  return [
    () => b.accountNumbers(token),
    () => b.accounts(token),
    () => b.positions(token, hash),
    () => b.balances(token, hash),
    () => b.listOrders(token, { accountId: hash }),
    () => b.placeOrder(token, { ...order, accountId: hash }),
    () => b.cancelOrder(token, '123', hash),
    () => b.activities(token, { accountId: hash, after: iso(NOW - 10 * DAY), pageSize: 1 }),
    () => b.transactions(token, hash, range()),
    () => b.quotes(token, ['AAPL']),
    () => b.priceHistory(token, { symbol: 'AAPL' }),
    () => b.optionChain(token, { symbol: 'AAPL' }),
    () => b.movers(token, '$DJI'),
    () => b.marketHours(token, ['equity']),
    () => b.instruments(token, 'AAPL', 'symbol-search'),
    () => b.instrumentByCusip(token, '037833100'),
    () => b.ping(token),
  ]
}
