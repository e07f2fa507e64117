/** docs/definitions.md#market-structure vectors (bars S2) and hand-built series through the pure structure lib. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { analyzeStructure } from './analyze.ts'
import { structureBreaks } from './breaks.ts'
import { barsOf, S2, S2_BARS } from './s2.fixture.ts'
import { findSwings, labelSequence, trendOf } from './swings.ts'

const LR2 = { left: 2, right: 2 }

/** Bars from highs and lows; close = open = the midpoint. */
export function hl(H: number[], L: number[]) {
  const C = H.map((h, i) => (h + L[i]!) / 2)
  return barsOf({ O: C, H, L, C })
}
/** A bullish zigzag (L = R = 2): highs 2, 6, 10 (–, HH, HH), lows 4, 8 (–, HL); BOS bullish at 6 and 10. */
export const UP = {
  H: [10, 11, 12, 11, 10, 11, 13, 12, 11, 12, 14, 13, 12],
  L: [9, 10, 11, 10, 9.5, 10, 12, 11, 10.5, 11, 13, 12, 11],
}
/** The mirror image of UP (30 − price): a bearish zigzag. */
export const DOWN = { H: UP.L.map((x) => 30 - x), L: UP.H.map((x) => 30 - x) }

describe('swings', () => {
  it('S2, L = R = 2: swing highs at 2 (10.8) and 9 (11.3), the only swing low at 5 (9.4)', () => {
    const s = findSwings(S2_BARS, LR2)
    assert.deepEqual(
      s.map((x) => [x.kind, x.index, x.price, x.confirmedIndex]),
      [
        ['high', 2, 10.8, 4],
        ['low', 5, 9.4, 7],
        ['high', 9, 11.3, 11],
      ],
    )
  })

  it('equal highs: the earlier bar is the pivot; a flat or monotonic series has none', () => {
    const eq = hl([1, 2, 5, 5, 3, 2, 1], [0, 1, 4, 4, 2, 1, 0])
    assert.deepEqual(
      findSwings(eq, LR2)
        .filter((s) => s.kind === 'high')
        .map((s) => s.index),
      [2],
    )
    const flat = hl(Array(10).fill(5), Array(10).fill(4))
    assert.deepEqual(findSwings(flat, LR2), [])
    const rising = hl([1, 2, 3, 4, 5, 6, 7, 8], [0, 1, 2, 3, 4, 5, 6, 7])
    assert.deepEqual(findSwings(rising, LR2), [])
  })

  it('too few bars (fewer than L + R + 1): no swings, ranging, nothing to break', () => {
    const a = analyzeStructure(S2_BARS.slice(0, 4), LR2)
    assert.deepEqual([a.swings, a.events, a.trend, a.last_high], [[], [], 'ranging', null])
    assert.equal(analyzeStructure([], LR2).as_of, null)
  })

  it('is causal: a swing needs its R later bars, so the last R bars are never pivots', () => {
    // Bar 9 (11.3) is confirmed at bar 11: with bars 0..10 it is not a swing yet.
    assert.deepEqual(
      findSwings(S2_BARS.slice(0, 11), LR2).map((s) => s.index),
      [2, 5],
    )
  })
})

describe('labels and trend', () => {
  it('L100, H110, L104, H115, L108, H112, L101 → –, –, HL, HH, HL, LH, LL', () => {
    const seq = [
      ['low', 100],
      ['high', 110],
      ['low', 104],
      ['high', 115],
      ['low', 108],
      ['high', 112],
      ['low', 101],
    ] as const
    const labels = labelSequence(seq.map(([kind, price]) => ({ kind, price })))
    assert.deepEqual(labels, [null, null, 'HL', 'HH', 'HL', 'LH', 'LL'])
  })

  it('EQH/EQL within the tolerance (default exact)', () => {
    const pts = [
      { kind: 'high', price: 10 },
      { kind: 'high', price: 10 },
      { kind: 'high', price: 10.05 },
    ] as const
    assert.deepEqual(labelSequence(pts), [null, 'EQH', 'HH'])
    assert.deepEqual(labelSequence(pts, 0.1), [null, 'EQH', 'EQH'])
  })

  it('a bullish zigzag is bullish, its mirror bearish; S2 (HH but no labelled low) ranging', () => {
    const up = analyzeStructure(hl(UP.H, UP.L), LR2)
    assert.deepEqual(
      up.swings.map((s) => [s.kind, s.bar.index, s.label]),
      [
        ['high', 2, null],
        ['low', 4, null],
        ['high', 6, 'HH'],
        ['low', 8, 'HL'],
        ['high', 10, 'HH'],
      ],
    )
    assert.equal(up.trend, 'bullish')
    assert.equal(up.trend_sign, 1)
    const down = analyzeStructure(hl(DOWN.H, DOWN.L), LR2)
    assert.deepEqual(
      down.swings.map((s) => s.label),
      [null, null, 'LL', 'LH', 'LL'],
    )
    assert.equal(down.trend, 'bearish')
    assert.equal(trendOf(findSwings(S2_BARS, LR2)), 'ranging')
  })
})

describe('BOS and CHoCH (close-based, causal)', () => {
  it('S2: BOS bullish at 8 (11.0 > 10.8 of bar 2), CHoCH bearish at 12 (9.35 < 9.4 of bar 5)', () => {
    const a = analyzeStructure(S2_BARS, LR2)
    assert.deepEqual(
      a.events.map((e) => [
        e.type,
        e.direction,
        e.bar.index,
        e.bar.close,
        e.level.bar.index,
        e.level.price,
        e.prior_trend,
      ]),
      [
        ['bos', 'bullish', 8, 11.0, 2, 10.8, null],
        ['choch', 'bearish', 12, 9.35, 5, 9.4, 'bullish'],
      ],
    )
    assert.equal(a.break_trend, 'bearish')
    assert.equal(a.last_bos?.bar.time, S2_BARS[8]!.time)
    assert.equal(a.last_choch?.level.confirmed.index, 7)
    // Swing high 9 (11.3) is confirmed and unbroken; the low at 5 was broken.
    assert.deepEqual([a.levels.resistance?.bar.index, a.levels.support], [9, null])
    assert.deepEqual(a.last_choch?.bar, {
      index: 12,
      time: S2_BARS[12]!.time,
      open: 10,
      high: 10.2,
      low: 9.3,
      close: 9.35,
    })
  })

  it('each level breaks once; breaks with the trend stay BOS (bullish zigzag: BOS at 6 and 10, no CHoCH)', () => {
    const bars = hl(UP.H, UP.L)
    const a = analyzeStructure(bars, LR2)
    assert.deepEqual(
      a.events.map((e) => [e.type, e.direction, e.bar.index, e.level.price]),
      [
        ['bos', 'bullish', 6, 12],
        ['bos', 'bullish', 10, 13],
      ],
    )
    assert.equal(a.last_choch, null)
  })

  it('no break before a level is confirmed: a close above an unconfirmed swing high does not fire', () => {
    // The high of bar 2 (10.8) is confirmed at bar 4; bar 3 closing at 11 is before that, so the
    // first break is still bar 8.
    const S = { ...S2, C: [...S2.C] }
    S.C[3] = 11
    const bars = barsOf(S)
    const breaks = structureBreaks(bars, findSwings(bars, LR2)).breaks
    assert.deepEqual(
      breaks.map((b) => [b.type, b.index]),
      [
        ['bos', 8],
        ['choch', 12],
      ],
    )
  })
})
