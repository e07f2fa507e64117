import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { partitionPoint } from './sorted.ts'

describe('partitionPoint', () => {
  const xs = [1, 2, 2, 2, 5, 8]
  it('gives the lower and upper bounds of a key', () => {
    assert.equal(
      partitionPoint(xs, (x) => x < 2),
      1,
    )
    assert.equal(
      partitionPoint(xs, (x) => x <= 2),
      4,
    )
    assert.equal(
      partitionPoint(xs, (x) => x < 3),
      4,
    )
  })
  it('is 0 or the length at the ends, and 0 for nothing', () => {
    assert.equal(
      partitionPoint(xs, (x) => x < 0),
      0,
    )
    assert.equal(
      partitionPoint(xs, (x) => x < 99),
      xs.length,
    )
    assert.equal(
      partitionPoint([], () => true),
      0,
    )
  })
})
