/** GET /api/ta/price-action/{symbol}, /reversals, /wyckoff over the price-action vectors served by a fake market. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { barsOf, DECLINE, W1, type Quad } from '../../src/modules/ta/ta-price-action/lib/vectors.fixture.ts'
import { systemClock } from '../../src/platform/clock.ts'
import { json } from '../helpers/assertions.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { RiskMarket } from './risk-fixtures.ts'

const market = new RiskMarket({ clock: systemClock })
const STAR: Quad[] = [
  ...DECLINE,
  [21.0, 21.1, 19.9, 20.0],
  [19.8, 19.95, 19.5, 19.7],
  [19.85, 20.75, 19.8, 20.6],
]
const FLAT: Quad[] = Array.from({ length: 16 }, () => [22.0, 22.2, 21.8, 22.0] as const)
market.daily.AAPL = barsOf(STAR)
market.daily.MSFT = barsOf([...DECLINE, [20.1, 20.3, 19.0, 20.25]])
market.daily.NVDA = barsOf([
  [20.4, 20.5, 19.9, 20.0],
  [19.95, 20.7, 19.85, 20.6],
])
market.daily.AMZN = barsOf(
  [...FLAT, ...DECLINE, [20.1, 20.3, 19.0, 20.25], [20.3, 20.8, 20.2, 20.7]],
  [...Array(20).fill(100), 200, 100],
)
market.daily.GOOGL = W1

let t: TestApp
before(async () => {
  t = await buildTestApp({ providers: { market } })
})
after(() => t.close())

const P = '/api/ta/price-action'

describe('GET /price-action/{symbol}', () => {
  it('a morning star after a decline: level 20.30, strength 100, its three candles, score +1', async () => {
    const u = await t.newTenant()
    const res = await u.get(`${P}/aapl`)
    assert.equal(res.statusCode, 200, res.body)
    const b = json(res.body)
    assert.deepEqual([b.symbol, b.timeframe, b.bars, b.as_of], ['AAPL', '1d', 7, market.daily.AAPL![6]!.time])
    const [star, top] = b.patterns
    assert.deepEqual(
      [star.pattern, star.direction, star.strength, star.index, star.context],
      ['morning_star', 'bullish', 100, 6, 'decline'],
    )
    assert.ok(Math.abs(star.values.penetration_level - 20.3) < 1e-9)
    assert.deepEqual(
      star.candles.map((c: { index: number; open: number; close: number }) => [c.index, c.open, c.close]),
      [
        [4, 21.0, 20.0],
        [5, 19.8, 19.7],
        [6, 19.85, 20.6],
      ],
    )
    assert.ok(Math.abs(star.candles[0].body - 1.0) < 1e-9 && Math.abs(star.candles[0].range - 1.2) < 1e-9)
    assert.deepEqual([top.pattern, top.direction, top.index], ['spinning_top', 'neutral', 5])
    assert.equal(b.score.score, 1)
    assert.equal(b.score.evidence.index, 6)
  })

  it('the hammer vector after a decline → hammer and bullish pin at bar 4; engulfing +100', async () => {
    const u = await t.newTenant()
    const m = json((await u.get(`${P}/MSFT`)).body)
    assert.deepEqual(
      m.patterns
        .filter((p: { index: number }) => p.index === 4)
        .map((p: { pattern: string }) => p.pattern)
        .sort(),
      ['bullish_pin_bar', 'hammer'],
    )
    const n = json((await u.get(`${P}/NVDA`)).body)
    assert.deepEqual(
      n.patterns.map((p: { pattern: string; strength: number }) => [p.pattern, p.strength]),
      [['bullish_engulfing', 100]],
    )
    assert.equal(n.score.score, 1)
  })

  it('timeframe=1w reads weekly bars; a symbol with no bars answers an empty analysis', async () => {
    const u = await t.newTenant()
    const w = json((await u.get(`${P}/GOOGL?timeframe=1w`)).body)
    assert.equal(w.timeframe, '1w')
    assert.ok(w.bars < W1.length && w.bars >= 5, `${w.bars}`)
    const e = json((await u.get(`${P}/IBM`)).body)
    assert.deepEqual([e.bars, e.as_of, e.patterns, e.total, e.score.score], [0, null, [], 0, null])
  })

  it('422 naming timeframe or symbol; 404 market.unknown_symbol; 401 without a session', async () => {
    const u = await t.newTenant()
    const bad = await u.get(`${P}/AAPL?timeframe=2h`)
    assert.equal(bad.statusCode, 422)
    assert.match(bad.body, /timeframe/)
    const sym = await u.get(`${P}/A%24B`)
    assert.equal(sym.statusCode, 422)
    assert.match(sym.body, /symbol/)
    const unknown = await u.get(`${P}/ZZZZZZ/wyckoff`)
    assert.equal(unknown.statusCode, 404)
    assert.equal(json(unknown.body).code, 'market.unknown_symbol')
    assert.equal((await t.anon.get(`${P}/AAPL`)).statusCode, 401)
  })

  it('a market data failure → the platform’s 502 upstream.<kind>, never 500', async () => {
    const u = await t.newTenant()
    market.failing = true
    try {
      const res = await u.get(`${P}/AAPL/reversals`)
      assert.equal(res.statusCode, 502)
      assert.equal(json(res.body).code, 'upstream.server')
    } finally {
      market.failing = false
    }
  })
})

describe('GET /price-action/{symbol}/reversals', () => {
  it('the hammer after a decline on 2× volume: score 1, confirmed by the next close 20.7 > 20.3', async () => {
    const u = await t.newTenant()
    const b = json((await u.get(`${P}/AMZN/reversals`)).body)
    assert.equal(b.total, 1)
    const [r] = b.reversals
    assert.deepEqual(
      [r.direction, r.patterns, r.index, r.status, r.trigger, r.score],
      ['bullish', ['hammer', 'bullish_pin_bar'], 20, 'confirmed', 20.3, 1],
    )
    assert.deepEqual(r.terms, { pattern: 1, location: 1, volume: 1 })
    assert.deepEqual(
      [r.resolved.index, r.resolved.close, r.resolved.time],
      [21, 20.7, market.daily.AMZN![21]!.time],
    )
    assert.deepEqual(r.location.range_half, { high: 22.3, low: 19.0, equilibrium: 20.65, close: 20.25 })
    assert.deepEqual([r.volume.average, r.volume.ratio], [100, 2])
    assert.deepEqual(
      r.candles.map((c: { index: number; low: number }) => [c.index, c.low]),
      [[20, 19.0]],
    )
  })
  it('no reversal in the short series (no location can be judged)', async () => {
    const u = await t.newTenant()
    const b = json((await u.get(`${P}/MSFT/reversals`)).body)
    assert.deepEqual([b.reversals, b.total, b.truncated], [[], 0, false])
  })
})

describe('GET /price-action/{symbol}/wyckoff', () => {
  it('W1: PS 10, SC 13, AR 16, ST 19, Spring 24, SOS 28, LPS 29; phase E, confidence 1, support 23.6', async () => {
    const u = await t.newTenant()
    const b = json((await u.get(`${P}/GOOGL/wyckoff`)).body)
    const s = b.current
    assert.deepEqual(
      [s.kind, s.status, s.phase, s.confidence, s.support, s.resistance],
      ['accumulation', 'complete', 'E', 1, 23.6, 27.05],
    )
    assert.deepEqual(
      s.events.map((e: { event: string; index: number; confirmed_index: number }) => [
        e.event,
        e.index,
        e.confirmed_index,
      ]),
      [
        ['PS', 10, 13],
        ['SC', 13, 13],
        ['AR', 16, 19],
        ['ST', 19, 19],
        ['Spring', 24, 24],
        ['SOS', 28, 28],
        ['LPS', 29, 30],
      ],
    )
    const sc = s.events[1]
    assert.deepEqual(
      [sc.time, sc.bar.low, sc.bar.volume, sc.values.avg_volume],
      [W1[13]!.time, 23.6, 320, 107],
    )
    assert.deepEqual(
      s.phases.map((p: { phase: string; from_index: number }) => [p.phase, p.from_index]),
      [
        ['A', 10],
        ['B', 20],
        ['C', 24],
        ['D', 28],
        ['E', 30],
      ],
    )
    assert.deepEqual([b.distribution, b.schematics_found], [null, { accumulation: 1, distribution: 0 }])
  })
  it('a series without a climax → no schematic', async () => {
    const u = await t.newTenant()
    const b = json((await u.get(`${P}/AAPL/wyckoff`)).body)
    assert.deepEqual([b.current, b.accumulation, b.distribution], [null, null, null])
  })
})
