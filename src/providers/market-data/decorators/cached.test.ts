import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createMemoryCache } from '../../../platform/cache/index.ts'
import { fixedClock, type FixedClock } from '../../../platform/clock.ts'
import { createCachedMarketData } from './cached.ts'
import type {
  Bar,
  BarsQuery,
  Instrument,
  MarketDataProvider,
  OptionChain,
  Quote,
} from '../market-data.port.ts'

// 2026-03-10 is a Tuesday (EDT, UTC−4); 2026-03-14 a Saturday.
const REGULAR = '2026-03-10T15:00:00Z' // 11:00 ET
const PRE = '2026-03-10T12:00:00Z' // 08:00 ET
const CLOSED = '2026-03-14T15:00:00Z'
const LATE_EVENING = '2026-03-10T23:55:00Z' // 19:55 ET, post; it ends at 20:00

const quote = (symbol: string, asOf: string): Quote => ({
  symbol,
  last: 100,
  bid: 99.99,
  ask: 100.01,
  volume: 1000,
  previous_close: 99,
  change: 1,
  change_pct: 1.0101,
  delayed: false,
  as_of: asOf,
})

interface Fake extends MarketDataProvider {
  calls: string[]
  fail: boolean
}

/** Counts every call (`quotes:A,B`, `bars:AAPL:1d`, …); yields once so concurrent calls overlap. */
function fakeInner(clock: FixedClock): Fake {
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve))
  const fake: Fake = {
    name: 'fake',
    calls: [],
    fail: false,
    async quotes(symbols) {
      fake.calls.push(`quotes:${symbols.join(',')}`)
      await tick()
      if (fake.fail) throw new Error('upstream down')
      return symbols.filter((s) => s !== 'ZZZZ').map((s) => quote(s, clock.now().toISOString()))
    },
    async bars(symbol, query: BarsQuery): Promise<Bar[]> {
      fake.calls.push(`bars:${symbol}:${query.interval}`)
      await tick()
      if (fake.fail) throw new Error('upstream down')
      const time = (query.start ?? new Date('2026-03-09T04:00:00Z')).toISOString()
      return [{ time, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10, vwap: null }]
    },
    async optionChain(symbol): Promise<OptionChain> {
      fake.calls.push(`chain:${symbol}`)
      await tick()
      return { underlying: symbol, expirations: ['2026-03-20'], contracts: [] }
    },
    async instrument(symbol): Promise<Instrument | null> {
      fake.calls.push(`instrument:${symbol}`)
      await tick()
      if (symbol === 'ZZZZ') return null
      const i: Instrument = {
        symbol,
        name: symbol,
        exchange: 'NASDAQ',
        type: 'stock',
        sector: null,
        industry: null,
        market_cap: null,
        currency: 'USD',
        country: null,
      }
      return i
    },
    async universe() {
      fake.calls.push('universe')
      await tick()
      return []
    },
  }
  return fake
}

function setup(at: string) {
  const clock = fixedClock(at)
  const inner = fakeInner(clock)
  const cache = createMemoryCache({ now: () => clock.now().getTime() })
  return { clock, inner, market: createCachedMarketData(inner, { cache, clock }) }
}

describe('cached market data', () => {
  it('answers a second identical call within the TTL from the cache, and asks again after it', async () => {
    const { clock, inner, market } = setup(REGULAR)
    const first = await market.quotes(['AAPL'])
    clock.advance(4_000)
    const second = await market.quotes(['aapl'])
    assert.deepEqual(second, first, 'the cached quote, as first answered')
    assert.deepEqual(inner.calls, ['quotes:AAPL'])
    clock.advance(2_000) // 6 s > 5 s in the regular session
    const third = await market.quotes(['AAPL'])
    assert.deepEqual(inner.calls, ['quotes:AAPL', 'quotes:AAPL'])
    assert.notEqual(third[0]!.as_of, first[0]!.as_of)
  })

  it('keeps quotes longer when the market is closed, and pre-market in between', async () => {
    const closed = setup(CLOSED)
    await closed.market.quotes(['AAPL'])
    closed.clock.advance(9 * 60_000)
    await closed.market.quotes(['AAPL'])
    assert.equal(closed.inner.calls.length, 1, 'still cached after 9 min')
    closed.clock.advance(2 * 60_000)
    await closed.market.quotes(['AAPL'])
    assert.equal(closed.inner.calls.length, 2, 'expired after 11 min')

    const pre = setup(PRE)
    await pre.market.quotes(['AAPL'])
    pre.clock.advance(50_000)
    await pre.market.quotes(['AAPL'])
    assert.equal(pre.inner.calls.length, 1, 'pre-market: cached for 60 s')
    pre.clock.advance(20_000)
    await pre.market.quotes(['AAPL'])
    assert.equal(pre.inner.calls.length, 2)
  })

  it('cuts a TTL at the next session change', async () => {
    // 23:00 ET Tuesday, closed: daily bars would keep 6 h, but the pre-open comes in 5 h.
    const { clock, inner, market } = setup('2026-03-11T03:00:00Z')
    await market.bars('AAPL', { interval: '1d', limit: 5 })
    clock.set('2026-03-11T07:59:00Z') // 03:59 ET
    await market.bars('AAPL', { interval: '1d', limit: 5 })
    assert.equal(inner.calls.length, 1, 'closed: settled until the pre-open')
    clock.set('2026-03-11T08:00:01Z') // 04:00:01 ET, 5 h later: the pre-market has begun
    await market.bars('AAPL', { interval: '1d', limit: 5 })
    assert.equal(inner.calls.length, 2)

    const evening = setup(LATE_EVENING) // 19:55 ET, post: a chain keeps 10 min, but 20:00 comes first
    await evening.market.optionChain('AAPL')
    evening.clock.advance(4 * 60_000)
    await evening.market.optionChain('AAPL')
    assert.equal(evening.inner.calls.length, 1)
    evening.clock.advance(60_000 + 1) // 20:00:00.001 ET
    await evening.market.optionChain('AAPL')
    assert.equal(evening.inner.calls.length, 2, 'cut at the end of the post session')
  })

  it("keeps today's bars 15 s during a session, past days until the session changes", async () => {
    const { clock, inner, market } = setup(REGULAR)
    const today = { interval: '1m', start: new Date('2026-03-10T13:30:00Z') } as const
    const past = {
      interval: '1m',
      start: new Date('2026-03-09T13:30:00Z'),
      end: new Date('2026-03-09T19:59:00Z'),
    } as const
    const a = await market.bars('AAPL', today)
    await market.bars('AAPL', past)
    clock.advance(16_000)
    const b = await market.bars('AAPL', today)
    await market.bars('AAPL', past)
    assert.deepEqual(inner.calls, ['bars:AAPL:1m', 'bars:AAPL:1m', 'bars:AAPL:1m'])
    assert.deepEqual(b, a, 'a JSON round trip: same strings and numbers')
    assert.equal(typeof b[0]!.time, 'string')
    clock.set('2026-03-10T19:59:00Z') // 15:59 ET, before the close
    await market.bars('AAPL', past)
    assert.equal(inner.calls.length, 3, 'past day: cached until the close (16:00 ET)')
    clock.set('2026-03-10T20:00:01Z')
    await market.bars('AAPL', past)
    assert.equal(inner.calls.length, 4)
  })

  it('coalesces concurrent identical calls into one inner call', async () => {
    const { inner, market } = setup(REGULAR)
    const q = { interval: '1d', limit: 260 } as const
    const answers = await Promise.all([
      market.quotes(['AAPL']),
      market.quotes(['AAPL']),
      market.bars('AAPL', q),
      market.bars('AAPL', q),
      market.instrument('AAPL'),
      market.instrument('AAPL'),
      market.universe(),
      market.universe(),
    ])
    assert.deepEqual(inner.calls.sort(), ['bars:AAPL:1d', 'instrument:AAPL', 'quotes:AAPL', 'universe'])
    assert.deepEqual(answers[0], answers[1])
    assert.notEqual(answers[0], answers[1], 'each caller gets its own copy')
  })

  it('fetches only the missing symbols of a quotes batch, in one call, answering in the requested order', async () => {
    const { inner, market } = setup(REGULAR)
    await market.quotes(['MSFT', 'AAPL'])
    const q = await market.quotes(['NVDA', 'AAPL', 'MSFT'])
    assert.deepEqual(inner.calls, ['quotes:MSFT,AAPL', 'quotes:NVDA'])
    assert.deepEqual(
      q.map((x) => x.symbol),
      ['NVDA', 'AAPL', 'MSFT'],
    )
  })

  it('shares symbols in flight between overlapping batches, and leaves unknown symbols out', async () => {
    const { inner, market } = setup(REGULAR)
    const [ab, bcz] = await Promise.all([market.quotes(['A', 'B']), market.quotes(['B', 'C', 'ZZZZ'])])
    assert.deepEqual(inner.calls, ['quotes:A,B', 'quotes:C,ZZZZ'])
    assert.deepEqual(
      bcz.map((x) => x.symbol),
      ['B', 'C'],
    )
    assert.equal(ab.length, 2)
    await market.quotes(['ZZZZ'])
    assert.equal(inner.calls.at(-1), 'quotes:ZZZZ', 'an absent symbol is not cached')
    assert.equal(await market.instrument('ZZZZ'), null)
    assert.equal(await market.instrument('zzzz'), null)
    assert.equal(inner.calls.filter((c) => c === 'instrument:ZZZZ').length, 1, 'a null instrument is cached')
  })

  it('does not cache an inner error', async () => {
    const { inner, market } = setup(REGULAR)
    inner.fail = true
    await assert.rejects(market.quotes(['AAPL', 'MSFT']), /upstream down/)
    await assert.rejects(market.bars('AAPL', { interval: '1d' }), /upstream down/)
    inner.fail = false
    assert.equal((await market.quotes(['AAPL', 'MSFT'])).length, 2)
    assert.equal((await market.bars('AAPL', { interval: '1d' })).length, 1)
    assert.deepEqual(inner.calls, ['quotes:AAPL,MSFT', 'bars:AAPL:1d', 'quotes:AAPL,MSFT', 'bars:AAPL:1d'])
  })
})
