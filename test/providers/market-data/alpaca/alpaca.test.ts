/** The Alpaca market-data adapter: quotes, bars, option chains and instruments, against the fake. */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { fixedClock } from '../../../../src/platform/clock.ts'
import { createHttpClient } from '../../../../src/providers/shared/http.ts'
import { startAlpacaDataFake } from '../../../fakes/alpaca-data-fake.ts'
import { createAlpacaMarketData } from '../../../../src/providers/market-data/alpaca/alpaca.ts'
import {
  adapter,
  expectedBar,
  fake,
  md,
  requestsTo,
  times,
  useAlpacaFake,
} from '../../../helpers/alpaca-market-data.ts'

useAlpacaFake()

describe('alpaca market data: quotes', () => {
  it('maps snapshots exactly, drops unknown symbols and sends the key pair', async () => {
    const quotes = await md.quotes(['aapl', 'MSFT', 'ZZZZ', 'AAPL'])
    assert.equal(quotes.length, 2)
    assert.deepEqual(quotes[0], {
      symbol: 'AAPL',
      last: 187.25,
      bid: 187.24,
      ask: 187.26,
      volume: 41_234_567,
      previous_close: 185.5,
      change: 1.75,
      change_pct: 0.9434,
      delayed: false,
      as_of: '2026-03-06T20:59:59.123Z',
    })
    const msft = quotes[1]
    assert.deepEqual([msft?.symbol, msft?.last, msft?.previous_close], ['MSFT', 402.1, 405.3])
    assert.deepEqual([msft?.change, msft?.change_pct, msft?.volume], [-3.2, -0.7895, 18_765_432])
    assert.equal(fake.requests.length, 1)
    const [req] = fake.requests
    assert.equal(req?.path, '/v2/stocks/snapshots')
    assert.deepEqual(req?.query, { symbols: 'AAPL,MSFT,ZZZZ', feed: 'iex' })
    assert.equal(req?.keyId, fake.credentials.keyId)
    assert.equal(req?.secretKey, fake.credentials.secretKey)
  })

  it('asks for the configured feed and sends nothing for an empty list', async () => {
    assert.deepEqual(await md.quotes([]), [])
    assert.equal(fake.requests.length, 0)
    await adapter({ feed: 'sip' }).quotes(['SPY'])
    assert.equal(fake.requests[0]?.query['feed'], 'sip')
  })
})

describe('alpaca market data: bars', () => {
  it('keeps the most recent `limit` daily bars, oldest first, following next_page_token', async () => {
    const bars = await md.bars('AAPL', { interval: '1d', limit: 5 })
    const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']
    const expected = days.map((d) => expectedBar('AAPL', `${d}T05:00:00.000Z`, 1440))
    assert.deepEqual(bars, expected)
    const pages = requestsTo('/v2/stocks/bars')
    assert.ok(pages.length >= 2, `expected several pages, saw ${pages.length}`)
    const sent = pages.map(({ query: q }) => [q['timeframe'], q['sort'], q['symbols'], q['feed'], q['limit']])
    assert.deepEqual(sent, [
      ['1Day', 'desc', 'AAPL', 'iex', '5'],
      ['1Day', 'desc', 'AAPL', 'iex', '2'],
    ])
    assert.equal(pages[0]?.query['page_token'], undefined)
    assert.ok(pages[1]?.query['page_token'])
    assert.ok(pages[0]?.query['start'], 'a start is always sent so Alpaca does not default to today')
  })

  it('filters intraday bars to the regular session by default', async () => {
    const bars = await md.bars('AAPL', { interval: '5m', limit: 4 })
    // 2026-03-06 is EST (UTC−5): the last regular 5-minute bar starts 15:55 NY = 20:55Z.
    assert.deepEqual(times(bars), [
      '2026-03-06T20:40:00.000Z',
      '2026-03-06T20:45:00.000Z',
      '2026-03-06T20:50:00.000Z',
      '2026-03-06T20:55:00.000Z',
    ])
    assert.deepEqual(bars[3], expectedBar('AAPL', '2026-03-06T20:55:00.000Z', 5))
    const hourly = await md.bars('AAPL', { interval: '1h', limit: 2, session: 'extended' })
    assert.deepEqual(times(hourly), ['2026-03-06T20:00:00.000Z', '2026-03-06T21:00:00.000Z'])
  })

  it('answers every bar between start and end when no limit is given', async () => {
    const start = new Date('2026-03-02T00:00:00Z')
    const end = new Date('2026-03-05T23:00:00Z')
    const bars = await md.bars('MSFT', { interval: '1d', start, end })
    assert.deepEqual(
      bars.map((b) => b.time.slice(0, 10)),
      ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'],
    )
    const first = requestsTo('/v2/stocks/bars')[0]
    assert.equal(first?.query['start'], start.toISOString())
    assert.equal(first?.query['end'], end.toISOString())
  })

  it('answers [] for an unknown symbol and for limit 0', async () => {
    assert.deepEqual(await md.bars('ZZZZ', { interval: '1d', limit: 3 }), [])
    fake.reset()
    assert.deepEqual(await md.bars('AAPL', { interval: '1d', limit: 0 }), [])
    assert.equal(fake.requests.length, 0)
  })
})

describe('alpaca market data: bars of many symbols', () => {
  it('one symbol list per request, paged, regular session only; the same bars as one symbol at a time', async () => {
    // Pages of 2,000 bars (the shared fake pages by 3 to exercise paging on small answers).
    const big = await startAlpacaDataFake({ pageSize: 2000 })
    try {
      const md = createAlpacaMarketData({
        http: createHttpClient({ sleep: async () => undefined }),
        baseUrl: big.baseUrl,
        ...big.credentials,
        clock: fixedClock(big.now),
      })
      const end = new Date(big.now.getTime() - 60_000)
      const start = new Date(end.getTime() - 5 * 86_400_000)
      const query = { interval: '1m' as const, start, end, session: 'regular' as const }
      const many = await md.barsMany(['aapl', 'MSFT', 'SPY', 'ZZZZ'], query)
      const manyRequests = big.requests.filter((r) => r.path === '/v2/stocks/bars')
      assert.ok(manyRequests.length >= 2, 'more bars than one page holds: paged')
      assert.ok(manyRequests.every((r) => r.query['symbols'] === 'AAPL,MSFT,SPY,ZZZZ'))
      assert.ok(manyRequests.slice(1).every((r) => r.query['page_token']))
      assert.deepEqual([...many.keys()].sort(), ['AAPL', 'MSFT', 'SPY'], 'an unknown symbol is absent')
      for (const symbol of ['AAPL', 'MSFT', 'SPY']) {
        const one = await md.bars(symbol, query)
        assert.ok(one.length > 390, `${symbol}: several sessions`)
        assert.deepEqual(many.get(symbol), one, symbol)
      }
    } finally {
      await big.close()
    }
  })
})

describe('alpaca market data: option chain', () => {
  it('lists every expiration and answers the nearest one, mapped from OCC symbols', async () => {
    const chain = await md.optionChain('aapl')
    assert.equal(chain.underlying, 'AAPL')
    assert.deepEqual(chain.expirations, ['2026-03-13', '2026-03-20', '2026-04-17'])
    assert.deepEqual(
      chain.contracts.map((c) => `${c.strike}${c.type}`),
      ['180call', '180put', '185call', '185put', '190call', '190put'],
    )
    assert.deepEqual(chain.contracts[2], {
      symbol: 'AAPL260313C00185000',
      underlying: 'AAPL',
      expiration: '2026-03-13',
      strike: 185,
      type: 'call',
      volume: 1234,
      open_interest: null,
      bid: 1.5,
      ask: 1.55,
      last: 1.52,
    })
    assert.equal(chain.contracts[5]?.last, null, 'a contract without a latest trade has no last')
    assert.ok(requestsTo('/v1beta1/options/snapshots/AAPL').length >= 2)
  })

  it('answers a requested expiration, and an empty chain for an unknown underlying', async () => {
    const chain = await md.optionChain('AAPL', { expiration: '2026-04-17' })
    assert.equal(chain.contracts.length, 6)
    assert.ok(chain.contracts.every((c) => c.expiration === '2026-04-17'))
    assert.deepEqual(await md.optionChain('ZZZZ'), { underlying: 'ZZZZ', expirations: [], contracts: [] })
  })
})

describe('alpaca market data: instruments', () => {
  it('gives minimal metadata for a quoted symbol, null when unknown, and an empty universe', async () => {
    assert.deepEqual(await md.instrument('msft'), {
      symbol: 'MSFT',
      name: 'MSFT',
      exchange: '',
      type: 'stock',
      sector: null,
      industry: null,
      market_cap: null,
      currency: 'USD',
      country: null,
    })
    assert.equal(await md.instrument('ZZZZ'), null)
    assert.deepEqual(await md.universe(), [])
  })
})
