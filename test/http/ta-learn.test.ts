/**
 * /api/ta/learn: the public listing, plan-gated content with a live worked example (and its absence
 * when the provider fails), quiz scoring with idempotent progress, and isolation between users.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import { SimulatedMarketData, type Bar, type BarsQuery } from '../../src/providers/market-data/index.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { assertFieldError, assertProblem, json, type Body } from '../helpers/assertions.ts'

let failing = false
class TestMarket extends SimulatedMarketData {
  override async bars(symbol: string, q: BarsQuery): Promise<Bar[]> {
    if (failing) throw new UpstreamServerError('down', { provider: 'test', status: 503 })
    return super.bars(symbol, q)
  }
}
const clock = fixedClock('2026-11-24T15:00:00Z')
const market = new TestMarket({ clock })

let t: TestApp
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
})
after(() => t.close())

const BASE = '/api/ta/learn'

describe('GET /learn/concepts (public)', () => {
  it('lists the whole catalog without a token, with no content', async () => {
    const res = await t.anon.get(`${BASE}/concepts`)
    assert.equal(res.statusCode, 200, res.body)
    const list = json(res).concepts as Body[]
    assert.ok(list.length >= 30)
    assert.deepEqual(Object.keys(list[0]!).sort(), [
      'id',
      'layer',
      'level',
      'question_count',
      'summary',
      'title',
    ])
    assert.deepEqual(list[0], {
      id: 'swing-points',
      layer: 'structure',
      title: 'Swing highs and lows',
      level: 'basic',
      summary: 'The turning points (pivots) that every other structure reading is built on.',
      question_count: 3,
    })
    for (const layer of ['structure', 'price_action', 'ict'])
      assert.ok(list.filter((c) => c.layer === layer).length >= 8, layer)
  })

  it('keeps one layer with `layer`, and refuses another value', async () => {
    const ict = json(await t.anon.get(`${BASE}/concepts?layer=ict`)).concepts as Body[]
    assert.equal(ict.length, 10)
    assert.ok(ict.every((c) => c.layer === 'ict'))
    assertFieldError(await t.anon.get(`${BASE}/concepts?layer=wyckoff`), ['query', 'layer'])
  })
})

describe('GET /learn/concepts/{concept_id} (plan-gated content)', () => {
  it('needs a session', async () => {
    assertProblem(await t.anon.get(`${BASE}/concepts/doji`), 401, 'auth.unauthenticated')
  })

  it('opens a basic concept on the free plan, with a worked example from the provider’s bars', async () => {
    const u = await t.newTenant({ plan: 'free' })
    const res = await u.get(`${BASE}/concepts/premium-discount`)
    assert.equal(res.statusCode, 200, res.body)
    const c = json(res)
    assert.equal(c.level, 'basic')
    assert.match(c.detection, /EQ = \(hi \+ lo\)\/2/)
    assert.equal(c.example_unavailable, null)
    assert.equal(c.questions.length, 3)
    assert.equal(c.questions[0].correct, undefined, 'answers are not shown')
    // Checked against the bars themselves: the range ends are bar extremes, EQ and position follow.
    const bars = await t.c.marketData.timeframes.read('SPY', '1d')
    const e = c.example as Body
    assert.equal(e.symbol, 'SPY')
    assert.equal(e.bars_read, bars.length)
    assert.equal(e.as_of, bars.at(-1)!.time)
    const [lo, hi] = e.points as Body[]
    assert.equal(bars.find((b) => b.time === lo!.time)!.low, e.values.lo)
    assert.equal(bars.find((b) => b.time === hi!.time)!.high, e.values.hi)
    const close = bars.at(-1)!.close
    assert.ok(Math.abs(e.values.eq - (e.values.hi + e.values.lo) / 2) < 1e-6)
    assert.ok(Math.abs(e.values.position - (close - e.values.lo) / (e.values.hi - e.values.lo)) < 1e-6)
    assert.equal(e.values.zone, e.values.position >= 0.5 ? 'premium' : 'discount')
  })

  it('shows the latest candle’s anatomy for candle-anatomy', async () => {
    const u = await t.newTenant()
    const e = json(await u.get(`${BASE}/concepts/candle-anatomy`)).example as Body
    const last = (await t.c.marketData.timeframes.read('SPY', '1d')).at(-1)!
    assert.ok(Math.abs(e.values.body - Math.abs(last.close - last.open)) < 1e-6)
    assert.ok(Math.abs(e.values.range - (last.high - last.low)) < 1e-6)
  })

  it('answers 402 for an advanced concept on the free plan, 200 on pro', async () => {
    const free = await t.newTenant({ plan: 'free' })
    const denied = assertProblem(await free.get(`${BASE}/concepts/choch`), 402, 'plan.feature_unavailable')
    assert.equal(denied.feature, 'learn_advanced')
    const pro = await t.newTenant({ plan: 'pro' })
    const res = await pro.get(`${BASE}/concepts/choch`)
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(json(res).level, 'advanced')
  })

  it('answers 404 for an unknown concept and 422 for a malformed id', async () => {
    const u = await t.newTenant()
    assertProblem(await u.get(`${BASE}/concepts/no-such-thing`), 404, 'learn.concept_not_found')
    assertFieldError(await u.get(`${BASE}/concepts/Bad_Id`), ['path', 'concept_id'])
  })

  it('still answers when the provider fails: example null with the reason', async () => {
    const u = await t.newTenant()
    failing = true
    try {
      const res = await u.get(`${BASE}/concepts/fair-value-gap`)
      assert.equal(res.statusCode, 200, res.body)
      const c = json(res)
      assert.equal(c.example, null)
      assert.equal(c.example_unavailable.code, 'upstream.unavailable')
      assert.ok(c.explanation.length > 0)
      assert.equal(c.questions.length, 3)
    } finally {
      failing = false
    }
  })
})
