/**
 * The Alpaca broker adapter through real HTTP against the loopback sandbox: OAuth, and the account
 * and positions mapped field by field against the fake's own payloads. Orders and activities:
 * alpaca-broker.orders.test.ts; failure modes: alpaca-broker.failures.test.ts.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  UpstreamAuthError,
  UpstreamClientError,
  type UpstreamError,
  UpstreamRateLimitError,
  UpstreamServerError,
} from '../../../src/providers/shared/http.ts'
import {
  adapter,
  broker,
  clearLog,
  consent,
  fake,
  freshCode,
  type Json,
  rejects,
  secrets,
  sent,
  sleeps,
  token,
  TRADING,
  useAlpacaKit,
  wire,
} from '../../helpers/alpaca-test-kit.ts'

useAlpacaKit()

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
