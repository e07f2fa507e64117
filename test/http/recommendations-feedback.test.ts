/**
 * GET /feedback over hand-worked calls: two closed (scored at their close), two open past their
 * horizon (scored at the horizon day's daily close), one pending, one without a reference price,
 * one whose horizon day has no bar. The four scored ones are lib/feedback.test.ts's example:
 *   0.9 buy  hit +4 (closed)      0.9 buy miss −2 (horizon, 200 → 196)
 *   0.6 sell hit +1 (closed)      0.6 buy scratch +0.2 (horizon, 50 → 50.1)
 *   hit rate 0.5, mean return 0.8, Brier 0.335, ECE 0.25.
 */
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { bearer } from './options-flow-fixtures.ts'
import { RecMarket } from './recommendations-fixtures.ts'

// Made on Friday 2026-11-20; a 5-trading-day horizon ends Monday 11-30 (Thanksgiving 11-26 is closed).
const MADE = '2026-11-20T15:00:00Z'
// Tuesday 2026-12-01, 17:00 New York: 11-30's and 12-01's sessions have closed.
const ASKED = '2026-12-01T22:00:00Z'
const clock = fixedClock(MADE)
const market = new RecMarket({ clock })
market.prices['AAPL'] = 100
market.closes['MSFT'] = { '2026-11-27': 190, '2026-11-30': 196, '2026-12-01': 205 }
market.closes['NVDA'] = { '2026-11-30': 50.1 }
let t: TestApp
after(() => t.close())

const URL = '/api/trading-intel/feedback'
let u: Client
const ids: Record<string, number> = {}

async function call(key: string, over: Record<string, unknown>) {
  const base = {
    symbol: 'AAPL',
    action: 'buy' as const,
    rationale: 'r',
    origin: 'committee' as const,
    origin_ref: key,
  }
  ids[key] = (await t.c.recommendations.record(u.tenantId, { ...base, ...over } as never)).recommendation.id
}

before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
  clock.set(MADE)
  u = await t.newTenant()
  await call('closed-hit', { confidence: 0.9, price_at: 100 })
  await call('horizon-miss', { symbol: 'MSFT', confidence: 0.9, price_at: 200, horizon_days: 5 })
  await call('closed-sell', { action: 'sell', confidence: 0.6, price_at: 100 })
  await call('horizon-scratch', { symbol: 'NVDA', confidence: 0.6, price_at: 50, horizon_days: 5 })
  await call('pending', { confidence: 0.7, price_at: 100, horizon_days: 20 })
  await call('no-price', { symbol: 'AMD', confidence: 0.7 }) // no quote for AMD: price_at null
  await call('no-bar', { symbol: 'TSLA', confidence: 0.7, price_at: 10, horizon_days: 1 })
  clock.set('2026-11-23T16:00:00Z')
  for (const [key, exit_price] of [
    ['closed-hit', 104],
    ['closed-sell', 99],
  ] as const) {
    const r = await u.post(
      `/api/trading-intel/recommendations/${ids[key]}/close`,
      { exit_price },
      await bearer(t, u),
    )
    assert.equal(r.statusCode, 200, r.body)
  }
  clock.set(ASKED)
})

/** A fresh token: the tests move the clock by days, past an access token's 15 minutes. */
const get = async (c: Client, url: string) => c.get(url, await bearer(t, c))
const byId = (b: Body) => Object.fromEntries((b.evaluations as Body[]).map((e) => [e.id, e]))

it('scores closed calls at their close and open ones at their horizon close, with the hand-worked figures', async () => {
  const res = await get(u, URL)
  assert.equal(res.statusCode, 200, res.body)
  const b = json(res)
  assert.equal(b.days, 90)
  assert.deepEqual(b.counts, {
    recommendations: 7,
    scored: 4,
    scored_at_close: 2,
    scored_at_horizon: 2,
    pending: 1,
    unscored: 2,
  })
  assert.deepEqual(b.overall, {
    count: 4,
    hits: 2,
    misses: 1,
    scratches: 1,
    hit_rate: 0.5,
    avg_return_pct: 0.8,
    mean_confidence: 0.75,
  })
  assert.deepEqual(b.calibration, { brier_score: 0.335, expected_calibration_error: 0.25 })
  assert.deepEqual(b.by_action.buy, {
    count: 3,
    hits: 1,
    misses: 1,
    scratches: 1,
    hit_rate: 0.3333,
    avg_return_pct: 0.7333, // (4 − 2 + 0.2) / 3
    mean_confidence: 0.8,
  })
  assert.deepEqual(
    [b.by_action.sell.count, b.by_action.sell.hit_rate, b.by_action.sell.avg_return_pct],
    [1, 1, 1],
  )
  assert.equal(b.by_action.hold.hit_rate, null)
  const buckets = b.buckets as Body[]
  assert.equal(buckets.length, 6)
  assert.deepEqual(
    buckets.map((x) => [x.from, x.count, x.hit_rate, x.avg_return_pct]),
    [
      [0, 0, null, null],
      [0.5, 0, null, null],
      [0.6, 2, 0.5, 0.6],
      [0.7, 0, null, null],
      [0.8, 0, null, null],
      [0.9, 2, 0.5, 1],
    ],
  )
  const e = byId(b)
  assert.deepEqual(
    [e[ids['horizon-miss']!].basis, e[ids['horizon-miss']!].exit_date, e[ids['horizon-miss']!].exit_price],
    ['horizon', '2026-11-30', 196],
  )
  assert.deepEqual(
    [e[ids['horizon-scratch']!].return_pct, e[ids['horizon-scratch']!].outcome],
    [0.2, 'scratch'],
  )
  assert.deepEqual([e[ids['closed-sell']!].basis, e[ids['closed-sell']!].return_pct], ['closed', 1])
  assert.equal(e[ids['no-price']!].unscored_reason, 'no_reference_price')
  assert.equal(e[ids['no-bar']!].unscored_reason, 'no_bar')
  assert.equal(e[ids['pending']!], undefined) // pending calls are counted, not listed
  assert.equal(b.degraded, false)
})

it('counts an open call as pending until its horizon day has closed', async () => {
  clock.set('2026-11-30T20:59:00Z') // 15:59 New York on the horizon day: not closed yet
  try {
    const b = json(await get(u, URL))
    assert.equal(b.counts.scored_at_horizon, 0)
    assert.equal(b.counts.pending, 3) // the two 5-day calls and the 20-day one
  } finally {
    clock.set(ASKED)
  }
})

it('degrades to 200 with degraded=true when the daily bars cannot be read', async () => {
  market.failBars = true
  try {
    const b = json(await get(u, URL))
    assert.equal(b.degraded, true)
    assert.deepEqual([b.counts.scored, b.counts.scored_at_close, b.counts.unscored], [2, 2, 4])
    assert.equal(byId(b)[ids['horizon-miss']!].unscored_reason, 'bars_unavailable')
  } finally {
    market.failBars = false
  }
})

it('looks back `days` on created_at, bounded; another tenant sees nothing', async () => {
  assert.equal(json(await get(u, `${URL}?days=5`)).counts.recommendations, 0)
  assertFieldError(await get(u, `${URL}?days=366`), ['query', 'days'])
  assertFieldError(await get(u, `${URL}?days=0`), ['query', 'days'])
  const other = await t.newTenant()
  const theirs = json(await get(other, URL))
  assert.equal(theirs.counts.recommendations, 0)
  assert.equal(theirs.calibration.brier_score, null)
  assertProblem(await get(other, `${URL}?tenant_id=${u.tenantId}`), 403, 'auth.tenant_forbidden')
  const admin = await t.newTenant({ role: 'admin' })
  const res = await admin.get(`${URL}?tenant_id=${u.tenantId}`, await bearer(t, admin, 'admin'))
  assert.equal(json(res).counts.recommendations, 7, res.body)
})
