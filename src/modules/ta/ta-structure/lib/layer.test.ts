/** The structure TaLayer: catalog, causal occurrences (swings and breaks at L = R = 3) and the layer score. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { STRUCTURE_PATTERNS, structureLayer } from './layer.ts'
import { S2_BARS } from './s2.fixture.ts'
import { randomBars, zigzag } from './zigzag.fixture.ts'

const occ = (bars: Parameters<typeof structureLayer.occurrences>[0], id: string) =>
  structureLayer.occurrences(bars, id).map((o) => [o.index, o.direction])

describe('structure layer', () => {
  it('catalog: stable snake_case ids of the structure layer, each described with directions', () => {
    assert.deepEqual(
      STRUCTURE_PATTERNS.map((p) => p.id),
      [
        'swing_high',
        'swing_low',
        'higher_high',
        'higher_low',
        'lower_high',
        'lower_low',
        'equal_highs',
        'equal_lows',
        'bos',
        'choch',
      ],
    )
    for (const p of STRUCTURE_PATTERNS) {
      assert.match(p.id, /^[a-z]+(_[a-z]+)*$/)
      assert.equal(p.layer, 'structure')
      assert.ok(p.description.length > 20 && p.directions.length > 0, p.id)
    }
  })

  it('S2 at the daily L = R = 3: swing low 5 confirmed at 8, swing high 9 at 12, a bearish BOS at 12', () => {
    assert.deepEqual(occ(S2_BARS, 'swing_low'), [[8, 'bullish']])
    assert.deepEqual(occ(S2_BARS, 'swing_high'), [[12, 'bearish']])
    // No trend yet at L = 3 (the high of bar 2 has only two bars before it), so the break is a BOS.
    assert.deepEqual(occ(S2_BARS, 'bos'), [[12, 'bearish']])
    assert.deepEqual(occ(S2_BARS, 'choch'), [])
    assert.deepEqual(occ(S2_BARS, 'no_such_pattern'), [])
  })

  it('a rising zigzag: HH and HL at their confirming bars, no LH/LL, BOS bullish only', () => {
    const bars = zigzag(60, 0.1)
    // Swing highs at phase 6 (bars 6, 18, 30, 42, 54), confirmed 3 bars later; the first has no label.
    assert.deepEqual(occ(bars, 'higher_high'), [
      [21, 'bullish'],
      [33, 'bullish'],
      [45, 'bullish'],
      [57, 'bullish'],
    ])
    assert.deepEqual(occ(bars, 'lower_high'), [])
    assert.deepEqual(occ(bars, 'lower_low'), [])
    // Swing lows at phase 0 (bars 12, 24, 36, 48), the first unlabelled; BOS a bar past each top's level.
    assert.deepEqual(
      occ(bars, 'higher_low').map(([i]) => i),
      [27, 39, 51],
    )
    assert.deepEqual(
      occ(bars, 'bos').map(([i]) => i),
      [17, 29, 41, 53],
    )
    assert.ok(occ(bars, 'bos').every(([, d]) => d === 'bullish'))
    assert.deepEqual(occ(bars, 'choch'), [])
  })

  it('occurrences are causal: adding later bars never moves or removes an earlier one', () => {
    const full = randomBars(7, 300)
    for (const p of STRUCTURE_PATTERNS) {
      const all = structureLayer.occurrences(full, p.id)
      for (const k of [40, 120, 250]) {
        const prefix = structureLayer.occurrences(full.slice(0, k), p.id)
        assert.deepEqual(
          prefix,
          all.filter((o) => o.index < k),
          `${p.id} @${k}`,
        )
      }
    }
    assert.ok(structureLayer.occurrences(full, 'bos').length > 3)
  })

  it('score: +1 rising zigzag, −1 falling, 0 ranging S2-like, null with too few bars; evidence', () => {
    const up = structureLayer.score(zigzag(60, 0.1))
    assert.equal(up.score, 1)
    assert.equal(up.evidence.trend, 'bullish')
    assert.equal((up.evidence.last_high as { label: string }).label, 'HH')
    assert.equal(structureLayer.score(zigzag(60, -0.1)).score, -1)
    assert.equal(structureLayer.score(zigzag(60, 0)).score, 0) // equal highs and lows: EQH/EQL, ranging
    assert.equal(structureLayer.score(zigzag(60, 0)).evidence.trend, 'ranging')
    const few = structureLayer.score(S2_BARS)
    assert.equal(few.score, null)
    assert.equal(few.evidence.bars, 13)
  })
})
