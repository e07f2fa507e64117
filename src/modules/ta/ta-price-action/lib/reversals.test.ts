/** Reversal candidates on a hand-worked series: 16 flat bars, a 4-bar decline, a hammer. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { findReversals } from './reversals.ts'
import { barsOf, DECLINE, type Quad } from './vectors.fixture.ts'

const FLAT: Quad[] = Array.from({ length: 16 }, () => [22.0, 22.2, 21.8, 22.0] as const)
const HAMMER: Quad = [20.1, 20.3, 19.0, 20.25]
const UP_NEXT: Quad = [20.3, 20.8, 20.2, 20.7]
const vols = (hammer: number) => [...Array(20).fill(100), hammer, 100]
const near = (a: number | null | undefined, b: number) =>
  assert.ok(a != null && Math.abs(a - b) < 1e-6, `${a} vs ${b}`)

describe('reversal candidates', () => {
  it('hammer after a decline, in the discount half and below the lower band, on 2× volume → 1.0, confirmed', () => {
    const bars = barsOf([...FLAT, ...DECLINE, HAMMER, UP_NEXT], vols(200))
    const [r, ...rest] = findReversals(bars, 3)
    assert.equal(rest.length, 0)
    assert.deepEqual(
      [r!.direction, r!.patterns, r!.index, r!.status, r!.resolved_index, r!.trigger],
      ['bullish', ['hammer', 'bullish_pin_bar'], 20, 'confirmed', 21, 20.3],
    )
    assert.deepEqual(r!.context.close_4_back, 22.0) // C[19] 20.6 < C[16] 22.0
    assert.equal(r!.context.prior_close, 20.6)
    near(r!.context.sma20, (17 * 22 + 21.6 + 21.2 + 20.6) / 20)
    assert.deepEqual(r!.location.range_half, { high: 22.3, low: 19.0, equilibrium: 20.65, close: 20.25 })
    near(r!.location.bollinger?.band, 20.794939875248097)
    assert.equal(r!.location.bollinger?.extreme, 19.0)
    assert.equal(r!.location.swing, null) // flat lows are no pivots (strict on the left)
    assert.deepEqual([r!.volume.average, r!.volume.ratio, r!.volume.spike], [100, 2, true])
    near(r!.score, 1.0)
  })

  it('ordinary volume scores 0.7; a next close below the trigger fails; no next bar is pending', () => {
    near(findReversals(barsOf([...FLAT, ...DECLINE, HAMMER, UP_NEXT], vols(100)), 3)[0]!.score, 0.7)
    const failed = findReversals(barsOf([...FLAT, ...DECLINE, HAMMER, [20.3, 20.35, 20.0, 20.3]]), 3)[0]!
    assert.deepEqual([failed.status, failed.resolved_index], ['failed', 21]) // 20.3 is not > 20.3
    const pending = findReversals(barsOf([...FLAT, ...DECLINE, HAMMER]), 3)[0]!
    assert.deepEqual([pending.status, pending.resolved_index], ['pending', null])
  })

  it('counter-examples: no prior move (flat then a pin bar), no location (too few bars)', () => {
    assert.deepEqual(findReversals(barsOf([...FLAT, ...FLAT.slice(0, 4), HAMMER, UP_NEXT]), 3), [])
    assert.deepEqual(findReversals(barsOf([...DECLINE, HAMMER, UP_NEXT]), 3), [])
  })

  it('a swing low within 0.5·ATR14 counts as the location (pivot 16 at 20.0, confirmed at 19)', () => {
    const dip: Quad[] = [
      [21.9, 22.0, 20.0, 21.5],
      [21.5, 21.9, 21.0, 21.8],
      [21.8, 22.0, 21.2, 21.6],
      [21.6, 21.7, 20.9, 21.0],
    ]
    const hammer: Quad = [20.6, 20.75, 20.05, 20.7]
    const r = findReversals(barsOf([...FLAT, ...dip, hammer, UP_NEXT]), 3)[0]!
    assert.deepEqual([r.index, r.patterns.includes('hammer')], [20, true])
    assert.equal(r.location.swing?.index, 16)
    assert.equal(r.location.swing?.price, 20.0)
    near(r.location.swing?.distance, 0.05)
    near(r.location.swing?.limit, 0.5 * r.atr!)
    assert.ok(r.location.swing.distance <= r.location.swing.limit)
  })
})
