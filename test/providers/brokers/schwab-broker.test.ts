/**
 * The Schwab broker adapter through real HTTP against the loopback fake: OAuth (consent URL, the
 * `%40` code, HTTP Basic, the 7-day refresh limit, no retried exchange) and accounts, positions and
 * balances mapped field by field against the fake's own payloads. Orders: .orders; activities and
 * transactions: .activities; market data: .market; failure modes: .failures.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { basicAuth, FAKE_SCHWAB_QUOTES, type WireJson } from '../../fakes/schwab-broker-fake.ts'
import {
  UpstreamAuthError,
  UpstreamClientError,
  UpstreamRateLimitError,
  UpstreamServerError,
} from '../../../src/providers/shared/http.ts'
import { DAY, exactProduct, NOW, rejects, round2, useSchwabKit } from '../../helpers/schwab-test-kit.ts'

const kit = useSchwabKit()
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

/** The browser's consent at the adapter's own URL: the Location as sent, and its code still encoded. */
async function consent(state = 's-1') {
  const res = await fetch(kit.broker.oauth.authorizationUrl(state), {
    method: 'POST',
    headers: FORM,
    body: 'decision=allow',
    redirect: 'manual',
  })
  const location = res.headers.get('location') ?? assert.fail('no redirect')
  const raw = /[?&]code=([^&]+)/.exec(location)?.[1] ?? assert.fail('no code')
  kit.secrets.push(decodeURIComponent(raw))
  return { location: new URL(location), raw }
}

describe('schwab broker: OAuth', () => {
  it('builds the consent URL the fake accepts, and gets the state back', async () => {
    const url = new URL(kit.broker.oauth.authorizationUrl('st.a/b+c= é'))
    assert.equal(`${url.origin}${url.pathname}`, `${kit.fake.baseUrl}/v1/oauth/authorize`)
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      response_type: 'code',
      client_id: kit.fake.appKey,
      redirect_uri: kit.fake.redirectUri,
      state: 'st.a/b+c= é',
    })
    assert.equal((await fetch(url)).status, 200, 'the consent page')
    const { location } = await consent('st.a/b+c= é')
    assert.equal(`${location.origin}${location.pathname}`, kit.fake.redirectUri)
    assert.equal(location.searchParams.get('state'), 'st.a/b+c= é')
    assert.equal('revoke' in kit.broker.oauth, false, 'Schwab has no revoke endpoint')
  })

  it('exchanges the code still URL-encoded (%40) with HTTP Basic, for a 30-minute / 7-day grant', async () => {
    const { raw } = await consent()
    assert.match(raw, /%40$/)
    const grant = await kit.broker.oauth.exchangeCode(raw)
    kit.secrets.push(grant.accessToken)
    const [req, ...more] = kit.sent('/v1/oauth/token', 'POST')
    assert.deepEqual(more, [])
    assert.equal(req?.authorization, basicAuth(kit.fake))
    assert.deepEqual(req?.body, {
      grant_type: 'authorization_code',
      code: decodeURIComponent(raw),
      redirect_uri: kit.fake.redirectUri,
    })
    assert.deepEqual(grant, {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      accessExpiresAt: new Date(NOW + 1800_000),
      refreshExpiresAt: new Date(NOW + 7 * DAY),
      scope: 'api',
    })
    assert.equal((await kit.broker.accounts(grant.accessToken)).length, 2, 'the token works')
    const decoded = decodeURIComponent((await consent()).raw)
    assert.ok((await kit.broker.oauth.exchangeCode(decoded)).accessToken, 'a decoded code works as well')
  })

  it('refreshes with the refresh token, keeping its original 7-day expiry', async () => {
    const grant = await kit.broker.oauth.exchangeCode((await consent()).raw)
    kit.clock.ms += 3 * DAY
    kit.clearLog()
    const next = await kit.broker.oauth.refresh(grant)
    kit.secrets.push(grant.accessToken, next.accessToken, grant.refreshToken ?? '')
    const [req] = kit.sent('/v1/oauth/token', 'POST')
    assert.equal(req?.authorization, basicAuth(kit.fake))
    assert.deepEqual(req?.body, { grant_type: 'refresh_token', refresh_token: grant.refreshToken })
    assert.notEqual(next.accessToken, grant.accessToken)
    assert.equal(next.refreshToken, grant.refreshToken)
    assert.deepEqual(next.accessExpiresAt, new Date(NOW + 3 * DAY + 1800_000))
    assert.deepEqual(next.refreshExpiresAt, new Date(NOW + 7 * DAY))
    const token = { expires_in: 1800, token_type: 'Bearer', scope: 'api', access_token: 'a2' }
    kit.fake.sandbox.chaos.failNext(200, { ...token, refresh_token: 'rotated' })
    const rotated = await kit.broker.oauth.refresh(next)
    assert.deepEqual(
      [rotated.refreshToken, rotated.refreshExpiresAt],
      ['rotated', new Date(NOW + 7 * DAY)],
      'a new refresh token does not extend the 7 days',
    )
    kit.fake.sandbox.chaos.failNext(200, token)
    assert.equal((await kit.broker.oauth.refresh(next)).refreshToken, grant.refreshToken)
    kit.fake.sandbox.chaos.failNext(503)
    kit.clearLog()
    assert.ok(await kit.broker.oauth.refresh(next), 'a refresh may be repeated: a 503 is retried')
    assert.deepEqual(
      kit.sent('/v1/oauth/token', 'POST').map((r) => r.status),
      [503, 200],
    )
  })

  it('answers an expired refresh token with UpstreamClientError 400 invalid_grant, not retried', async () => {
    const grant = await kit.broker.oauth.exchangeCode((await consent()).raw)
    kit.secrets.push(grant.accessToken, grant.refreshToken ?? '')
    kit.clock.ms += 7 * DAY
    kit.clearLog()
    const err = await rejects(kit, kit.broker.oauth.refresh(grant), UpstreamClientError, 400)
    assert.equal(JSON.parse(err.body ?? '{}').error, 'invalid_grant')
    assert.equal(kit.sent('/v1/oauth/token', 'POST').length, 1)
    kit.clock.ms = NOW + DAY
    assert.ok(await kit.broker.oauth.refresh(grant), 'still alive a day in')
    kit.fake.sandbox.chaos.expireRefreshTokens()
    const dead = await rejects(kit, kit.broker.oauth.refresh(grant), UpstreamClientError, 400)
    assert.match(dead.body ?? '', /invalid_grant/)
  })

  it('never retries an exchange, not on 5xx nor on 429, and the code survives', async () => {
    for (const status of [500, 503]) {
      const { raw } = await consent()
      kit.clearLog()
      kit.fake.sandbox.chaos.failNext(status)
      await rejects(kit, kit.broker.oauth.exchangeCode(raw), UpstreamServerError, status)
      assert.equal(kit.sent('/v1/oauth/token', 'POST').length, 1, `one request on ${status}`)
      kit.secrets.push((await kit.broker.oauth.exchangeCode(raw)).accessToken)
    }
    const { raw } = await consent()
    kit.fake.sandbox.chaos.rateLimitNext(1, 1)
    kit.clearLog()
    await rejects(kit, kit.broker.oauth.exchangeCode(raw), UpstreamRateLimitError, 429)
    assert.equal(kit.sent('/v1/oauth/token', 'POST').length, 1)
    assert.deepEqual(kit.sleeps, [])
    kit.secrets.push((await kit.broker.oauth.exchangeCode(raw)).accessToken)
    const used = await rejects(kit, kit.broker.oauth.exchangeCode(raw), UpstreamClientError, 400)
    assert.match(used.body ?? '', /invalid_grant/)
    kit.secrets.push('wrong-secret')
    const wrong = kit.adapter({}, { appSecret: 'wrong-secret' })
    await rejects(kit, wrong.oauth.exchangeCode((await consent()).raw), UpstreamAuthError, 401)
  })
})

describe('schwab broker: accounts, positions and balances', () => {
  it('joins account numbers with account types', async () => {
    const l = await kit.login()
    const details: WireJson[] = await kit.wire('/trader/v1/accounts', l.token)
    const typeOf = (n: string) =>
      details.find((d) => d.securitiesAccount.accountNumber === n)?.securitiesAccount.type as string
    assert.deepEqual(
      await kit.broker.accounts(l.token),
      l.numbers.map((n) => ({
        externalId: n.hashValue,
        number: n.accountNumber,
        name: `Schwab ${typeOf(n.accountNumber) === 'MARGIN' ? 'Margin' : 'Cash'} …${n.accountNumber.slice(-4)}`,
        currency: 'USD',
        accountType: typeOf(n.accountNumber).toLowerCase(),
      })),
    )
    assert.ok(kit.fake.sandbox.requests.every((r) => r.authorization === `Bearer ${l.token}`))
  })

  it('maps every position: long − short quantity, cost basis, price from market value', async () => {
    const l = await kit.login()
    for (const hash of [l.margin, l.cash]) {
      const wire = await kit.wire(`/trader/v1/accounts/${hash}?fields=positions`, l.token)
      const positions: WireJson[] = wire.securitiesAccount.positions
      assert.ok(positions.length > 0)
      assert.deepEqual(
        await kit.broker.positions(l.token, hash),
        positions.map((p) => ({
          symbol: p.instrument.symbol,
          quantity: String(p.longQuantity - p.shortQuantity),
          averagePrice: String(p.averagePrice),
          costBasis: exactProduct(p.longQuantity, p.averagePrice),
          price: String(FAKE_SCHWAB_QUOTES[p.instrument.symbol]),
          marketValue: String(p.marketValue),
          unrealizedPl: String(p.longOpenProfitLoss),
          assetClass: 'us_equity',
        })),
      )
      assert.deepEqual(kit.sent(`/trader/v1/accounts/${hash}`).at(-1)?.query, { fields: 'positions' })
    }
    const [first] = (await kit.wire('/trader/v1/accounts', l.token)) as WireJson[]
    const firstHash = l.numbers.find((n) => n.accountNumber === first.securitiesAccount.accountNumber)
    assert.deepEqual(
      await kit.broker.positions(l.token),
      await kit.broker.positions(l.token, firstHash?.hashValue),
      'no account: the first one listed',
    )
  })

  it('makes a short negative with a positive cost basis and its short P/L', async () => {
    const l = await kit.login()
    const short = {
      shortQuantity: 3,
      longQuantity: 0,
      averagePrice: 200.1234,
      shortOpenProfitLoss: 12.5,
      longOpenProfitLoss: 0,
      marketValue: -561.75,
      instrument: { assetType: 'COLLECTIVE_INVESTMENT', symbol: 'spy' },
    }
    kit.fake.sandbox.chaos.failNext(200, { securitiesAccount: { type: 'MARGIN', positions: [short] } })
    assert.deepEqual(await kit.broker.positions(l.token, l.margin), [
      {
        symbol: 'SPY',
        quantity: '-3',
        averagePrice: '200.1234',
        costBasis: '600.3702',
        price: '187.25',
        marketValue: '-561.75',
        unrealizedPl: '12.5',
        assetClass: 'us_equity',
      },
    ])
  })

  it('takes buying power from buyingPower on MARGIN and cashAvailableForTrading on CASH', async () => {
    const l = await kit.login()
    for (const hash of [l.margin, l.cash]) {
      const s = (await kit.wire(`/trader/v1/accounts/${hash}`, l.token)).securitiesAccount
      const cur = s.currentBalances
      const margin = s.type === 'MARGIN'
      assert.equal('buyingPower' in cur, margin)
      assert.deepEqual(await kit.broker.balances(l.token, hash), {
        currency: 'USD',
        cash: String(round2(cur.cashBalance + (margin ? cur.marginBalance : 0))),
        equity: String(cur.liquidationValue),
        buyingPower: String(margin ? cur.buyingPower : cur.cashAvailableForTrading),
        longMarketValue: String(cur.longMarketValue),
        shortMarketValue: String(cur.shortMarketValue),
      })
    }
    const debit = { cashBalance: 0, marginBalance: -1234.56, liquidationValue: 8765.44 }
    const current = { ...debit, buyingPower: 100, longMarketValue: 10000 }
    kit.fake.sandbox.chaos.failNext(200, { securitiesAccount: { type: 'MARGIN', currentBalances: current } })
    const b = await kit.broker.balances(l.token, l.margin)
    assert.deepEqual(
      [b.cash, b.equity, b.buyingPower, b.shortMarketValue],
      ['-1234.56', '8765.44', '100', '0'],
    )
  })

  it('pings with the token, or without one the token endpoint (any answer below 500 is reachable)', async () => {
    const l = await kit.login()
    await kit.broker.ping(l.token)
    await kit.broker.ping(null)
    assert.deepEqual(
      kit.fake.sandbox.requests.map((r) => [r.method, r.path, r.status]),
      [
        ['GET', '/trader/v1/accounts/accountNumbers', 200],
        ['GET', '/v1/oauth/token', 404],
      ],
    )
    kit.fake.sandbox.chaos.failNext(503)
    await rejects(kit, kit.broker.ping(null), UpstreamServerError, 503)
  })
})
