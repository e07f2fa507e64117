/** POST /intraday/discovery/scan and GET /intraday/discovery on hand-built bars (test/helpers/discovery.ts). */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'
import { DiscoveryMarket, NOW, clock } from '../helpers/discovery.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const market = new DiscoveryMarket({ clock })
const t = useTestApp({ clock, providers: { market } })
const URL = '/api/trading-intel/intraday/discovery'

async function scan(u: Client, universe: string, scan_type: string, limit?: number): Promise<Body> {
  const res = await u.post(`${URL}/scan`, { universe, scan_type, ...(limit ? { limit } : {}) })
  assert.equal(res.statusCode, 200, res.body)
  return json(res)
}
const ranking = (b: Body) => (b.results as Body[]).map((r) => [r.symbol, r.score, r.direction])

describe('scan', () => {
  it('ranks each scan type over the whole universe as worked by hand', async () => {
    const u = await t.newTenant()
    const gap = await scan(u, 'all', 'gappers')
    assert.equal(gap.scanned, 5, 'the index is left out')
    assert.deepEqual(ranking(gap), [
      ['ZZTOP', 8, 'up'],
      ['AAPL', 5, 'up'],
      ['NVDA', 4, 'down'],
      ['MSFT', 3, 'up'],
    ])
    const aapl = gap.results[1]
    assert.equal(aapl.trading_date, '2026-11-20')
    assert.equal(aapl.price, 106)
    assert.equal(aapl.change_pct, 6)
    assert.deepEqual(aapl.evidence, {
      gap_pct: 5,
      open: 105,
      prev_close: 100,
      prev_high: 101,
      prev_low: 99,
      gap_type: 'full',
    })
    assert.deepEqual(ranking(await scan(u, 'all', 'volume')), [['AAPL', 2.7273, 'up']])
    assert.deepEqual(ranking(await scan(u, 'all', 'momentum')), [
      ['ZZTOP', 8, 'up'],
      ['AAPL', 6, 'up'],
      ['NVDA', 5, 'down'],
      ['MSFT', 3, 'up'],
    ])
    assert.deepEqual(ranking(await scan(u, 'all', 'reversal')), [['AMZN', 50, 'up']])
    const breakout = await scan(u, 'all', 'breakout')
    assert.deepEqual(ranking(breakout), [['AAPL', 4.9505, 'up']])
    assert.equal(breakout.results[0].evidence.prior_high, 101)
  })

  it('sp500 leaves out symbols that are not constituents; limit keeps the top ones', async () => {
    const u = await t.newTenant()
    const sp = await scan(u, 'sp500', 'gappers', 2)
    assert.equal(sp.scanned, 4)
    assert.equal(sp.matched, 3)
    assert.deepEqual(
      sp.results.map((r: Body) => r.symbol),
      ['AAPL', 'NVDA'],
    )
  })

  it('watchlist scans the holdings; none is an empty 200', async () => {
    const u = await t.newTenant()
    const empty = await scan(u, 'watchlist', 'gappers')
    assert.deepEqual([empty.scanned, empty.matched, empty.results], [0, 0, []])
    const account = await createManualAccount(u)
    for (const symbol of ['MSFT', 'AMZN'])
      await u.post('/api/brokers/manual/positions', {
        account_id: account,
        symbol,
        quantity: 1,
        cost_basis: 100,
        as_of: '2026-11-02',
      })
    const held = await scan(u, 'watchlist', 'gappers')
    assert.equal(held.scanned, 2)
    assert.deepEqual(ranking(held), [['MSFT', 3, 'up']])
  })

  it('a re-scan the same day updates the row instead of adding one', async () => {
    const u = await t.newTenant()
    const first = await scan(u, 'all', 'gappers')
    clock.advance(60_000)
    try {
      const again = await scan(u, 'all', 'gappers')
      assert.deepEqual(
        again.results.map((r: Body) => r.id),
        first.results.map((r: Body) => r.id),
      )
      assert.equal(again.results[0].created_at, NOW.replace('Z', '.000Z'))
      assert.equal(again.results[0].updated_at, '2026-11-20T15:01:00.000Z')
      const feed = json(await u.get(URL))
      assert.equal(feed.stats.total, 4)
      assert.equal(feed.stats.last_scan_at, '2026-11-20T15:01:00.000Z')
    } finally {
      clock.set(NOW)
    }
  })

  it('refuses unknown universes, scan types and fields with 422s naming them', async () => {
    const u = await t.newTenant()
    assertFieldError(await u.post(`${URL}/scan`, { universe: 'nasdaq', scan_type: 'gappers' }), [
      'body',
      'universe',
    ])
    assertFieldError(await u.post(`${URL}/scan`, { universe: 'all', scan_type: 'dip' }), [
      'body',
      'scan_type',
    ])
    assertFieldError(await u.post(`${URL}/scan`, { universe: 'all', scan_type: 'volume', limit: 101 }), [
      'body',
      'limit',
    ])
    assertFieldError(await u.post(`${URL}/scan`, { scan_type: 'volume' }), ['body', 'universe'])
  })

  it('an upstream failure is a 502 and stores nothing', async () => {
    const u = await t.newTenant()
    market.failing = true
    try {
      assertProblem(
        await u.post(`${URL}/scan`, { universe: 'all', scan_type: 'gappers' }),
        502,
        'upstream.server',
      )
    } finally {
      market.failing = false
    }
    assert.equal(json(await u.get(URL)).stats.total, 0)
  })
})

describe('feed', () => {
  it('stats, per-scan-type breakdown, filters and sorting', async () => {
    const u = await t.newTenant()
    await scan(u, 'all', 'gappers')
    await scan(u, 'all', 'momentum')
    await scan(u, 'sp500', 'volume')
    const feed = json(await u.get(URL))
    assert.deepEqual(feed.stats, {
      total: 9,
      symbols: 4,
      by_scan_type: { gappers: 4, momentum: 4, volume: 1 },
      last_scan_at: '2026-11-20T15:00:00.000Z',
    })
    assert.deepEqual(feed.scan_breakdown, [
      { scan_type: 'gappers', count: 4, avg_score: 5, top_symbol: 'ZZTOP', top_score: 8 },
      { scan_type: 'momentum', count: 4, avg_score: 5.5, top_symbol: 'ZZTOP', top_score: 8 },
      { scan_type: 'volume', count: 1, avg_score: 2.7273, top_symbol: 'AAPL', top_score: 2.7273 },
    ])
    const list = async (q: string) =>
      (json(await u.get(`${URL}?${q}`)).results as Body[]).map((r) => `${r.symbol}:${r.scan_type}`)
    assert.deepEqual(await list('symbol=aP'), ['AAPL:momentum', 'AAPL:gappers', 'AAPL:volume'])
    assert.deepEqual(await list('scan_type=gappers&sort_by=symbol&sort_dir=asc'), [
      'AAPL:gappers',
      'MSFT:gappers',
      'NVDA:gappers',
      'ZZTOP:gappers',
    ])
    assert.deepEqual(await list('universe=sp500'), ['AAPL:volume'])
    assert.deepEqual(await list('scan_type=momentum&sort_by=change_pct&sort_dir=asc&limit=2'), [
      'NVDA:momentum',
      'MSFT:momentum',
    ])
    const narrowed = json(await u.get(`${URL}?symbol=zz`))
    assert.deepEqual([narrowed.stats.total, narrowed.stats.symbols], [2, 1])
  })

  it('by default only the latest session’s results are listed; `hours` reaches back on the wall clock', async () => {
    // Scanned Thursday 09:00 New York, 25 hours ago; read now by an administrator (the owner's
    // token would have expired).
    clock.set('2026-11-19T14:00:00Z')
    let u: Client
    try {
      u = await t.newTenant()
      await scan(u, 'all', 'reversal')
    } finally {
      clock.set(NOW)
    }
    const admin = await t.newTenant({ role: 'admin' })
    const today = json(await admin.get(`${URL}?tenant_id=${u.tenantId}`))
    assert.equal(today.stats.total, 0)
    // Friday 10:00 New York: Friday's session, from 04:00 New York (EST, UTC−5).
    assert.deepEqual(today.window, {
      sessions: 1,
      from_session_date: '2026-11-20',
      hours: null,
      since: '2026-11-20T09:00:00.000Z',
    })
    assert.equal(json(await admin.get(`${URL}?tenant_id=${u.tenantId}&sessions=2`)).stats.total, 1)
    assert.equal(json(await admin.get(`${URL}?tenant_id=${u.tenantId}&hours=26`)).stats.total, 1)
  })

  it('an unknown sort field or direction is a 422 naming the allowed values', async () => {
    const u = await t.newTenant()
    const bad = assertProblem(await u.get(`${URL}?sort_by=volume`), 422, 'validation.failed')
    assert.match(JSON.stringify(bad.errors), /score/)
    assert.match(JSON.stringify(bad.errors), /change_pct/)
    assertFieldError(await u.get(`${URL}?sort_dir=up`), ['query', 'sort_dir'])
    assertFieldError(await u.get(`${URL}?limit=501`), ['query', 'limit'])
    assertFieldError(await u.get(`${URL}?hours=0`), ['query', 'hours'])
    assertFieldError(await u.get(`${URL}?hours=721`), ['query', 'hours'])
    assertFieldError(await u.get(`${URL}?sessions=0`), ['query', 'sessions'])
    assertFieldError(await u.get(`${URL}?sessions=21`), ['query', 'sessions'])
    assertFieldError(await u.get(`${URL}?sessions=1&hours=24`), ['query', 'hours'])
    assertFieldError(await u.get(`${URL}?symbol=%00`), ['query', 'symbol'])
  })

  it('another tenant sees none of the results and cannot name the owner; an admin can', async () => {
    const owner = await t.newTenant()
    const other = await t.newTenant()
    await scan(owner, 'all', 'gappers')
    const theirs = json(await other.get(URL))
    assert.deepEqual([theirs.stats.total, theirs.results], [0, []])
    assertProblem(await other.get(`${URL}?tenant_id=${owner.tenantId}`), 403, 'auth.tenant_forbidden')
    const admin = await t.newTenant({ role: 'admin' })
    assert.equal(json(await admin.get(`${URL}?tenant_id=${owner.tenantId}`)).stats.total, 4)
  })
})

describe('feed over a weekend (Thanksgiving week)', () => {
  it('on Saturday the default window is Friday’s session; sessions=2 skips the holiday; hours stay wall-clock', async () => {
    const u = await t.newTenant()
    // Each read with a fresh session of the tenant: access tokens outlive no weekend.
    const feedAt = async (iso: string, query = '') => {
      clock.set(iso)
      const res = await (await t.newUser(u.tenantId)).get(`${URL}${query}`)
      assert.equal(res.statusCode, 200, res.body)
      const body = json(res)
      return { body, found: (body.results as Body[]).map((r) => `${r.symbol}:${r.scan_type}`).sort() }
    }
    try {
      clock.set('2026-11-25T15:00:00Z') // Wednesday 10:00 New York
      await scan(await t.newUser(u.tenantId), 'all', 'reversal')
      clock.set('2026-11-27T15:00:00Z') // Friday 10:00, a half day (Thursday is Thanksgiving)
      await scan(await t.newUser(u.tenantId), 'all', 'gappers')
      const fridays = ['AAPL:gappers', 'MSFT:gappers', 'NVDA:gappers', 'ZZTOP:gappers']

      const sat = await feedAt('2026-11-28T21:00:00Z') // Saturday 16:00 New York
      assert.deepEqual(sat.found, fridays)
      assert.deepEqual(sat.body.window, {
        sessions: 1,
        from_session_date: '2026-11-27',
        hours: null,
        since: '2026-11-27T09:00:00.000Z', // 04:00 New York (EST) of Friday
      })
      assert.deepEqual(sat.body.stats.by_scan_type, { gappers: 4 })

      // The session before Friday is Wednesday: Thanksgiving has none.
      const two = await feedAt('2026-11-28T21:00:00Z', '?sessions=2')
      assert.deepEqual(two.found, [...fridays, 'AMZN:reversal'].sort())
      assert.equal(two.body.window.from_session_date, '2026-11-25')
      assert.equal(two.body.window.since, '2026-11-25T09:00:00.000Z')

      // `hours` alone is on updated_at: 24 h before Saturday 21:00Z miss Friday 15:00Z, 30 h reach it (≥).
      const day = await feedAt('2026-11-28T21:00:00Z', '?hours=24')
      assert.deepEqual(day.found, [])
      assert.deepEqual(day.body.window, {
        sessions: null,
        from_session_date: null,
        hours: 24,
        since: '2026-11-27T21:00:00.000Z',
      })
      assert.deepEqual((await feedAt('2026-11-28T21:00:00Z', '?hours=30')).found, fridays)

      // Monday before the open is still Friday's; from the 09:30 open, Monday's (none yet).
      assert.deepEqual((await feedAt('2026-11-30T14:00:00Z')).found, fridays)
      const monday = await feedAt('2026-11-30T14:30:00Z')
      assert.deepEqual(monday.found, [])
      assert.equal(monday.body.window.from_session_date, '2026-11-30')
    } finally {
      clock.set(NOW)
    }
  })
})
