/** The free-tier feed: universe, reload, delayed publication, replay and the job. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import {
  SimulatedMarketData,
  type Bar,
  type BarsQuery,
  type Instrument,
} from '../../src/providers/market-data/index.ts'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'

// Friday 2026-11-20, 11:00 New York (EST): the delayed window ends 10:45, so 09:30–10:44 is published.
const NOW = '2026-11-20T16:00:00.000Z'
const clock = fixedClock(NOW)
// The simulated market, failing on demand: every symbol, or only those in `failing`.
let failing: 'all' | Set<string> = new Set()
const down = () => new UpstreamServerError('down', { provider: 'test', status: 503 })
class FlakyMarket extends SimulatedMarketData {
  override async bars(symbol: string, query: BarsQuery): Promise<Bar[]> {
    if (failing === 'all' || failing.has(symbol)) throw down()
    return super.bars(symbol, query)
  }
  override async instrument(symbol: string): Promise<Instrument | null> {
    if (failing === 'all') throw down()
    return super.instrument(symbol)
  }
}
const market = new FlakyMarket({ clock })
const DEFAULTS = [
  'SPY', 'QQQ', 'IWM', 'DIA', 'AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META',
  'TSLA', 'JPM', 'XOM', 'V', 'UNH', 'JNJ', 'WMT', 'BAC', 'AMD', 'NFLX',
] // prettier-ignore

let t: TestApp
let user: Client
let admin: Client
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
  await t.c.scheduleJobs()
  user = await t.newTenant()
  admin = await t.newTenant({ role: 'admin' })
})
after(() => t.close())

interface ReplayBody {
  symbol: string
  date: string
  interval: string
  items: Bar[]
}
const body = <T>(r: { body: string }) => JSON.parse(r.body) as T

/** What an independent provider gives for 09:30 up to (excluding) the minute `lastStart`. */
async function expectedMinutes(symbol: string, at: string, lastStart: string): Promise<Bar[]> {
  const independent = new SimulatedMarketData({ clock: fixedClock(at) })
  return independent.bars(symbol, {
    interval: '1m',
    start: new Date('2026-11-20T14:30:00Z'),
    end: new Date(lastStart),
  })
}

const publications = () =>
  t.c.scopes.withGlobal((db) => db.selectFrom('free_publication').select(['published_at', 'bars']).execute())

describe('free universe', () => {
  it('answers the configured default list to a user, 401 without a session', async () => {
    const r = await user.get('/api/free/universe')
    assert.equal(r.statusCode, 200)
    const u = body<{ symbols: string[]; updated_at: string }>(r)
    assert.deepEqual(u.symbols, DEFAULTS)
    assert.equal(u.updated_at, NOW)
    assert.equal((await t.anon.get('/api/free/universe')).statusCode, 401)
  })

  it('reloads for an admin only, dropping symbols the provider does not know', async () => {
    // FREE_FEED_SYMBOLS as an operator would set it; a reload reads it again.
    t.c.config.FREE_FEED_SYMBOLS = 'aapl,ZZZZQ,SPY'
    const denied = await user.post('/api/free/universe/reload')
    assert.equal(denied.statusCode, 403)
    assert.deepEqual(body<{ symbols: string[] }>(await user.get('/api/free/universe')).symbols, DEFAULTS)

    const r = await admin.post('/api/free/universe/reload')
    assert.equal(r.statusCode, 200)
    assert.deepEqual(body<{ symbols: string[] }>(r).symbols, ['AAPL', 'SPY'])
    assert.deepEqual(body<{ symbols: string[] }>(await user.get('/api/free/universe')).symbols, [
      'AAPL',
      'SPY',
    ])

    delete t.c.config.FREE_FEED_SYMBOLS
    const back = await admin.post('/api/free/universe/reload')
    assert.deepEqual(body<{ symbols: string[] }>(back).symbols, DEFAULTS)
  })
})

describe('publish and replay', () => {
  it('is admin only', async () => {
    assert.equal((await user.post('/api/free/publish')).statusCode, 403)
  })

  it('publishes the day so far, no bar newer than now − 15 minutes', async () => {
    const r = await admin.post('/api/free/publish')
    assert.equal(r.statusCode, 200)
    // 09:30–10:44 ET: 75 whole minutes per symbol.
    assert.deepEqual(body(r), { published_at: NOW, symbols: 20, bars: 20 * 75 })
    const stored = await t.c.scopes.withGlobal((db) =>
      db.selectFrom('free_bar').select(['symbol', 'time']).where('trading_date', '=', '2026-11-20').execute(),
    )
    assert.equal(stored.length, 20 * 75)
    const newest = Math.max(...stored.map((b) => b.time.getTime()))
    assert.equal(new Date(newest).toISOString(), '2026-11-20T15:44:00.000Z')
    for (const b of stored) assert.ok(b.time.getTime() + 60_000 <= Date.parse(NOW) - 15 * 60_000)
  })

  it('replays the published minutes, then history under the same delay, once the market has moved on', async () => {
    clock.set('2026-11-20T18:00:00Z') // two hours later (13:00 ET), nothing newer published
    try {
      const late = await t.newTenant() // a session issued at the later time
      const r = await late.get('/api/free/replay/aapl?date=2026-11-20')
      assert.equal(r.statusCode, 200)
      const replay = body<ReplayBody>(r)
      assert.equal(replay.symbol, 'AAPL')
      assert.equal(replay.interval, '1m')
      assert.deepEqual(replay.items.slice(0, 75), await expectedMinutes('AAPL', NOW, '2026-11-20T15:44:00Z'))
      assert.equal(replay.items.length, 195, '09:30–12:44 ET: 15 minutes late')
      assert.equal(replay.items.at(-1)!.time, '2026-11-20T17:44:00.000Z')
    } finally {
      clock.set(NOW)
    }
  })

  it('aggregates 5-minute bars from the published minutes', async () => {
    const minutes = await expectedMinutes('MSFT', NOW, '2026-11-20T15:44:00Z')
    const expected = []
    for (let i = 0; i < minutes.length; i += 5) {
      const group = minutes.slice(i, i + 5)
      const volume = group.reduce((s, b) => s + b.volume, 0)
      const pv = group.reduce((s, b) => s + (b.vwap ?? 0) * b.volume, 0)
      expected.push({
        time: group[0]!.time,
        open: group[0]!.open,
        high: Math.max(...group.map((b) => b.high)),
        low: Math.min(...group.map((b) => b.low)),
        close: group.at(-1)!.close,
        volume,
        vwap: volume > 0 ? Math.round((pv / volume) * 10_000) / 10_000 : null,
      })
    }
    const r = await user.get('/api/free/replay/MSFT?date=2026-11-20&interval=5m')
    assert.equal(r.statusCode, 200)
    const items = body<ReplayBody>(r).items
    assert.equal(items.length, 15)
    assert.deepEqual(items, expected)

    const limited = body<ReplayBody>(
      await user.get('/api/free/replay/MSFT?date=2026-11-20&interval=5m&limit=3'),
    )
    assert.deepEqual(limited.items, expected.slice(0, 3))
    const quarter = body<ReplayBody>(await user.get('/api/free/replay/MSFT?date=2026-11-20&interval=15m'))
    assert.equal(quarter.items.length, 5)
    assert.equal(
      quarter.items[0]!.volume,
      minutes.slice(0, 15).reduce((s, b) => s + b.volume, 0),
    )
  })

  it('422s a day without a session, naming the latest session that can be replayed', async () => {
    const r = await user.get('/api/free/replay/SPY?date=2026-11-21')
    assert.equal(r.statusCode, 422)
    const p = body<{ code: string; previous_session: string | null; next_session: string | null }>(r)
    assert.equal(p.code, 'free_feed.no_session')
    assert.deepEqual([p.previous_session, p.next_session], ['2026-11-20', null])
  })

  it('404s a symbol outside the universe', async () => {
    for (const symbol of ['ORCL', 'ZZZZQ']) {
      const r = await user.get(`/api/free/replay/${symbol}?date=2026-11-20`)
      assert.equal(r.statusCode, 404)
      assert.equal(body<{ code: string }>(r).code, 'free_feed.unknown_symbol')
    }
  })

  it('422s a bad date, interval or limit', async () => {
    const cases: Array<[string, string]> = [
      ['', 'date'],
      ['date=2026-02-30', 'date'],
      ['date=20-11-2026', 'date'],
      ['date=2026-11-20&interval=2m', 'interval'],
      ['date=2026-11-20&limit=0', 'limit'],
      ['date=2026-11-20&limit=1001', 'limit'],
    ]
    for (const [query, field] of cases) {
      const r = await user.get(`/api/free/replay/SPY?${query}`)
      assert.equal(r.statusCode, 422, query)
      const errors = body<{ errors: Array<{ loc: string[] }> }>(r).errors
      assert.ok(
        errors.some((e) => e.loc[0] === 'query' && e.loc[1] === field),
        `${query}: ${r.body}`,
      )
    }
  })
})

describe('free-feed.publish job', () => {
  async function runJobAt(at: string): Promise<number> {
    const before = (await publications()).length
    clock.set(at)
    try {
      await t.c.jobs.enqueue('free-feed.publish', {})
      await t.c.jobs.drain()
    } finally {
      clock.set(NOW)
    }
    return (await publications()).length - before
  }

  it('publishes during regular hours', async () => {
    assert.equal(await runJobAt('2026-11-20T19:30:00Z'), 1) // 14:30 ET
    const rows = await publications()
    const last = rows.reduce((a, b) => (a.published_at > b.published_at ? a : b))
    assert.equal(last.published_at.toISOString(), '2026-11-20T19:30:00.000Z')
    assert.equal(last.bars, 20 * 285) // 09:30–14:14 ET: 4 h 45 min
  })

  it('does not publish on a Saturday or before the open', async () => {
    assert.equal(await runJobAt('2026-11-21T16:00:00Z'), 0) // Saturday 11:00 ET
    assert.equal(await runJobAt('2026-11-20T14:15:00Z'), 0) // Friday 09:15 ET
  })

  it("publishes the session's last delayed minutes just after the close, then stops", async () => {
    assert.equal(await runJobAt('2026-11-20T21:15:00Z'), 1) // 16:15 ET: bars up to 15:59
    const close = await expectedMinutes('QQQ', '2026-11-20T21:15:00Z', '2026-11-20T20:59:00Z')
    const r = body<ReplayBody>(await user.get('/api/free/replay/QQQ?date=2026-11-20&limit=1000'))
    assert.equal(r.items.length, 390)
    assert.deepEqual(r.items, close)
    assert.equal(await runJobAt('2026-11-20T21:30:00Z'), 0) // 16:30 ET
  })
})

describe('upstream failures', () => {
  it('publishes the symbols it can read, and 502s when it can read none', async () => {
    failing = new Set(['TSLA'])
    try {
      const partial = await admin.post('/api/free/publish')
      assert.equal(partial.statusCode, 200)
      assert.deepEqual(body(partial), { published_at: NOW, symbols: 19, bars: 19 * 75 })
      failing = 'all'
      const none = await admin.post('/api/free/publish')
      assert.equal(none.statusCode, 502)
      assert.equal(body<{ code: string }>(none).code, 'upstream.server')
    } finally {
      failing = new Set()
    }
  })

  it('502s a reload the provider cannot answer and keeps the stored list', async () => {
    failing = 'all'
    try {
      const r = await admin.post('/api/free/universe/reload')
      assert.equal(r.statusCode, 502)
    } finally {
      failing = new Set()
    }
    assert.deepEqual(body<{ symbols: string[] }>(await user.get('/api/free/universe')).symbols, DEFAULTS)
  })
})
