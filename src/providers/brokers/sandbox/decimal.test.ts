/** The sandboxes' rounding is exact: on the decimal a number is written as, never on `x * 100` in floating point. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { averagePrice, cents, centsOf, dec, product, quotient, round } from './decimal.ts'

describe('sandbox decimals', () => {
  it('a value just under half a cent rounds down (a float epsilon used to push it up)', () => {
    assert.equal(cents(0.0049999999999), 0)
    assert.equal(round(0.0049999999999, 2), 0)
    assert.equal(dec(0.0049999999999), '0')
  })

  it('halves round away from zero, on the digits as written', () => {
    // 1.005 and 2.675 are stored just below their halves; written, they are halves.
    assert.equal(cents(1.005), 101)
    assert.equal(round(2.675, 2), 2.68)
    assert.equal(cents(-0.005), -1)
    assert.equal(dec(187.25, 4), '187.25')
    assert.equal(dec(-0.001), '0')
  })

  it("a fill's amount is the exact product: 1927 × 90.395 = 174191.165, half a cent, rounded up", () => {
    // In floating point 1927 * 90.395 is 174191.16499999998, which rounded down to 17419116.
    assert.equal(centsOf(1927, 90.395), 17_419_117)
    assert.equal(product(1927, 90.395), 174_191.17)
    assert.equal(centsOf(3, 187.25), 56_175)
  })

  it('an average cost and a quantity bought for a notional are divided exactly', () => {
    // (10 × 187.25 + 5 × 190.1) / 15 = 2823 / 15 = 188.2
    assert.equal(
      averagePrice([
        [10, 187.25],
        [5, 190.1],
      ]),
      188.2,
    )
    // 1000 / 3 = 333.333333333… to 9 places
    assert.equal(quotient(1000, 3, 9), 333.333333333)
  })

  it('values that are not finite pass through', () => {
    assert.ok(Number.isNaN(round(NaN)))
    assert.equal(cents(Infinity), Infinity)
    assert.equal(dec(NaN), 'NaN')
  })
})
