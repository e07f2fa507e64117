import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../../src/platform/clock.ts'
import { ConfigError, testConfig } from '../../../src/platform/config.ts'
import { createHttpClient } from '../../../src/providers/shared/http.ts'
import { createMarketProviders } from '../../../src/providers/market-data/index.ts'
import { startAlpacaDataFake } from '../../fakes/alpaca-data-fake.ts'

const deps = { clock: fixedClock('2026-03-10T21:00:00Z'), http: createHttpClient() }

describe('market providers by configuration', () => {
  it('are all simulated by default, sharing one universe and price history', async () => {
    const p = createMarketProviders(testConfig(), deps)
    assert.deepEqual(
      [p.market.name, p.news.name, p.earnings.name, p.insider.name, p.transcripts.name],
      ['simulated', 'simulated', 'simulated', 'simulated', 'simulated'],
    )
    assert.ok((await p.market.universe()).some((i) => i.symbol === 'AAPL'))
  })

  it('pick each capability’s vendor independently', () => {
    const p = createMarketProviders(
      testConfig({
        MARKET_DATA_PROVIDER: 'alpaca',
        ALPACA_API_KEY_ID: 'k',
        ALPACA_API_SECRET_KEY: 's',
        NEWS_PROVIDER: 'finnhub',
        FINNHUB_API_KEY: 'f',
        EARNINGS_PROVIDER: 'finnhub',
        INSIDER_PROVIDER: 'sec',
        SEC_USER_AGENT: 'Sextant ops@example.com',
      }),
      deps,
    )
    assert.deepEqual(
      [p.market.name, p.news.name, p.earnings.name, p.insider.name, p.transcripts.name],
      ['alpaca', 'finnhub', 'finnhub', 'sec', 'simulated'],
    )
  })

  it('refuse to start with a vendor but without its credentials, naming every missing one', () => {
    assert.throws(
      () => testConfig({ MARKET_DATA_PROVIDER: 'alpaca', NEWS_PROVIDER: 'finnhub', INSIDER_PROVIDER: 'sec' }),
      (e: unknown) =>
        e instanceof ConfigError &&
        ['ALPACA_API_KEY_ID', 'FINNHUB_API_KEY', 'SEC_USER_AGENT'].every((k) =>
          e.problems.some((p) => p.startsWith(k)),
        ),
    )
  })

  it('a vendor list falls back in order on upstream errors, and never to the simulated market', async () => {
    const alpaca = await startAlpacaDataFake()
    try {
      const p = createMarketProviders(
        testConfig({
          // Nothing listens on port 9 of loopback: every Finnhub call fails as unreachable.
          NEWS_PROVIDER: 'finnhub,alpaca',
          FINNHUB_BASE_URL: 'http://127.0.0.1:9',
          FINNHUB_API_KEY: 'f',
          ALPACA_DATA_BASE_URL: alpaca.baseUrl,
          ALPACA_API_KEY_ID: alpaca.credentials.keyId,
          ALPACA_API_SECRET_KEY: alpaca.credentials.secretKey,
        }),
        { ...deps, http: createHttpClient({ sleep: async () => undefined }) },
      )
      assert.equal(p.news.name, 'finnhub>alpaca')
      const items = await p.news.news({ symbols: ['AAPL'], limit: 5 })
      assert.ok(items.length > 0, 'answered by alpaca')
      assert.ok(alpaca.requests.some((r) => r.path === '/v1beta1/news'))
    } finally {
      await alpaca.close()
    }
    assert.throws(() => testConfig({ NEWS_PROVIDER: 'finnhub,simulated', FINNHUB_API_KEY: 'f' }), ConfigError)
    assert.throws(
      () => testConfig({ INSIDER_PROVIDER: 'finnhub,sec', FINNHUB_API_KEY: 'f' }),
      (e: unknown) => e instanceof ConfigError && e.problems.some((x) => x.startsWith('SEC_USER_AGENT')),
    )
  })

  it('a vendor without an asset list gets the reference universe: metadata, no invented market caps', async () => {
    const alpaca = await startAlpacaDataFake()
    try {
      const p = createMarketProviders(
        testConfig({
          MARKET_DATA_PROVIDER: 'alpaca',
          ALPACA_DATA_BASE_URL: alpaca.baseUrl,
          ALPACA_API_KEY_ID: alpaca.credentials.keyId,
          ALPACA_API_SECRET_KEY: alpaca.credentials.secretKey,
        }),
        deps,
      )
      const universe = await p.market.universe()
      assert.ok(universe.filter((i) => i.type === 'stock').length >= 500)
      assert.ok(universe.every((i) => i.market_cap === null))
      const aapl = await p.market.instrument('aapl')
      assert.deepEqual(
        [aapl?.name, aapl?.sector, aapl?.type],
        ['Apple Inc.', 'Information Technology', 'stock'],
      )
      assert.equal(alpaca.requests.length, 0, 'listed symbols need no request')
      // A symbol outside the list is still what the vendor's snapshot proves.
      const other = await p.market.instrument('ZZZZ')
      assert.equal(other, null)
      assert.ok(alpaca.requests.some((r) => r.path === '/v2/stocks/snapshots'))
    } finally {
      await alpaca.close()
    }
  })
})
