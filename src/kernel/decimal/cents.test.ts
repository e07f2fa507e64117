import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { cents, centsOrNull } from './cents.ts'

describe('cents: a computed amount to the cent, as JSON carries it', () => {
  it('drops binary-float tails of sums and products', () => {
    assert.equal(cents(1000000 + 204.1 - 1e-10), 1000204.1)
    assert.equal(cents(1000204.0999999999), 1000204.1)
    assert.equal(cents(0.1 + 0.2), 0.3)
    assert.equal(cents(3 * 33.333333), 100)
  })

  it('rounds half away from zero on the decimal that prints, never −0', () => {
    assert.equal(cents(1.005), 1.01) // Math.round(1.005 * 100) / 100 gives 1
    assert.equal(cents(-1.005), -1.01)
    assert.equal(cents(-0.004), 0)
    assert.ok(Object.is(cents(-0.004), 0))
  })

  it('passes null, NaN and ±∞ as null', () => {
    assert.deepEqual([centsOrNull(null), centsOrNull(undefined), centsOrNull(Number.NaN)], [null, null, null])
    assert.equal(centsOrNull(Infinity), null)
    assert.equal(centsOrNull(2.675), 2.68)
  })
})
