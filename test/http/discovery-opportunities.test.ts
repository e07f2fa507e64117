/**
 * Opportunity scores from known scanner rows, their filters, the discovery watchlist and the
 * scheduled scan. Bars: test/helpers/discovery.ts. Composite (lib/composite.ts) by hand:
 *   AAPL  gappers 5/10×20 = 10, volume 0.5455×25 = 13.6375, momentum 6/10×25 = 15,
 *         breakout 0.9901×25 = 24.7525, + 3 × 10 confluence → 93.39
 *   ZZTOP gappers 8/10×20 = 16, momentum 8/10×25 = 20, + 10 → 46
 *   NVDA  gappers 4/10×20 = 8, momentum 5/10×25 = 12.5, + 10 → 30.5
 *   MSFT  gappers 3/10×20 = 6, momentum 3/10×25 = 7.5, + 10 → 23.5
 *   AMZN  reversal 50/50×15 = 15
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { SCAN_TYPES } from '../../src/modules/trading-intel/discovery/lib/scans.ts'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'
import { DiscoveryMarket, NOW, clock } from '../helpers/discovery.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const market = new DiscoveryMarket({ clock })
const t = useTestApp({ clock, providers: { market } })
const URL = '/api/trading-intel/intraday/discovery'

const EXPECTED = [
  ['AAPL', 93.39, 4],
  ['ZZTOP', 46, 2],
  ['NVDA', 30.5, 2],
  ['MSFT', 23.5, 2],
  ['AMZN', 15, 1],
]

async function scanAll(u: Client, universe = 'all') {
  for (const scan_type of SCAN_TYPES) {
    const res = await u.post(`${URL}/scan`, { universe, scan_type })
    assert.equal(res.statusCode, 200, res.body)
  }
}
async function compute(u: Client, body: Body = {}) {
  const res = await u.post(`${URL}/opportunities/compute`, body)
  assert.equal(res.statusCode, 200, res.body)
  return json(res)
}
const ranked = (items: Body[]) => items.map((o) => [o.symbol, o.score, o.signals])
async function hold(u: Client, symbols: string[]): Promise<number> {
  const account = await createManualAccount(u)
  for (const symbol of symbols) {
    const res = await u.post('/api/brokers/manual/positions', {
      account_id: account,
      symbol,
      quantity: 2,
      cost_basis: 200,
      as_of: '2026-11-02',
    })
    assert.equal(res.statusCode, 201, res.body)
  }
  return account
}

describe('compute', () => {
  it('scores every symbol from its scanner rows with the documented weights and bonus', async () => {
    const u = await t.newTenant()
    await scanAll(u)
    const out = await compute(u)
    assert.equal(out.results_read, 11) // gappers 4, volume 1, momentum 4, reversal 1, breakout 1
    assert.equal(out.computed, 5)
    assert.deepEqual(ranked(out.items), EXPECTED)
    const aapl = out.items[0]
    assert.equal(aapl.confluence_bonus, 30)
    assert.deepEqual(aapl.scan_types, ['gappers', 'volume', 'momentum', 'breakout'])
    assert.deepEqual(
      aapl.components.map((c: Body) => [c.scan_type, c.score, c.normalized, c.weight, c.points]),
      [
        ['gappers', 5, 0.5, 20, 10],
        ['volume', 2.7273, 0.5455, 25, 13.6375],
        ['momentum', 6, 0.6, 25, 15],
        ['breakout', 4.9505, 0.9901, 25, 24.7525],
      ],
    )
    assert.equal(aapl.computed_at, '2026-11-20T15:00:00.000Z')
  })

  it('min_signals, universe and limit narrow what is scored; a recompute updates in place', async () => {
    const u = await t.newTenant()
    await scanAll(u)
    const two = await compute(u, { min_signals: 2, limit: 2 })
    assert.equal(two.computed, 4)
    assert.deepEqual(ranked(two.items), EXPECTED.slice(0, 2))
    const sp = await compute(u, { universe: 'sp500' })
    assert.deepEqual([sp.results_read, sp.items], [0, []], 'nothing scanned in sp500')
    clock.advance(60_000)
    try {
      await compute(u)
      const list = json(await u.get(`${URL}/opportunities`))
      assert.equal(list.total, 5, 'one row per symbol, however often computed')
      assert.ok(list.items.every((o: Body) => o.computed_at === '2026-11-20T15:01:00.000Z'))
    } finally {
      clock.set(NOW)
    }
  })

  it('with no scanner results it stores nothing; bad bodies are 422s', async () => {
    const u = await t.newTenant()
    const none = await compute(u)
    assert.deepEqual([none.computed, none.results_read, none.items], [0, 0, []])
    assertFieldError(await u.post(`${URL}/opportunities/compute`, { min_signals: 6 }), [
      'body',
      'min_signals',
    ])
    assertFieldError(await u.post(`${URL}/opportunities/compute`, { universe: 'dow' }), ['body', 'universe'])
    assertFieldError(await u.post(`${URL}/opportunities/compute`, { hours: 721 }), ['body', 'hours'])
    assertFieldError(await u.post(`${URL}/opportunities/compute`, { sessions: 21 }), ['body', 'sessions'])
    assertFieldError(await u.post(`${URL}/opportunities/compute`, { sessions: 1, hours: 24 }), [
      'body',
      'hours',
    ])
  })
})

describe('list', () => {
  it('min_score, scan_type, universe and symbol filters; sorts; 422s', async () => {
    const u = await t.newTenant()
    await scanAll(u)
    await compute(u)
    const list = async (q: string) => json(await u.get(`${URL}/opportunities?${q}`))
    const min30 = await list('min_score=30')
    assert.deepEqual([min30.total, ranked(min30.items)], [3, EXPECTED.slice(0, 3)])
    assert.deepEqual(ranked((await list('min_score=93.39')).items), EXPECTED.slice(0, 1))
    assert.deepEqual(
      (await list('scan_type=reversal')).items.map((o: Body) => o.symbol),
      ['AMZN'],
    )
    assert.deepEqual(
      (await list('sort_by=symbol&sort_dir=asc&limit=3')).items.map((o: Body) => o.symbol),
      ['AAPL', 'AMZN', 'MSFT'],
    )
    assert.deepEqual(
      (await list('symbol=zt')).items.map((o: Body) => o.symbol),
      ['ZZTOP'],
    )
    assert.equal((await list('universe=free')).total, 0)
    assertFieldError(await u.get(`${URL}/opportunities?min_score=101`), ['query', 'min_score'])
    assertFieldError(await u.get(`${URL}/opportunities?sort_by=price`), ['query', 'sort_by'])
    assertFieldError(await u.get(`${URL}/opportunities?sort_dir=sideways`), ['query', 'sort_dir'])
    assertFieldError(await u.get(`${URL}/opportunities?hours=0`), ['query', 'hours'])
    assertFieldError(await u.get(`${URL}/opportunities?sessions=21`), ['query', 'sessions'])
    assertFieldError(await u.get(`${URL}/opportunities?sessions=2&hours=48`), ['query', 'hours'])
  })

  it('another tenant sees no opportunities and cannot name the owner', async () => {
    const owner = await t.newTenant()
    const other = await t.newTenant()
    await scanAll(owner)
    await compute(owner)
    const theirs = json(await other.get(`${URL}/opportunities`))
    assert.deepEqual([theirs.total, theirs.items], [0, []])
    assert.deepEqual(json(await other.get(`${URL}/watchlist`)).items, [])
    assertProblem(
      await other.get(`${URL}/opportunities?tenant_id=${owner.tenantId}`),
      403,
      'auth.tenant_forbidden',
    )
    assertProblem(
      await other.get(`${URL}/watchlist?tenant_id=${owner.tenantId}`),
      403,
      'auth.tenant_forbidden',
    )
    // Computing as the other tenant reads only its own (empty) results.
    assert.equal((await compute(other)).computed, 0)
    assert.equal(json(await owner.get(`${URL}/opportunities`)).total, 5)
  })
})

describe('watchlist', () => {
  it('lists scored symbols the portfolio does not hold, best first', async () => {
    const u = await t.newTenant()
    await hold(u, ['AAPL', 'NVDA'])
    await scanAll(u)
    await compute(u)
    const w = json(await u.get(`${URL}/watchlist`))
    assert.equal(w.held_excluded, 2)
    assert.deepEqual(ranked(w.items), [EXPECTED[1], EXPECTED[3], EXPECTED[4]])
    assert.deepEqual(
      json(await u.get(`${URL}/watchlist?limit=1`)).items.map((o: Body) => o.symbol),
      ['ZZTOP'],
    )
    assertFieldError(await u.get(`${URL}/watchlist?limit=101`), ['query', 'limit'])
  })

  it('an archived (closed) account’s holdings are no longer held: they come back on the watchlist', async () => {
    const u = await t.newTenant()
    await hold(u, ['AAPL'])
    const closed = await hold(u, ['NVDA'])
    await scanAll(u)
    await compute(u)
    assert.equal(json(await u.get(`${URL}/watchlist`)).held_excluded, 2)
    assert.equal((await u.patch(`/api/accounts/${closed}`, { status: 'closed' })).statusCode, 200)
    const w = json(await u.get(`${URL}/watchlist`))
    assert.equal(w.held_excluded, 1)
    assert.deepEqual(ranked(w.items), [EXPECTED[1], EXPECTED[2], EXPECTED[3], EXPECTED[4]])
  })
})

describe('over a weekend (Thanksgiving week)', () => {
  it('on Saturday the default window holds Friday’s results and scores; hours stay wall-clock', async () => {
    const u = await t.newTenant()
    // A fresh session of the tenant at each time: access tokens outlive no weekend.
    const as = async (iso: string) => {
      clock.set(iso)
      return t.newUser(u.tenantId)
    }
    try {
      await hold(await as('2026-11-27T15:00:00Z'), ['AAPL']) // Friday 10:00 New York, a half day
      await scanAll(await as('2026-11-27T15:00:00Z'))
      await compute(await as('2026-11-27T15:05:00Z'))
      const fridays = {
        sessions: 1,
        from_session_date: '2026-11-27',
        hours: null,
        since: '2026-11-27T09:00:00.000Z', // 04:00 New York (EST) of Friday
      }

      const sat = await as('2026-11-28T21:00:00Z') // Saturday 16:00 New York
      const list = json(await sat.get(`${URL}/opportunities`))
      assert.deepEqual([list.total, ranked(list.items)], [5, EXPECTED])
      assert.deepEqual(list.window, fridays)
      assert.ok(list.items.every((o: Body) => o.computed_at === '2026-11-27T15:05:00.000Z'))
      const watch = json(await sat.get(`${URL}/watchlist`))
      assert.deepEqual([watch.held_excluded, ranked(watch.items)], [1, EXPECTED.slice(1)])
      assert.deepEqual(watch.window, fridays)
      // A recompute on Saturday reads Friday's results by default ...
      const again = await compute(sat)
      assert.deepEqual([again.results_read, ranked(again.items)], [11, EXPECTED])
      assert.deepEqual(again.window, fridays)
      // ... and none with `hours` 24 (Friday 15:00Z is 30 h back); 30 h reach it (≥).
      const day = await compute(sat, { hours: 24 })
      assert.deepEqual(
        [day.results_read, day.window.since, day.window.sessions],
        [0, '2026-11-27T21:00:00.000Z', null],
      )
      assert.equal((await compute(sat, { hours: 30 })).results_read, 11)
      const hour = json(await sat.get(`${URL}/opportunities?hours=1`))
      assert.equal(hour.total, 5, 'just recomputed')
      assert.equal(hour.window.hours, 1)
    } finally {
      clock.set(NOW)
    }
  })
})

describe('scheduled scan', () => {
  it('scans the configured universes for every tenant holding something, each in its own rows', async () => {
    const a = await t.newTenant()
    const b = await t.newTenant()
    await hold(a, ['MSFT'])
    await hold(b, ['AMZN'])
    const stored = await t.c.discovery.job.run()
    assert.ok(stored >= 20, `${stored}`) // 2 universes × 5 scan types per tenant, default config
    const feed = async (u: Client, q: string) =>
      (json(await u.get(`${URL}?${q}`)).results as Body[]).map((r) => r.symbol)
    assert.deepEqual(await feed(a, 'universe=watchlist'), ['MSFT', 'MSFT'])
    assert.deepEqual(await feed(b, 'universe=watchlist'), ['AMZN'])
    assert.deepEqual(await feed(a, 'universe=sp500&scan_type=gappers'), ['AAPL', 'NVDA', 'MSFT'])
    assert.deepEqual(await feed(b, 'universe=sp500&scan_type=gappers'), ['AAPL', 'NVDA', 'MSFT'])
  })

  it('an upstream failure skips the run’s scans instead of failing the job', async () => {
    const a = await t.newTenant()
    await hold(a, ['NVDA'])
    market.failing = true
    try {
      assert.equal(await t.c.discovery.job.run(), 0)
    } finally {
      market.failing = false
    }
    assert.equal(json(await a.get(URL)).stats.total, 0)
  })

  it('does nothing outside regular hours', async () => {
    const before = market.calls
    clock.set('2026-11-21T15:00:00Z') // a Saturday
    try {
      await t.c.discovery.job.runIfOpen()
    } finally {
      clock.set(NOW)
    }
    assert.equal(market.calls, before)
  })
})
