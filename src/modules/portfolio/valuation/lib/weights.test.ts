import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { percentWeights } from './weights.ts'

const sum4 = (xs: (number | null)[]) =>
  xs.reduce<bigint>((a, x) => a + BigInt(Math.round((x ?? 0) * 10_000)), 0n)

describe('percent weights', () => {
  it('splits thirds so that they add to 100: the leftover unit goes to the first on a tie', () => {
    // 1/3 = 33.33333…%: floors 33.3333 each (99.9999), one unit (0.0001) left, all remainders equal.
    assert.deepEqual(percentWeights([100n, 100n, 100n]), [33.3334, 33.3333, 33.3333])
  })

  it('gives the leftover to the largest remainder', () => {
    // 2/7 = 28.571428…, 5/7 = 71.428571…: floors 28.5714 + 71.4285 = 99.9999; remainders 0.28 and 0.71.
    assert.deepEqual(percentWeights([2n, 5n]), [28.5714, 71.4286])
  })

  it('handles a negative item (a short or overdrawn cash) with true floors', () => {
    // total 100: 120 %, −30 %, 10 %, exact.
    assert.deepEqual(percentWeights([120n, -30n, 10n]), [120, -30, 10])
    // total 3: 2/3 = 66.6666…, −1/3 = −33.3333…, 2/3: floors 66.6666, −33.3334, 66.6666 (99.9998).
    const w = percentWeights([2n, -1n, 2n])
    assert.equal(sum4(w), 1_000_000n)
    assert.deepEqual(w, [66.6667, -33.3333, 66.6666])
  })

  it('answers null weights when the total is not positive', () => {
    assert.deepEqual(percentWeights([0n, 0n]), [null, null])
    assert.deepEqual(percentWeights([-5n, 2n]), [null, null])
    assert.deepEqual(percentWeights([]), [])
  })
})
