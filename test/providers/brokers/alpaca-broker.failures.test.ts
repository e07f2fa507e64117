/**
 * The Alpaca broker adapter's failure modes, each mapped to its Upstream* error: rate limits, server
 * errors, malformed payloads, timeouts, expired tokens; no error message carries a token or secret.
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
import {
  adapter,
  broker,
  clearLog,
  fake,
  freshCode,
  type Json,
  rejects,
  sent,
  sleeps,
  token,
  useAlpacaKit,
  wire,
} from '../../helpers/alpaca-test-kit.ts'

useAlpacaKit()

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
    // A slow request of the previous test (its own token) may still finish after the log was cleared,
    // as a 200 or, the tokens now expired, a 401: count this test's requests, one refusal per call.
    const mine = fake.sandbox.requests.filter((r) => r.authorization === `Bearer ${token}`)
    assert.equal(mine.filter((r) => r.status === 401).length, 8)
    assert.equal(mine.length, 8, 'none retried')
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
