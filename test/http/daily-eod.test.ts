/** GET /eod/review, /eod/history and the daily.eod-review job, on a market with known closes. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertFieldError, json, type Body } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { bearer, DailyMarket, flowSignal, hold, intradaySignal } from './daily-fixtures.ts'

const FRIDAY_CLOSE = '2026-11-20T21:30:00Z' // 16:30 New York, after the close
const MONDAY_CLOSE = '2026-11-23T21:30:00Z'
const clock = fixedClock(FRIDAY_CLOSE)
const market = new DailyMarket({ clock })
market.book = {
  AAPL: { '2026-11-19': [99, 100], '2026-11-20': [101, 103], '2026-11-23': [103, 104] },
  MSFT: { '2026-11-19': [200, 200], '2026-11-20': [199, 196], '2026-11-23': [196, 190] },
  AMD: { '2026-11-19': [50, 50], '2026-11-20': [50, 48], '2026-11-23': [48, 49] },
}

let t: TestApp
let u: Client
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
  u = await t.newTenant()
  await hold(t, u, [
    ['AAPL', 10],
    ['MSFT', 3],
    ['NVDA', 2], // no daily bars: unpriced
  ])
  const at = new Date(FRIDAY_CLOSE)
  await intradaySignal(t, u.tenantId, {
    symbol: 'AAPL',
    direction: 'long',
    price: 101,
    at: '2026-11-20T15:00:00Z',
  })
  await intradaySignal(t, u.tenantId, {
    symbol: 'MSFT',
    direction: 'long',
    price: 198,
    at: '2026-11-20T15:30:00Z',
  })
  await intradaySignal(t, u.tenantId, {
    symbol: 'AMD',
    direction: 'short',
    price: 49,
    at: '2026-11-20T16:00:00Z',
  })
  await intradaySignal(t, u.tenantId, {
    symbol: 'AAPL',
    direction: 'long',
    price: 90,
    at: '2026-11-19T15:00:00Z',
  })
  await flowSignal(t, u.tenantId, { symbol: 'AAPL', direction: 'CALL_DOMINANCE', date: '2026-11-20' }, at)
  await flowSignal(t, u.tenantId, { symbol: 'MSFT', direction: 'NEUTRAL_FLOW', date: '2026-11-20' }, at)
})
after(() => t.close())

const review = async (c: Client, query = '', role: 'user' | 'admin' = 'user') =>
  c.get(`/api/trading-intel/eod/review${query}`, await bearer(t, c, role))
const history = async (c: Client, query = '') =>
  c.get(`/api/trading-intel/eod/history${query}`, await bearer(t, c))
const pick = (xs: Body[], keys: string[]) => xs.map((x) => keys.map((k) => x[k]))

describe('GET /eod/review', () => {
  it('P&L by position, totals and movers, hand-computed from the closes', async () => {
    clock.set(FRIDAY_CLOSE)
    const res = await review(u)
    assert.equal(res.statusCode, 200, res.body)
    const r = json(res)
    assert.equal(r.review_date, '2026-11-20') // default: the latest closed session
    assert.equal(r.previous_date, '2026-11-19')
    assert.equal(r.next_date, '2026-11-23')
    assert.deepEqual(
      pick(r.positions, ['symbol', 'previous_close', 'close', 'change', 'change_pct', 'pnl']),
      [
        ['AAPL', 100, 103, 3, 3, 30], // 10 × (103 − 100)
        ['MSFT', 200, 196, -4, -2, -12], // 3 × (196 − 200)
        ['NVDA', null, null, null, null, null],
      ],
    )
    assert.deepEqual(r.totals, {
      positions: 3,
      priced: 2,
      unpriced: ['NVDA'],
      pnl: 18,
      market_value: 1618, // 1030 + 588
      previous_market_value: 1600,
      pnl_pct: 1.125, // 18 / 1600 × 100
    })
    assert.deepEqual(r.movers.gainers, [{ symbol: 'AAPL', change_pct: 3, pnl: 30 }])
    assert.deepEqual(r.movers.losers, [{ symbol: 'MSFT', change_pct: -2, pnl: -12 }])
    assert.ok(Array.isArray(r.movers.market.gainers)) // latest session: the market's movers too
    assert.equal(r.degraded, false)
  })

  it('signals of that date played out at the close; the next close pending', async () => {
    clock.set(FRIDAY_CLOSE)
    const r = json(await review(u, '?review_date=2026-11-20'))
    const keys = [
      'source',
      'symbol',
      'direction',
      'reference_price',
      'close',
      'return_to_close',
      'outcome',
      'outcome_next',
    ]
    assert.deepEqual(pick(r.signals, keys), [
      ['intraday', 'AAPL', 'long', 101, 103, 0.0198, 'hit', 'pending'], // (103 − 101) / 101
      ['intraday', 'MSFT', 'long', 198, 196, -0.0101, 'miss', 'pending'], // (196 − 198) / 198
      ['intraday', 'AMD', 'short', 49, 48, 0.0204, 'hit', 'pending'], // −(48 − 49) / 49
      ['options_flow', 'AAPL', 'long', 101, 103, 0.0198, 'hit', 'pending'], // flow: from the open
      ['options_flow', 'MSFT', 'neutral', 199, 196, null, 'no_direction', 'no_direction'],
    ])
    assert.deepEqual(r.signal_stats, {
      count: 5,
      directional: 4,
      hits: 3,
      misses: 1,
      flat: 0,
      hit_rate: 0.75,
      avg_return_to_close: 0.0125, // (0.019802 − 0.010101 + 0.020408 + 0.019802) / 4 = 0.012478
      hits_next: 0,
      misses_next: 0,
      pending_next: 4,
    })
    assert.equal(r.complete, false)
  })

  it('is stored once; recomputed with the next close once that session has closed, then final', async () => {
    clock.set(FRIDAY_CLOSE)
    const first = json(await review(u, '?review_date=2026-11-20'))
    clock.set('2026-11-21T15:00:00Z') // Saturday: the next session has not closed, the stored one is served
    assert.deepEqual(json(await review(u, '?review_date=2026-11-20')), first)
    clock.set(MONDAY_CLOSE)
    const r = json(await review(u, '?review_date=2026-11-20'))
    assert.equal(r.complete, true)
    assert.deepEqual(pick(r.signals, ['symbol', 'next_close', 'return_to_next_close', 'outcome_next']), [
      ['AAPL', 104, 0.0297, 'hit'], // (104 − 101) / 101
      ['MSFT', 190, -0.0404, 'miss'], // (190 − 198) / 198
      ['AMD', 49, 0, 'flat'], // −(49 − 49) / 49
      ['AAPL', 104, 0.0297, 'hit'],
      ['MSFT', 190, null, 'no_direction'],
    ])
    assert.deepEqual(
      [r.signal_stats.hits_next, r.signal_stats.misses_next, r.signal_stats.pending_next],
      [2, 1, 0],
    )
    assert.deepEqual(r.movers.market, first.movers.market) // kept from the first computation
    market.book.AAPL!['2026-11-20'] = [101, 500] // a later change of the data no longer rewrites it
    try {
      assert.deepEqual(json(await review(u, '?review_date=2026-11-20')), r)
    } finally {
      market.book.AAPL!['2026-11-20'] = [101, 103]
    }
  })

  it('positions are those of the review date: a position from a later snapshot is not in it', async () => {
    clock.set(FRIDAY_CLOSE)
    const v = await t.newTenant()
    await hold(t, v, [['AAPL', 2]]) // as of 2026-11-02
    const later = await hold(t, v, []) // a second account, its first snapshot on the 20th
    const res = await v.post(
      '/api/brokers/manual/positions',
      { account_id: later, symbol: 'MSFT', quantity: 1, cost_basis: 200, as_of: '2026-11-20' },
      await bearer(t, v),
    )
    assert.equal(res.statusCode, 201, res.body)
    const thursday = json(await review(v, '?review_date=2026-11-19'))
    assert.deepEqual(pick(thursday.positions, ['symbol', 'quantity']), [['AAPL', 2]])
    assert.equal(thursday.movers.market, null) // Friday's session has opened since: quotes are not Thursday's
    const friday = json(await review(v, '?review_date=2026-11-20'))
    assert.deepEqual(pick(friday.positions, ['symbol', 'quantity', 'pnl']), [
      ['AAPL', 2, 6], // 2 × (103 − 100)
      ['MSFT', 1, -4], // 1 × (196 − 200)
    ])
  })

  it('a holding recorded later, dated on or before the day, is in the day’s review (a stored one is redone)', async () => {
    clock.set(FRIDAY_CLOSE)
    const v = await t.newTenant()
    const empty = json(await review(v, '?review_date=2026-11-20'))
    assert.deepEqual(empty.positions, []) // nothing held yet: stored (no signals, so complete)
    assert.equal(empty.complete, true)
    clock.set('2026-11-20T22:00:00Z')
    await hold(t, v, [['AAPL', 2]]) // entered now, as of 2026-11-02: carried forward to the 20th
    const held = json(await review(v, '?review_date=2026-11-20'))
    assert.deepEqual(pick(held.positions, ['symbol', 'quantity', 'pnl']), [['AAPL', 2, 6]]) // 2 × (103 − 100)
    assert.equal(held.totals.pnl, 6)
    assert.equal(held.computed_at, '2026-11-20T22:00:00.000Z')
    assert.deepEqual(
      json(await history(v)).items.map((i: Body) => [i.review_date, i.total_pnl]),
      [['2026-11-20', 6]],
    )
    // Nothing held has changed since: the stored review is served as it is.
    clock.set('2026-11-20T23:00:00Z')
    assert.deepEqual(json(await review(v, '?review_date=2026-11-20')), held)
  })

  it('an archived (closed) account is in the reviews of days before its archive date, not from it on', async () => {
    clock.set('2026-11-20T22:00:00Z') // Friday 17:00 New York: archived on the 20th
    const v = await t.newTenant()
    await hold(t, v, [['AAPL', 2]])
    const closed = await hold(t, v, [['MSFT', 1]])
    const res = await v.patch(`/api/accounts/${closed}`, { status: 'closed' })
    assert.equal(res.statusCode, 200, res.body)
    const thursday = json(await review(v, '?review_date=2026-11-19'))
    assert.deepEqual(pick(thursday.positions, ['symbol', 'quantity']), [
      ['AAPL', 2],
      ['MSFT', 1],
    ])
    const friday = json(await review(v, '?review_date=2026-11-20'))
    assert.deepEqual(pick(friday.positions, ['symbol', 'quantity', 'pnl']), [['AAPL', 2, 6]]) // 2 × (103 − 100)
    assert.equal(friday.totals.pnl, 6)
  })

  it('422 naming review_date: future, not closed yet, not a trading day, too far back, malformed', async () => {
    clock.set('2026-11-20T20:00:00Z') // 15:00 New York: the session is open
    const future = await review(u, '?review_date=2026-11-21')
    assertFieldError(future, ['query', 'review_date'], 'future_date')
    assertFieldError(await review(u, '?review_date=2026-11-20'), ['query', 'review_date'], 'not_closed')
    const sunday = await review(u, '?review_date=2026-11-15')
    assertFieldError(sunday, ['query', 'review_date'], 'not_trading_day')
    assert.match(json(sunday).detail, /previous trading day is 2026-11-13/)
    assertFieldError(await review(u, '?review_date=2025-11-18'), ['query', 'review_date'], 'too_old')
    assert.equal((await review(u, '?review_date=2026-13-01')).statusCode, 422)
    // Before the close, the default is the session before.
    assert.equal(json(await review(u)).review_date, '2026-11-19')
  })

  it('degrades when market data fails: unpriced, flagged, not stored', async () => {
    clock.set(FRIDAY_CLOSE)
    const v = await t.newTenant()
    await hold(t, v, [['AAPL', 1]])
    market.failing = true
    try {
      const r = json(await review(v, '?review_date=2026-11-19'))
      assert.equal(r.degraded, true)
      assert.match(r.degraded_reasons[0], /market data unavailable \(server\)/)
      assert.deepEqual(r.totals.unpriced, ['AAPL'])
      assert.equal(r.totals.pnl, null)
    } finally {
      market.failing = false
    }
    assert.deepEqual(json(await history(v)).items, [])
  })

  it('another tenant sees its own (empty) review, 404 for an account of ours, 403 naming our tenant', async () => {
    clock.set(FRIDAY_CLOSE)
    const other = await t.newTenant()
    const theirs = json(await review(other, '?review_date=2026-11-20'))
    assert.deepEqual(theirs.positions, [])
    assert.deepEqual(theirs.signals, [])
    const account = await hold(t, u, [['AMD', 1]])
    assert.equal((await review(other, `?account_id=${account}`)).statusCode, 404)
    assert.equal((await review(other, `?tenant_id=${u.tenantId}`)).statusCode, 403)
    const one = json(await review(u, `?review_date=2026-11-20&account_id=${account}`))
    assert.deepEqual(pick(one.positions, ['symbol', 'pnl']), [['AMD', -2]]) // 1 × (48 − 50)
    assert.equal(one.account_id, account)
  })
})
