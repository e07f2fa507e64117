/**
 * GET /intraday/signals, /intraday/signal-dashboard, /intraday/bars, the intel-feed rows and the
 * scheduled job, on the hand-built S1 session (intraday-market.fixture.ts); tenant isolation.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'
import { IntradayTestMarket } from './intraday-market.fixture.ts'
import { S1 } from '../../src/modules/trading-intel/intraday/lib/fixtures.fixture.ts'
import {
  referenceMacd,
  referenceRsi,
} from '../../src/modules/trading-intel/intraday/lib/reference.fixture.ts'

const clock = fixedClock('2026-11-20T21:30:00Z') // Friday 16:30 New York
const market = new IntradayTestMarket(clock)
const BASE = '/api/trading-intel/intraday'

let t: TestApp
let a: Client
let b: Client
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
  a = await t.newTenant()
  b = await t.newTenant()
  assert.equal((await a.post(`${BASE}/detect`, { symbols: ['AAPL'] })).statusCode, 200)
})
after(() => t.close())

describe('GET /intraday/signals', () => {
  it('newest trigger first, within `hours` of the trigger bar, `limit` of them, one symbol', async () => {
    const all = json(await a.get(`${BASE}/signals`)).items as Body[]
    assert.deepEqual(
      all.map((s) => `${s.setup} ${s.trigger_time}`),
      [
        'volume_spike 2026-11-20T15:15:00.000Z', // same bar as the ORB: the later id first
        'orb 2026-11-20T15:15:00.000Z',
        'vwap_reclaim 2026-11-20T15:05:00.000Z',
        'gap 2026-11-20T14:30:00.000Z',
      ],
    )
    assert.deepEqual(json(await a.get(`${BASE}/signals?limit=1`)).items, [all[0]])
    // 7 h before 21:30 is 14:30: the gap's bar is included (≥); 6 h leaves nothing.
    assert.equal(json(await a.get(`${BASE}/signals?hours=7`)).items.length, 4)
    assert.deepEqual(json(await a.get(`${BASE}/signals?hours=6`)).items, [])
    assert.equal(json(await a.get(`${BASE}/signals?symbol=aapl`)).items.length, 4)
    assert.deepEqual(json(await a.get(`${BASE}/signals?symbol=MSFT`)).items, [])
  })

  it('by default the latest session: Friday’s on Saturday and before Monday’s open, none from it', async () => {
    const window = async (query: string) => {
      // Access tokens last 15 minutes: one issued at the moved clock.
      const session = { tenantId: a.tenantId, userId: a.userId, role: 'user' as const }
      const { access_token } = await t.c.identity.sessions.issue(session, { ip: null, userAgent: 'test' })
      const auth = { authorization: `Bearer ${access_token}` }
      const list = json(await a.get(`${BASE}/signals${query}`, auth))
      const dash = json(await a.get(`${BASE}/signal-dashboard${query}`, auth))
      assert.equal(dash.stats.total, list.items.length)
      assert.deepEqual(dash.window, list.window)
      return { n: list.items.length as number, window: list.window as Body }
    }
    try {
      clock.set('2026-11-21T15:00:00Z') // Saturday 10:00 New York
      const sat = await window('')
      assert.equal(sat.n, 4)
      assert.deepEqual(sat.window, {
        sessions: 1,
        from_session_date: '2026-11-20',
        hours: null,
        since: '2026-11-20T09:00:00.000Z', // 04:00 New York, the session date's pre-market
      })
      // An explicit `hours` is still wall-clock: 24 h back from Saturday 15:00Z is Friday 15:00Z.
      assert.equal((await window('?hours=24')).n, 3)
      assert.equal((await window('?hours=20')).n, 0)
      clock.set('2026-11-23T14:00:00Z') // Monday 09:00, before the open
      assert.equal((await window('')).n, 4)
      clock.set('2026-11-24T15:00:00Z') // Tuesday 10:00
      assert.equal((await window('')).n, 0)
      assert.equal((await window('?sessions=2')).n, 0) // Tuesday and Monday
      const three = await window('?sessions=3&symbol=AAPL')
      assert.equal(three.n, 4)
      assert.equal(three.window.from_session_date, '2026-11-20')
    } finally {
      clock.set('2026-11-20T21:30:00Z')
    }
  })

  it('validates sessions and hours (not both), limit and symbol', async () => {
    assertFieldError(await a.get(`${BASE}/signals?sessions=0`), ['query', 'sessions'])
    assertFieldError(await a.get(`${BASE}/signals?sessions=21`), ['query', 'sessions'])
    assertFieldError(await a.get(`${BASE}/signals?sessions=1&hours=24`), ['query', 'hours'])
    assertFieldError(await a.get(`${BASE}/signal-dashboard?sessions=2&hours=5`), ['query', 'hours'])
    assertFieldError(await a.get(`${BASE}/signals?hours=721`), ['query', 'hours'])
    assertFieldError(await a.get(`${BASE}/signals?limit=0`), ['query', 'limit'])
    assertFieldError(await a.get(`${BASE}/signals?symbol=%00`), ['query', 'symbol'])
  })

  it('another tenant sees none of them and cannot read them with tenant_id', async () => {
    assert.deepEqual(json(await b.get(`${BASE}/signals`)).items, [])
    assert.equal(json(await b.get(`${BASE}/signal-dashboard`)).stats.total, 0)
    assertProblem(await b.get(`${BASE}/signals?tenant_id=${a.tenantId}`), 403, 'auth.tenant_forbidden')
    assert.deepEqual(await t.c.intraday.feedItems(b.tenantId, { since: new Date(0), limit: 10 }), [])
  })

  it('an administrator reads another tenant’s with tenant_id', async () => {
    const admin = await t.newTenant({ role: 'admin' })
    const res = await admin.get(`${BASE}/signals?tenant_id=${a.tenantId}`)
    assert.equal(json(res).items.length, 4, res.body)
  })
})

describe('GET /intraday/signal-dashboard', () => {
  it('stats, setup breakdown and the list', async () => {
    const d = json(await a.get(`${BASE}/signal-dashboard`))
    // (0.87 + 0.7067 + 0.6153 + 0.9) / 4 = 0.773
    assert.deepEqual(d.stats, {
      total: 4,
      by_direction: { long: 4, short: 0 },
      avg_confidence: 0.773,
      symbols: 1,
    })
    assert.deepEqual(d.setup_breakdown, [
      { setup: 'gap', count: 1, avg_confidence: 0.87, long: 1, short: 0 },
      { setup: 'orb', count: 1, avg_confidence: 0.6153, long: 1, short: 0 },
      { setup: 'volume_spike', count: 1, avg_confidence: 0.9, long: 1, short: 0 },
      { setup: 'vwap_reclaim', count: 1, avg_confidence: 0.7067, long: 1, short: 0 },
    ])
    assert.equal(d.signals.length, 4)
    const empty = json(await a.get(`${BASE}/signal-dashboard?hours=6`))
    assert.deepEqual(empty, {
      window: { sessions: null, from_session_date: null, hours: 6, since: '2026-11-20T15:30:00.000Z' },
      stats: { total: 0, by_direction: { long: 0, short: 0 }, avg_confidence: null, symbols: 0 },
      setup_breakdown: [],
      signals: [],
    })
  })
})

describe('intel feed rows', () => {
  it('created_at desc then id desc, with a one-line text and intraday.<setup> sources', async () => {
    const rows = await t.c.intraday.feedItems(a.tenantId, {
      since: new Date('2026-11-20T00:00:00Z'),
      limit: 10,
    })
    assert.deepEqual(
      rows.map((r) => [r.source, r.text, r.confidence]),
      [
        ['intraday.volume_spike', 'Volume spike 2.1× (z 12.4) on a long bar at 52.05', 0.9],
        ['intraday.orb', 'ORB long breakout at 52.05, 1.7× range volume', 0.6153],
        ['intraday.vwap_reclaim', 'VWAP reclaim at 51.60 after 5 closes below', 0.7067],
        ['intraday.gap', 'Gap up 2.40% (full), gap-and-go at 10:10', 0.87],
      ],
    )
    assert.ok(rows.every((r) => r.created_at.toISOString() === '2026-11-20T21:30:00.000Z'))
    assert.equal((await t.c.intraday.feedItems(a.tenantId, { since: new Date(0), limit: 2 })).length, 2)
    const later = new Date('2026-11-20T21:30:00.001Z')
    assert.deepEqual(await t.c.intraday.feedItems(a.tenantId, { since: later, limit: 10 }), [])
  })
})

describe('GET /intraday/bars', () => {
  it('RSI(14) and MACD(12/26/9) against the reference vectors, null in warm-up (MSFT has no earlier session); then served stored', async () => {
    const first = json(await a.get(`${BASE}/bars?symbol=msft`))
    assert.equal(first.source, 'live')
    assert.equal(first.complete, true)
    assert.equal(first.session_date, '2026-11-20')
    const items = first.items as Body[]
    assert.equal(items.length, 78)
    const near = (x: number, y: number) => assert.ok(Math.abs(x - y) < 1e-6, `${x} ≠ ${y}`)
    assert.equal(items[13]!.rsi, null)
    near(items[14]!.rsi, 52.965235)
    near(items[39]!.rsi, 54.733569)
    assert.equal(items[24]!.macd, null)
    near(items[25]!.macd, 0.235385)
    assert.equal(items[32]!.macd_signal, null)
    near(items[33]!.macd, -0.61785)
    near(items[33]!.macd_signal, -0.448604)
    near(items[33]!.macd_hist, -0.169246)
    const calls = market.calls
    const second = json(await a.get(`${BASE}/bars?symbol=MSFT&limit=5`))
    assert.equal(second.source, 'stored')
    assert.equal(market.calls, calls, 'a complete stored session is not fetched again')
    assert.deepEqual(second.items, items.slice(-5))
  })

  it('a session in progress is fetched live each time; unknown symbols and bad limits are 422s', async () => {
    clock.set('2026-11-20T15:17:00Z')
    try {
      const body = json(await a.get(`${BASE}/bars?symbol=AAPL`))
      assert.equal(body.source, 'live')
      assert.equal(body.complete, false)
      assert.equal(body.items.length, 9)
      assert.ok(Math.abs(body.items[8].vwap - 51.270134) < 1e-6)
      // RSI/MACD seeded from the five sessions before (60 bars closing at 50.00), from the first bar.
      const closes = [...Array<number>(60).fill(50), ...S1.slice(0, 9).map((b) => b[3])]
      const rsi = referenceRsi(closes)
      const hist = referenceMacd(closes).hist
      body.items.forEach((item: Body, i: number) => {
        assert.ok(Math.abs(item.rsi - rsi[60 + i]!) < 1e-6, `rsi ${i}`)
        assert.ok(Math.abs(item.macd_hist - hist[60 + i]!) < 1e-6, `hist ${i}`)
      })
    } finally {
      clock.set('2026-11-20T21:30:00Z')
    }
    assertFieldError(await a.get(`${BASE}/bars?symbol=ZZZQ`), ['query', 'symbol'])
    assertFieldError(await a.get(`${BASE}/bars?symbol=AAPL&interval=1h`), ['query', 'interval'])
    assertFieldError(await a.get(`${BASE}/bars?symbol=AAPL&limit=391`), ['query', 'limit'])
    assertFieldError(await a.get(`${BASE}/bars`), ['query', 'symbol'])
  })
})

describe('GET /intraday/bars when the provider fails', () => {
  it('serves the stored part of the session (degraded), or a 502 with nothing stored', async () => {
    clock.set('2026-11-20T15:17:00Z') // in session: a stored AAPL session is not complete
    market.failing = true
    try {
      const body = json(await a.get(`${BASE}/bars?symbol=AAPL`))
      assert.deepEqual([body.source, body.degraded, body.complete], ['stored', true, false])
      assert.equal(body.items.length, 12) // stored by the detection at 16:30
      assert.ok(Math.abs(body.items[0].vwap - 51.316667) < 1e-6)
      // MSFT's stored session is complete once the session is over; in session, nothing is stored for 1m.
      const res = await a.get(`${BASE}/bars?symbol=MSFT&interval=1m`)
      assertProblem(res, 502, 'upstream.server')
    } finally {
      market.failing = false
      clock.set('2026-11-20T21:30:00Z')
    }
  })
})

describe('the intraday.detect job', () => {
  it('outside regular hours does nothing; during them detects each holding tenant in its own scope', async () => {
    const holder = await t.newTenant()
    const account = json(await holder.post('/api/accounts', { name: 'Main', broker_type: 'manual' }))
      .id as number
    const pos = { account_id: account, symbol: 'AAPL', quantity: 5, cost_basis: 500, as_of: '2026-11-02' }
    assert.equal((await holder.post('/api/brokers/manual/positions', pos)).statusCode, 201)
    const mine = async () => json(await holder.get(`${BASE}/signals`)).items.length as number
    await t.c.intraday.detect.detectScheduled() // 16:30: closed
    assert.equal(await mine(), 0)
    clock.set('2026-11-20T15:21:00Z') // 10:21: the 10:15 bar has closed
    try {
      await t.c.intraday.detect.detectScheduled()
    } finally {
      clock.set('2026-11-20T21:30:00Z')
    }
    assert.equal(await mine(), 4)
    assert.equal(json(await b.get(`${BASE}/signals`)).items.length, 0)
  })
})
