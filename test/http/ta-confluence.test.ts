/** GET /api/ta/confluence/{symbol}, /patterns, /backtest/{symbol}/{layer}/{pattern} with fake layers. */
import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { dailyBars, fakeIct, fakeLayer, RiskMarket } from './ta-confluence-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const market = new RiskMarket({ clock })
// 30 rising closes (RSI 100 → momentum +1); the last bar up on 1.5× the mean volume (volume +0.5)
market.daily.AAPL = dailyBars(
  '2026-11-23',
  Array.from({ length: 30 }, (_, i) => 100 + i),
  Array.from({ length: 30 }, (_, i) => (i === 29 ? 150 : 100)),
)
//                                     0    1    2   3    4    5    6
market.daily.MSFT = dailyBars('2026-11-23', [100, 110, 99, 121, 110, 100, 120])
let t: TestApp
let u: Client
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
  u = await t.newTenant()
})
after(() => t.close())
beforeEach(() =>
  t.c.taConfluence.layers.use([fakeLayer('structure', 1, { trend: 'bullish' }), fakeIct(1, [])]),
)

const near = (a: unknown, b: number) =>
  assert.ok(typeof a === 'number' && Math.abs(a - b) < 1e-9, `${String(a)} vs ${b}`)

describe('GET /api/ta/confluence/{symbol}', () => {
  it('weights renormalised over the installed layers: (0.3 + 0.25 + 0.15 + 0.05)/0.8 = 0.9375', async () => {
    const res = await u.get('/api/ta/confluence/aapl')
    assert.equal(res.statusCode, 200, res.body)
    const b = json(res.body)
    assert.deepEqual([b.symbol, b.timeframe, b.bars, b.last_close], ['AAPL', '1d', 30, 129])
    near(b.score, 0.9375)
    near(b.display, 96.875)
    near(b.agreement, 1)
    assert.equal(b.bias, 'bullish')
    assert.deepEqual(b.dropped, ['price_action'])
    const by = Object.fromEntries(b.components.map((c: { layer: string }) => [c.layer, c]))
    assert.deepEqual(
      [by.price_action.used, by.price_action.score, by.price_action.evidence.dropped],
      [false, null, 'layer_not_installed'],
    )
    near(by.momentum.score, 1)
    near(by.volume.score, 0.5)
    near(by.volume.evidence.rvol, 1.5)
    near(by.structure.effective_weight, 0.375)
    assert.equal(by.structure.evidence.trend, 'bullish')
  })

  it('a layer answering null is dropped, not counted as 0', async () => {
    t.c.taConfluence.layers.use([fakeLayer('structure', -1), fakeIct(null, [])])
    const b = json((await u.get('/api/ta/confluence/AAPL')).body)
    // (−0.3 + 0.15 + 0.05)/0.55
    near(b.score, -0.1 / 0.55)
    assert.equal(b.bias, 'neutral')
    assert.deepEqual(b.dropped, ['ict', 'price_action'])
    near(b.agreement, 0.3 / 0.55)
  })

  it('422 on an unknown timeframe; 404 on an unknown symbol', async () => {
    const bad = await u.get('/api/ta/confluence/AAPL?timeframe=2h')
    assert.equal(bad.statusCode, 422)
    assert.deepEqual(json(bad.body).errors[0].loc, ['query', 'timeframe'])
    const unknown = await u.get('/api/ta/confluence/ZZZZQ')
    assert.equal(unknown.statusCode, 404)
    assert.equal(json(unknown.body).code, 'market.unknown_symbol')
  })
})

describe('GET /api/ta/patterns', () => {
  it('layer set → only that array filled, the other two present and empty', async () => {
    t.c.taConfluence.layers.use([fakeLayer('structure', 1), fakeLayer('price_action', 1), fakeIct(1, [])])
    const b = json((await u.get('/api/ta/patterns?layer=price_action')).body)
    assert.deepEqual(Object.keys(b).sort(), ['ict', 'price_action', 'structure'])
    assert.deepEqual([b.structure, b.ict], [[], []])
    assert.deepEqual(
      b.price_action.map((p: { id: string; layer: string }) => [p.id, p.layer]),
      [['up_close', 'price_action']],
    )
  })

  it('omitted → all three; an absent layer lists nothing', async () => {
    const b = json((await u.get('/api/ta/patterns')).body)
    assert.deepEqual([b.structure.length, b.price_action.length, b.ict.length], [1, 0, 1])
  })

  it('any other value → 422 naming layer', async () => {
    const res = await u.get('/api/ta/patterns?layer=momentum')
    assert.equal(res.statusCode, 422)
    assert.deepEqual(json(res.body).errors[0].loc, ['query', 'layer'])
  })
})

describe('GET /api/ta/backtest/{symbol}/{layer}/{pattern}', () => {
  it('hand-computed: up closes at bars 1, 3 and 6; horizons past the end excluded', async () => {
    const res = await u.get('/api/ta/backtest/msft/structure/up_close')
    assert.equal(res.statusCode, 200, res.body)
    const b = json(res.body)
    assert.deepEqual(
      [b.symbol, b.layer, b.pattern, b.timeframe, b.bars, b.sample_size],
      ['MSFT', 'structure', 'up_close', '1d', 7, 3],
    )
    assert.deepEqual(
      b.occurrences.map((o: { index: number; price: number; direction: string }) => [
        o.index,
        o.price,
        o.direction,
      ]),
      [
        [1, 110, 'bullish'],
        [3, 121, 'bullish'],
        [6, 120, 'bullish'],
      ],
    )
    const [h1, h5, h10, h20] = b.horizons
    // h1: 99/110 − 1 = −0.1, 110/121 − 1 = −1/11 (bar 6 has no next bar)
    assert.deepEqual([h1.horizon, h1.sample_size, h1.hit_rate], [1, 2, 0])
    near(h1.avg_return, (-0.1 - 1 / 11) / 2)
    // h5: only bar 1 → bar 6: 120/110 − 1 = 1/11
    assert.deepEqual([h5.horizon, h5.sample_size, h5.hit_rate], [5, 1, 1])
    near(h5.avg_return, 1 / 11)
    assert.deepEqual([h10.sample_size, h10.hit_rate, h10.avg_return, h20.sample_size], [0, null, null, 0])
  })

  it('404 naming the unknown layer, a layer not installed, and the unknown pattern', async () => {
    const layer = await u.get('/api/ta/backtest/MSFT/candles/up_close')
    assert.equal(layer.statusCode, 404)
    assert.deepEqual([json(layer.body).code, json(layer.body).layer], ['ta.unknown_layer', 'candles'])
    assert.match(json(layer.body).detail, /candles/)
    const absent = await u.get('/api/ta/backtest/MSFT/price_action/up_close')
    assert.deepEqual([absent.statusCode, json(absent.body).code], [404, 'ta.unknown_layer'])
    const pattern = await u.get('/api/ta/backtest/MSFT/ict/no_such')
    assert.equal(pattern.statusCode, 404)
    const p = json(pattern.body)
    assert.deepEqual([p.code, p.layer, p.pattern], ['ta.unknown_pattern', 'ict', 'no_such'])
    assert.match(p.detail, /no_such/)
  })

  it('422 on a bad timeframe or a control character in the pattern', async () => {
    assert.equal((await u.get('/api/ta/backtest/MSFT/structure/up_close?timeframe=1y')).statusCode, 422)
    assert.equal((await u.get('/api/ta/backtest/MSFT/structure/up%01close')).statusCode, 422)
  })
})
