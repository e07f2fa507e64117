/** GET /api/quotes/{symbol}, /api/bars/{symbol} and /api/intel/volume-leaders. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createMemoryCache } from '../../src/platform/cache/index.ts'
import { fixedClock } from '../../src/platform/clock.ts'
import { SimulatedMarketData, type Bar, type BarsQuery } from '../../src/providers/market-data/index.ts'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'

// Tuesday 2026-03-10, 11:00 ET (EDT since 2026-03-08): the regular session is open.
const NOW = '2026-03-10T15:00:00Z'
const clock = fixedClock(NOW)

let failing = false
class TestMarket extends SimulatedMarketData {
  override async bars(symbol: string, query: BarsQuery): Promise<Bar[]> {
    if (failing) throw new UpstreamServerError('down', { provider: 'test', status: 503 })
    return super.bars(symbol, query)
  }
}
const market = new TestMarket({ clock })
// The test's own path through the market data: a separate provider instance on the same clock.
const reference = new SimulatedMarketData({ clock })
const cache = createMemoryCache()

let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, cache, providers: { market } })
})
after(async () => {
  await t.close()
  await cache.close()
})

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

/** A user whose session is issued at the clock's current time. */
async function userAt(at: string): Promise<Client> {
  clock.set(at)
  return t.newTenant()
}

describe('GET /api/quotes/{symbol}', () => {
  it('answers the quote, upper-casing the symbol', async () => {
    const u = await userAt(NOW)
    const res = await u.get('/api/quotes/aapl')
    assert.equal(res.statusCode, 200, res.body)
    const q = json(res.body)
    assert.deepEqual(Object.keys(q).sort(), [
      'as_of',
      'ask',
      'bid',
      'change',
      'change_pct',
      'delayed',
      'last',
      'market_status',
      'previous_close',
      'session_date',
      'symbol',
      'volume',
    ])
    assert.equal(q.symbol, 'AAPL')
    assert.equal(q.as_of, '2026-03-10T15:00:00.000Z')
    assert.equal(q.session_date, '2026-03-10')
    assert.equal(q.market_status, 'regular')
    assert.ok(q.bid < q.last && q.last < q.ask)
    assert.ok(Math.abs(q.change - (q.last - q.previous_close)) < 0.006)
    assert.ok(Math.abs(q.change_pct - ((q.last - q.previous_close) / q.previous_close) * 100) < 0.001)
    // The previous close is Monday's daily close.
    const monday = (
      await reference.bars('AAPL', { interval: '1d', end: new Date('2026-03-09T21:00:00Z'), limit: 1 })
    )[0]!
    assert.equal(q.previous_close, monday.close)
    assert.equal(q.delayed, false)
    // Class shares and indices.
    assert.equal(json((await u.get('/api/quotes/brk.b')).body).symbol, 'BRK.B')
    assert.equal(json((await u.get('/api/quotes/%5Egspc')).body).symbol, '^GSPC')
  })

  it("answers a Saturday with Friday's close, as of Friday's close, without bid or ask", async () => {
    const u = await userAt('2026-03-14T16:00:00Z')
    const q = json((await u.get('/api/quotes/AAPL')).body)
    const friday = (
      await reference.bars('AAPL', { interval: '1d', end: new Date('2026-03-13T22:00:00Z'), limit: 1 })
    )[0]!
    assert.deepEqual(
      [q.last, q.volume, q.bid, q.ask, q.as_of, q.session_date, q.market_status, q.delayed],
      [friday.close, friday.volume, null, null, '2026-03-13T20:00:00.000Z', '2026-03-13', 'closed', false],
    )
    // Monday before the open: still Friday's close, and the market is in its pre-market session.
    const pre = json((await (await userAt('2026-03-16T12:00:00Z')).get('/api/quotes/AAPL')).body)
    assert.deepEqual([pre.session_date, pre.bid, pre.market_status], ['2026-03-13', null, 'pre'])
    clock.set(NOW)
  })

  it('404s an unknown symbol, naming the dotted share class for BRK-B or BRKB', async () => {
    const u = await userAt(NOW)
    for (const path of [
      '/api/quotes/BRK-B',
      '/api/quotes/brkb',
      '/api/bars/BRK-B',
      '/api/instruments/BF-B',
    ]) {
      const res = await u.get(path)
      assert.equal(res.statusCode, 404, path)
      const p = json(res.body)
      assert.equal(p.code, 'market.unknown_symbol', path)
      assert.equal(p.suggestion, path.endsWith('BF-B') ? 'BF.B' : 'BRK.B', path)
      assert.match(p.detail, /did you mean (BRK|BF)\.B\?/, path)
    }
  })

  it('404s an unknown symbol and 422s a malformed one; needs a user', async () => {
    const u = await userAt(NOW)
    const unknown = await u.get('/api/quotes/ZZZZQ')
    assert.equal(unknown.statusCode, 404)
    assert.equal(json(unknown.body).code, 'market.unknown_symbol')
    assert.equal(json(unknown.body).suggestion, undefined)
    const bad = await u.get('/api/quotes/AA%24PL')
    assert.equal(bad.statusCode, 422)
    assert.deepEqual(json(bad.body).errors[0].loc, ['path', 'symbol'])
    assert.equal((await t.anon.get('/api/quotes/AAPL')).statusCode, 401)
  })
})

describe('GET /api/bars/{symbol}', () => {
  it('defaults to the last 100 daily bars, oldest first, today last', async () => {
    const u = await userAt(NOW)
    const body = json((await u.get('/api/bars/MSFT')).body)
    assert.equal(body.interval, '1d')
    assert.equal(body.items.length, 100)
    const times = body.items.map((b: Json) => b.time as string)
    assert.deepEqual(times, [...times].sort())
    assert.equal(new Set(times).size, 100)
    // Daily bars start at New York midnight: 2026-03-10 00:00 EDT.
    assert.equal(times[99], '2026-03-10T04:00:00.000Z')
  })

  it('answers intraday bars of the interval, ending before now', async () => {
    const u = await userAt(NOW)
    const body = json((await u.get('/api/bars/MSFT?interval=5m&limit=12')).body)
    assert.equal(body.items.length, 12)
    // The last 5-minute bar that has ended by 11:00 ET starts 10:55 ET; 12 bars start at 10:00 ET.
    assert.equal(body.items[0].time, '2026-03-10T14:00:00.000Z')
    assert.equal(body.items[11].time, '2026-03-10T14:55:00.000Z')
    for (const b of body.items) {
      assert.ok(b.low <= Math.min(b.open, b.close) && b.high >= Math.max(b.open, b.close))
    }
  })

  it('takes up to 1000 bars and validates interval and limit', async () => {
    const u = await userAt(NOW)
    assert.equal(json((await u.get('/api/bars/MSFT?limit=1000')).body).items.length, 1000)
    for (const [query, field] of [
      ['interval=2m', 'interval'],
      ['limit=1001', 'limit'],
      ['limit=0', 'limit'],
    ] as const) {
      const res = await u.get(`/api/bars/MSFT?${query}`)
      assert.equal(res.statusCode, 422, query)
      assert.deepEqual(json(res.body).errors[0].loc, ['query', field])
    }
    const unknown = await u.get('/api/bars/ZZZZQ')
    assert.equal(unknown.statusCode, 404)
    assert.equal(json(unknown.body).code, 'market.unknown_symbol')
  })

  it('answers 502 when the market data provider fails', async () => {
    const u = await userAt(NOW)
    failing = true
    try {
      const res = await u.get('/api/bars/MSFT')
      assert.equal(res.statusCode, 502)
      assert.equal(json(res.body).code, 'upstream.server')
    } finally {
      failing = false
    }
  })
})

const sum = (bars: Bar[]) => bars.reduce((s, b) => s + b.volume, 0)
const universe = async () =>
  (await reference.universe()).filter((i) => i.type !== 'index').map((i) => i.symbol)

describe('GET /api/intel/volume-leaders', () => {
  it('lists the universe by window volume with the window and market status', async () => {
    const u = await userAt(NOW)
    const res = await u.get('/api/intel/volume-leaders')
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res.body)
    assert.equal(body.market_status, 'regular')
    // 10:30–11:00 ET.
    assert.deepEqual(body.window, { start: '2026-03-10T14:30:00.000Z', end: '2026-03-10T15:00:00.000Z' })
    assert.equal(body.page, 1)
    assert.equal(body.page_size, 25)
    assert.equal(body.total, (await universe()).length)
    const volumes = body.items.map((i: Json) => i.volume as number)
    assert.deepEqual(
      volumes,
      [...volumes].sort((a, b) => b - a),
    )
    assert.ok(!body.items.some((i: Json) => String(i.symbol).startsWith('^')))
  })

  it("matches the symbol's window and its z-score recomputed from the previous 5 days' bars", async () => {
    const u = await userAt(NOW)
    const item = json((await u.get('/api/intel/volume-leaders?window_minutes=30')).body).items[3] as Json
    const bars = (start: string, end: string) =>
      reference.bars(item.symbol, { interval: '1m', start: new Date(start), end: new Date(end) })
    const today = await bars('2026-03-10T14:30:00Z', '2026-03-10T14:59:00Z')
    assert.equal(today.length, 30)
    assert.equal(item.volume, sum(today))
    assert.ok(Math.abs(item.price_change - (today[29]!.close - today[0]!.close)) < 1e-4)
    // The same 10:30–11:00 ET window: EDT (UTC−4) on Monday 03-09, EST (UTC−5) before 03-08.
    const past = [
      await bars('2026-03-09T14:30:00Z', '2026-03-09T14:59:00Z'),
      await bars('2026-03-06T15:30:00Z', '2026-03-06T15:59:00Z'),
      await bars('2026-03-05T15:30:00Z', '2026-03-05T15:59:00Z'),
      await bars('2026-03-04T15:30:00Z', '2026-03-04T15:59:00Z'),
      await bars('2026-03-03T15:30:00Z', '2026-03-03T15:59:00Z'),
    ].map((day) => {
      assert.equal(day.length, 30)
      return sum(day)
    })
    const mean = past.reduce((a, b) => a + b, 0) / 5
    const sd = Math.sqrt(past.reduce((s, v) => s + (v - mean) ** 2, 0) / 4)
    assert.ok(Math.abs(item.rel_volume_z - (item.volume - mean) / sd) < 1e-4)
  })

  it('reports pre, post and closed sessions, windows ending at the last regular close', async () => {
    const cases = [
      ['2026-03-10T12:00:00Z', 'pre', '2026-03-09T20:00:00.000Z'], // 08:00 ET → Monday's close
      ['2026-03-10T21:00:00Z', 'post', '2026-03-10T20:00:00.000Z'], // 17:00 ET → today's close
      ['2026-03-14T15:00:00Z', 'closed', '2026-03-13T20:00:00.000Z'], // Saturday → Friday's close
    ] as const
    for (const [at, status, end] of cases) {
      const u = await userAt(at)
      const body = json((await u.get('/api/intel/volume-leaders?window_minutes=15&page_size=25')).body)
      assert.equal(body.market_status, status, at)
      assert.equal(body.window.end, end, at)
      assert.equal(Date.parse(body.window.end) - Date.parse(body.window.start), 15 * 60_000)
    }
  })

  it('validates window_minutes and page_size', async () => {
    const u = await userAt(NOW)
    for (const [query, field] of [
      ['page_size=30', 'page_size'],
      ['window_minutes=0', 'window_minutes'],
      ['window_minutes=391', 'window_minutes'],
      ['window_minutes=abc', 'window_minutes'],
      ['cursor=not-a-cursor', 'cursor'],
    ] as const) {
      const res = await u.get(`/api/intel/volume-leaders?${query}`)
      assert.equal(res.statusCode, 422, query)
      assert.deepEqual(json(res.body).errors[0].loc, ['query', field], query)
    }
  })

  it('walks every symbol exactly once with cursors, on one list even as minutes pass', async () => {
    const u = await userAt(NOW)
    const seen: string[] = []
    let volumes: number[] = []
    let url = '/api/intel/volume-leaders?window_minutes=60&page_size=100'
    let first: Json | undefined
    for (let pages = 0; pages < 10; pages++) {
      const body = json((await u.get(url)).body)
      first ??= body
      assert.deepEqual(body.window, first.window, 'every page reads the first page’s window')
      seen.push(...body.items.map((i: Json) => i.symbol as string))
      volumes = volumes.concat(body.items.map((i: Json) => i.volume as number))
      if (!body.next_cursor) break
      clock.advance(2 * 60_000) // a new minute: the cursor still reads the walk's list
      url = `/api/intel/volume-leaders?page_size=100&cursor=${encodeURIComponent(body.next_cursor)}`
    }
    assert.deepEqual([...seen].sort(), (await universe()).sort())
    assert.deepEqual(
      volumes,
      [...volumes].sort((a, b) => b - a),
    )
    // A cursor is tied to its window length.
    clock.set(NOW)
    const page1 = json((await u.get('/api/intel/volume-leaders?window_minutes=60&page_size=25')).body)
    const mismatch = await u.get(
      `/api/intel/volume-leaders?window_minutes=30&cursor=${encodeURIComponent(page1.next_cursor)}`,
    )
    assert.equal(mismatch.statusCode, 422)
    assert.deepEqual(json(mismatch.body).errors[0].loc, ['query', 'window_minutes'])
  })
})
