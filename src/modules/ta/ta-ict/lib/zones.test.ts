/** The swing, FVG, order-block and breaker vectors through the pure lib, and counter-examples. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fairValueGaps } from './fvg.ts'
import { orderBlocks } from './order-blocks.ts'
import { swings } from './swings.ts'
import { barsOf, F1, S2 } from './vectors.fixture.ts'

describe('swings (the structure layer’s)', () => {
  it('S2 with L = R = 2: highs 2 (10.8) and 9 (11.3), the low 5 (9.4), confirmed 2 bars later', () => {
    assert.deepEqual(
      swings(S2, 2).map((s) => [s.index, s.kind, s.price, s.confirmedIndex]),
      [
        [2, 'high', 10.8, 4],
        [5, 'low', 9.4, 7],
        [9, 'high', 11.3, 11],
      ],
    )
  })
  it('equal highs: the earlier bar is the pivot; too few bars: none', () => {
    const b = barsOf([1, 1, 1, 1, 1, 1], [1, 2, 3, 3, 2, 1], [0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1])
    assert.deepEqual(
      swings(b, 2)
        .filter((s) => s.kind === 'high')
        .map((s) => s.index),
      [2],
    )
    assert.deepEqual(swings(S2.slice(0, 4), 2), [])
  })
})

describe('fair value gaps', () => {
  it('F1: bullish at 1 [101, 102], CE 101.5, touched 4, CE hit 5, not filled; bearish at 4 [102.6, 103] unmitigated', () => {
    const g = fairValueGaps(F1)
    assert.equal(g.length, 2)
    const [bull, bear] = g
    assert.deepEqual(
      [bull!.direction, bull!.index, bull!.confirmed, bull!.top, bull!.bottom, bull!.ce, bull!.state],
      ['bullish', 1, 2, 102.0, 101.0, 101.5, 'partially'],
    )
    assert.equal(bull!.touched?.index, 4)
    assert.equal(bull!.touched?.low, 101.8)
    assert.equal(bull!.ce_hit?.index, 5)
    assert.equal(bull!.filled, null)
    assert.deepEqual(
      bull!.evidence.candles.map((c) => [c.index, c.high, c.low]),
      [
        [0, 101.0, 99.0],
        [1, 104.0, 100.4],
        [2, 105.0, 102.0],
      ],
    )
    assert.deepEqual(
      [bear!.direction, bear!.index, bear!.top, bear!.bottom, bear!.state, bear!.touched],
      ['bearish', 4, 103.0, 102.6, 'unmitigated', null],
    )
  })
  it('filled: a later low at or below the bottom → fully, with the filling bar', () => {
    const more = [
      ...F1,
      ...barsOf([102.4], [102.5], [100.9], [101.0]).map((b) => ({ ...b, time: '2026-03-03T14:00:00.000Z' })),
    ]
    const bull = fairValueGaps(more)[0]!
    assert.equal(bull.state, 'fully')
    assert.equal(bull.filled?.index, 6)
  })
  it('counter-examples: overlapping wicks, or a gap whose middle candle moves the other way', () => {
    const overlap = barsOf([100, 100.5, 103], [101, 104, 105], [99, 100.4, 100.9], [100.5, 103.8, 104])
    assert.deepEqual(fairValueGaps(overlap), [])
    const downMiddle = barsOf([100, 103.8, 103], [101, 104, 105], [99, 100.4, 102], [100.5, 100.5, 104])
    assert.deepEqual(fairValueGaps(downMiddle), [])
  })
})

describe('order blocks and breakers', () => {
  const obs = orderBlocks(S2, swings(S2, 2))
  it('S2: the bullish OB from the break at 8 is bar 5 [9.4, 10.0], tapped 11, failed 12', () => {
    const bull = obs.find((o) => o.direction === 'bullish')!
    assert.deepEqual(
      [bull.index, bull.bottom, bull.top, bull.confirmed, bull.state],
      [5, 9.4, 10.0, 8, 'failed'],
    )
    assert.equal(bull.tapped?.index, 11)
    assert.equal(bull.tapped?.low, 9.9)
    assert.equal(bull.failed?.index, 12)
    assert.deepEqual(
      [bull.evidence.swing.index, bull.evidence.swing.price, bull.evidence.break.close],
      [2, 10.8, 11.0],
    )
  })
  it('S2: the bearish OB from the break at 12 is bar 9 [10.8, 11.3], not tapped', () => {
    const bear = obs.find((o) => o.direction === 'bearish')!
    assert.deepEqual(
      [bear.index, bear.bottom, bear.top, bear.confirmed, bear.state],
      [9, 10.8, 11.3, 12, 'active'],
    )
    assert.equal(bear.tapped, null)
  })
  it('S2: OB [9.4, 10.0] becomes a bearish breaker at 12 (close 9.35); a later close above 10.0 invalidates it', () => {
    const br = obs.find((o) => o.direction === 'bullish')!.breaker!
    assert.deepEqual(
      [br.direction, br.bottom, br.top, br.formed.index, br.formed.close, br.invalidated],
      ['bearish', 9.4, 10.0, 12, 9.35, null],
    )
    const later = [
      ...S2,
      ...barsOf([9.4], [10.3], [9.3], [10.1]).map((b) => ({ ...b, time: '2026-03-03T14:00:00.000Z' })),
    ]
    const br2 = orderBlocks(later, swings(later, 2)).find((o) => o.direction === 'bullish')!.breaker!
    assert.equal(br2.invalidated?.index, 13)
  })
  it('counter-example: a wick below the OB without a close below is failed but no breaker', () => {
    const wick = [...S2.slice(0, 12), { ...S2[12]!, close: 9.6 }]
    const bull = orderBlocks(wick, swings(wick, 2)).find((o) => o.direction === 'bullish')!
    assert.equal(bull.state, 'failed')
    assert.equal(bull.breaker, null)
  })
  it('no break before the swing is confirmed: S2 up to bar 7 has no order block', () => {
    assert.deepEqual(orderBlocks(S2.slice(0, 8), swings(S2.slice(0, 8), 2)), [])
  })
})
