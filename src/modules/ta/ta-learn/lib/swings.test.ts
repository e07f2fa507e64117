import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { S2 } from './lib.fixture.ts'
import { breaks, pivots, trendOf } from './swings.ts'

describe('swings, labels and breaks (the reference vectors)', () => {
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
