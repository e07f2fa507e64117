import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fvgs } from './fvg.ts'
import { F1, S2, toBars } from './lib.fixture.ts'
import { breaks, pivots, trendOf } from './swings.ts'

describe('swings (quant-definitions §4)', () => {
  it('finds the S2 pivots with L = R = 2: highs at 2 (10.8) and 9 (11.3), the low at 5 (9.4)', () => {
    assert.deepEqual(
      pivots(S2, 2, 2).map(({ index, kind, price, label }) => ({ index, kind, price, label })),
      [
        { index: 2, kind: 'high', price: 10.8, label: null },
        { index: 5, kind: 'low', price: 9.4, label: null },
        { index: 9, kind: 'high', price: 11.3, label: 'HH' },
      ],
    )
    assert.deepEqual(trendOf(pivots(S2, 2, 2)), { trend: 'ranging', high: 'HH', low: null })
  })

  it('keeps a pivot out until R bars follow it (no look-ahead)', () => {
    assert.deepEqual(
      pivots(S2.slice(0, 11), 2, 2).map((p) => p.index),
      [2, 5],
    )
  })

  it('finds a bullish BOS at bar 8 and a bearish CHoCH at bar 12 in S2', () => {
    assert.deepEqual(breaks(S2, 2, 2), [
      { index: 8, direction: 'bullish', kind: 'bos', level: 10.8, level_index: 2 },
      { index: 12, direction: 'bearish', kind: 'choch', level: 9.4, level_index: 5 },
    ])
  })
})

describe('fair value gaps (quant-definitions §5.1)', () => {
  it('finds the F1 gaps with their mitigation, CE and fill', () => {
    assert.deepEqual(fvgs(F1), [
      { index: 1, direction: 'bullish', top: 102.0, bottom: 101.0, mitigated: 4, ce: 5, filled: null },
      { index: 4, direction: 'bearish', top: 103.0, bottom: 102.6, mitigated: null, ce: null, filled: null },
    ])
  })

  it('needs the middle candle in the gap direction', () => {
    // F1's bars 0–2 with a down middle candle: no bullish gap.
    const down = toBars([100, 104, 103.8], [101, 104, 105], [99, 100.4, 102], [100.5, 103.8, 104.5])
    assert.deepEqual(fvgs(down), [])
  })
})
