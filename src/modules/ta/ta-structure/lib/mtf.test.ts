/** docs/definitions.md#multi-timeframe-alignment through mtfAlignment, and the timeframe windows. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { mtfAlignment, mtfWindow } from './mtf.ts'

describe('multi-timeframe alignment', () => {
  it('+1, +1, −1, +1 → alignment 0.6, aligned bullish, agree 3/4 (anchor the highest)', () => {
    const r = mtfAlignment(
      [
        { timeframe: '1d', trend: 1 },
        { timeframe: '1h', trend: 1 },
        { timeframe: '15m', trend: -1 },
        { timeframe: '5m', trend: 1 },
      ],
      '1d',
    )
    assert.deepEqual(r, {
      alignment: 0.6,
      aligned: true,
      direction: 'bullish',
      agree: 0.75,
      weights: { '1d': 0.4, '1h': 0.3, '15m': 0.2, '5m': 0.1 },
    })
  })

  it('not aligned when the anchor disagrees with the sign, or |alignment| < 0.5', () => {
    const items = (a: 1 | -1 | 0, b: 1 | -1 | 0, c: 1 | -1 | 0, d: 1 | -1 | 0) =>
      (['1d', '1h', '15m', '5m'] as const).map((timeframe, k) => ({ timeframe, trend: [a, b, c, d][k]! }))
    const r1 = mtfAlignment(items(1, -1, -1, -1), '1h') // 0.4 − 0.6 = −0.2
    assert.deepEqual([r1.alignment, r1.aligned, r1.direction, r1.agree], [-0.2, false, null, 0.75])
    const r2 = mtfAlignment(items(0, 1, 1, 1), '1d') // 0.6 ≥ 0.5 but the anchor ranges
    assert.deepEqual([r2.alignment, r2.aligned, r2.agree], [0.6, false, 0.25])
  })

  it('a missing timeframe is dropped and the weights renormalised; a missing anchor gives nulls', () => {
    const r = mtfAlignment(
      [
        { timeframe: '1d', trend: -1 },
        { timeframe: '1h', trend: null },
        { timeframe: '15m', trend: -1 },
        { timeframe: '5m', trend: 1 },
      ],
      '1d',
    )
    // weights 0.4/0.2/0.1 over 0.7: (−0.4 − 0.2 + 0.1) / 0.7
    assert.equal(r.alignment, Math.round((-0.5 / 0.7) * 1e6) / 1e6)
    assert.deepEqual([r.aligned, r.direction, r.agree], [true, 'bearish', Math.round((2 / 3) * 1e6) / 1e6])
    assert.equal(r.weights['1h'], undefined)
    const none = mtfAlignment([{ timeframe: '1d', trend: null }], '1d')
    assert.deepEqual([none.alignment, none.aligned, none.agree], [null, false, null])
  })

  it('windows: the anchor and the three below it, else the four lowest', () => {
    assert.deepEqual(mtfWindow('1w'), ['1w', '1d', '1h', '15m'])
    assert.deepEqual(mtfWindow('1d'), ['1d', '1h', '15m', '5m'])
    assert.deepEqual(mtfWindow('1h'), ['1h', '15m', '5m', '1m'])
    assert.deepEqual(mtfWindow('1m'), ['1h', '15m', '5m', '1m'])
  })
})
