/** Candle vectors: anatomy rules and the series detection (context, strength, counter-examples). */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import * as A from './anatomy.ts'
import { findCandles, votedDirection } from './candles.ts'
import { ADVANCE, barsOf, DECLINE, type Quad } from './vectors.fixture.ts'

const c = ([open, high, low, close]: Quad) => ({ open, high, low, close })
const ids = (quads: Quad[]) => {
  const bars = barsOf(quads)
  return findCandles(bars)
    .filter((h) => h.index === bars.length - 1)
    .map((h) => h.pattern)
    .sort()
}

describe('one-bar rules', () => {
  it('doji (20.00, 20.60, 19.50, 20.05): body/range 0.045455 → doji only', () => {
    const a = A.anatomy(c([20.0, 20.6, 19.5, 20.05]))
    assert.ok(Math.abs(a.body / a.range - 0.045455) < 1e-6)
    assert.deepEqual(ids([[20.0, 20.6, 19.5, 20.05]]), ['doji'])
  })
  it('hammer (20.10, 20.30, 19.00, 20.25) after a decline → hammer and bullish pin', () => {
    const a = A.anatomy(c([20.1, 20.3, 19.0, 20.25]))
    assert.ok(
      Math.abs(a.body - 0.15) < 1e-9 && Math.abs(a.lower - 1.1) < 1e-9 && Math.abs(a.upper - 0.05) < 1e-9,
    )
    assert.deepEqual(ids([...DECLINE, [20.1, 20.3, 19.0, 20.25]]), ['bullish_pin_bar', 'hammer'])
  })
  it('the same hammer shape without a prior decline is no hammer (context)', () => {
    assert.deepEqual(ids([[20.1, 20.3, 19.0, 20.25]]), ['bullish_pin_bar'])
    assert.deepEqual(ids([...ADVANCE, [20.1, 20.3, 19.0, 20.25]]), ['bullish_pin_bar'])
  })
  it('shooting star (20.25, 21.50, 20.00, 20.05) after an advance; not a doji (0.133333 > 0.10)', () => {
    assert.equal(A.isDoji(c([20.25, 21.5, 20.0, 20.05])), false)
    assert.deepEqual(ids([...ADVANCE, [20.25, 21.5, 20.0, 20.05]]), ['bearish_pin_bar', 'shooting_star'])
  })
  it('pin bar (20.15, 20.45, 19.00, 20.30): bullish pin, not a hammer (upper 0.15 > 0.145)', () => {
    const bar = c([20.15, 20.45, 19.0, 20.3])
    assert.equal(A.isBullishPin(bar), true)
    assert.equal(A.isHammerShape(bar), false)
    assert.ok(!ids([...DECLINE, [20.15, 20.45, 19.0, 20.3]]).includes('hammer'))
  })
  it('spinning top (20.00, 20.70, 19.40, 20.30)', () => {
    assert.deepEqual(ids([[20.0, 20.7, 19.4, 20.3]]), ['spinning_top'])
  })
  it('a flat bar (range 0) matches nothing', () => {
    assert.deepEqual(ids([[20, 20, 20, 20]]), [])
  })
})

describe('two- and three-bar rules', () => {
  const prior: Quad = [20.4, 20.5, 19.9, 20.0]
  it('engulfing +100, +80 (open = prior close), 0, −100', () => {
    assert.equal(A.engulfing(c(prior), c([19.95, 20.7, 19.85, 20.6])), 100)
    assert.equal(A.engulfing(c(prior), c([20.0, 20.7, 19.95, 20.6])), 80)
    assert.equal(A.engulfing(c(prior), c([20.05, 20.45, 20.0, 20.3])), 0)
    assert.equal(A.engulfing(c([20.0, 20.55, 19.95, 20.45]), c([20.5, 20.6, 19.8, 19.9])), -100)
  })
  it('bearish engulfing after an open = close bar: TA-Lib colours it white (close ≥ open)', () => {
    const doji: Quad = [20.0, 20.3, 19.9, 20.0]
    assert.equal(A.engulfing(c(doji), c([20.1, 20.2, 19.7, 19.8])), -100)
    assert.equal(A.engulfing(c(doji), c([20.0, 20.2, 19.7, 19.8])), -80) // opens at the doji's close
    assert.equal(A.engulfing(c(doji), c([20.1, 20.2, 19.95, 20.0])), -80) // closes at the doji's open
    assert.equal(A.engulfing(c(doji), c([20.0, 20.1, 19.9, 20.0])), 0) // two dojis
    // The second bar of a bullish engulfing may be open = close for TA-Lib too, but it can never engulf.
    assert.equal(A.engulfing(c(prior), c([20.2, 20.3, 20.1, 20.2])), 0)
    const hits = findCandles(barsOf([doji, [20.1, 20.2, 19.7, 19.8]])).filter(
      (h) => h.pattern === 'bearish_engulfing',
    )
    assert.deepEqual(
      hits.map((h) => [h.index, h.strength, h.values.talib]),
      [[1, 100, -100]],
    )
  })
  it('engulfing in a series carries its strength (80) and the TA-Lib value', () => {
    const hits = findCandles(barsOf([prior, [20.0, 20.7, 19.95, 20.6]])).filter(
      (h) => h.pattern === 'bullish_engulfing',
    )
    assert.deepEqual(
      hits.map((h) => [h.index, h.first, h.strength, h.values.talib]),
      [[1, 0, 80, 80]],
    )
  })
  it('inside bar: strict (an equal high is not inside)', () => {
    assert.equal(A.isInside(c([20, 21, 19, 20.5]), c([20.4, 20.8, 19.5, 20.1])), true)
    assert.equal(A.isInside(c([20, 21, 19, 20.5]), c([20.4, 21.0, 19.5, 20.1])), false)
  })
  it('morning star with penetration level 20.30; third close 20.25 ≤ 20.30 → none', () => {
    const one: Quad = [21.0, 21.1, 19.9, 20.0]
    const two: Quad = [19.8, 19.95, 19.5, 19.7]
    const level = A.morningStar(c(one), c(two), c([19.85, 20.75, 19.8, 20.6]))
    assert.ok(level !== null && Math.abs(level - 20.3) < 1e-9)
    assert.equal(A.morningStar(c(one), c(two), c([19.85, 20.35, 19.8, 20.25])), null)
    const hit = findCandles(barsOf([one, two, [19.85, 20.75, 19.8, 20.6]])).find(
      (h) => h.pattern === 'morning_star',
    )
    assert.deepEqual([hit?.index, hit?.first, hit?.strength], [2, 0, 100])
  })
  it('evening star with level 20.70', () => {
    const level = A.eveningStar(
      c([20.0, 21.1, 19.9, 21.0]),
      c([21.2, 21.5, 21.05, 21.3]),
      c([21.15, 21.2, 20.2, 20.3]),
    )
    assert.ok(level !== null && Math.abs(level - 20.7) < 1e-9)
    assert.equal(
      A.morningStar(c([20.0, 21.1, 19.9, 21.0]), c([21.2, 21.5, 21.05, 21.3]), c([21.15, 21.2, 20.2, 20.3])),
      null,
    )
  })
})

describe('neutral patterns vote against the prior move', () => {
  it('a doji after a decline votes bullish, after an advance bearish, alone none', () => {
    const doji: Quad = [20.0, 20.6, 19.5, 20.05]
    const vote = (qs: Quad[]) => votedDirection(findCandles(barsOf(qs)).find((h) => h.pattern === 'doji')!)
    assert.equal(vote([...DECLINE, doji]), 'bullish')
    assert.equal(vote([...ADVANCE, doji]), 'bearish')
    assert.equal(vote([doji]), null)
  })
})
