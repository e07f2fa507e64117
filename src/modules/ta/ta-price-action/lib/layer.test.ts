/** The TaLayer: catalog, causal occurrences (adding bars never moves an earlier one), the layer score. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { layer, PATTERNS } from './layer.ts'
import { barsOf, DECLINE, W1, type Quad } from './vectors.fixture.ts'

/** A deterministic OHLCV walk (small LCG) with occasional long shadows and volume bursts. */
function walk(n: number, seed = 7): Bar[] {
  let s = seed
  const rnd = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const quads: Quad[] = []
  const vols: number[] = []
  let c = 50
  for (let i = 0; i < n; i++) {
    const o = c
    c = o * (1 + (rnd() - 0.5) * 0.05)
    const hi = Math.max(o, c) * (1 + rnd() * 0.02)
    const lo = Math.min(o, c) * (1 - rnd() * (rnd() < 0.2 ? 0.06 : 0.02))
    quads.push([o, hi, lo, c])
    vols.push(rnd() < 0.1 ? 400 : 100 + Math.round(rnd() * 50))
  }
  return barsOf(quads, vols)
}

const STAR: Quad[] = [
  ...DECLINE,
  [21.0, 21.1, 19.9, 20.0],
  [19.8, 19.95, 19.5, 19.7],
  [19.85, 20.75, 19.8, 20.6],
]

describe('price-action layer catalog', () => {
  it('unique snake_case ids, all in the price_action layer, with directions', () => {
    const ids = PATTERNS.map((p) => p.id)
    assert.equal(new Set(ids).size, ids.length)
    assert.ok(ids.every((id) => /^[a-z][a-z0-9_]*$/.test(id)))
    assert.ok(PATTERNS.every((p) => p.layer === 'price_action' && p.directions.length > 0 && p.description))
    for (const id of [
      'hammer',
      'morning_star',
      'bullish_reversal',
      'bearish_reversal',
      'wyckoff_sc',
      'wyckoff_spring',
      'wyckoff_utad',
    ])
      assert.ok(ids.includes(id), id)
    assert.equal(ids.length, 11 + 2 + 12)
  })
  it('an unknown pattern id → no occurrences', () => assert.deepEqual(layer.occurrences(W1, 'nope'), []))
})

describe('occurrences', () => {
  it('W1: the SC at 13, the AR confirmed at 19, the LPS at 30, the reversal after the spring', () => {
    assert.deepEqual(layer.occurrences(W1, 'wyckoff_sc'), [{ index: 13, direction: 'bullish' }])
    assert.deepEqual(layer.occurrences(W1, 'wyckoff_ar'), [{ index: 19, direction: 'bullish' }])
    assert.deepEqual(layer.occurrences(W1, 'wyckoff_lps'), [{ index: 30, direction: 'bullish' }])
    assert.deepEqual(layer.occurrences(barsOf(STAR), 'morning_star'), [{ index: 6, direction: 'bullish' }])
  })
  it('causal: every prefix sees exactly the full series’ occurrences before its end', () => {
    const bars = [...walk(150), ...W1.map((b) => ({ ...b, time: b.time }))]
    let seen = 0
    for (const p of PATTERNS) {
      const full = layer.occurrences(bars, p.id)
      seen += full.length
      for (const n of [40, 90, 151, 160, 170]) {
        const prefix = layer.occurrences(bars.slice(0, n), p.id)
        assert.deepEqual(
          prefix,
          full.filter((o) => o.index < n),
          `${p.id} @ ${n}`,
        )
      }
    }
    assert.ok(seen > 50, `only ${seen} occurrences: the test would be vacuous`)
  })
})

describe('score (strength/100 signed, decaying over 5 bars)', () => {
  it('a morning star on the last bar → +1; two bars later 0.6; five bars later null', () => {
    assert.equal(layer.score(barsOf(STAR)).score, 1)
    const flat: Quad = [20.6, 20.6, 20.6, 20.6]
    assert.equal(layer.score(barsOf([...STAR, flat, flat])).score, 0.6)
    const late = layer.score(barsOf([...STAR, flat, flat, flat, flat, flat]))
    assert.equal(late.score, null)
  })
  it('an 80 engulfing → +0.8; a bearish engulfing → −1', () => {
    assert.equal(
      layer.score(
        barsOf([
          [20.4, 20.5, 19.9, 20.0],
          [20.0, 20.7, 19.95, 20.6],
        ]),
      ).score,
      0.8,
    )
    assert.equal(
      layer.score(
        barsOf([
          [20.0, 20.55, 19.95, 20.45],
          [20.5, 20.6, 19.8, 19.9],
        ]),
      ).score,
      -1,
    )
  })
  it('only a neutral pattern (doji) or no bars → null', () => {
    assert.equal(layer.score(barsOf([[20.0, 20.6, 19.5, 20.05]])).score, null)
    assert.equal(layer.score([]).score, null)
  })
})
