import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { mean, relVolumeZ, sampleStdev } from './rel-volume.ts'

describe('relVolumeZ', () => {
  // History 100, 200, 300, 400, 500: mean 300; squared deviations 40000 + 10000 + 0 + 10000 +
  // 40000 = 100000; sample variance 100000 / 4 = 25000; stdev √25000 = 158.113883008…
  const history = [100, 200, 300, 400, 500]

  it('computes mean and sample stdev (n − 1)', () => {
    assert.equal(mean(history), 300)
    assert.ok(Math.abs(sampleStdev(history) - 158.11388300841898) < 1e-12)
  })

  it('scores the window against the history', () => {
    // (650 − 300) / 158.113883… = 2.213594362…
    assert.ok(Math.abs(relVolumeZ(650, history)! - 2.2135943621178655) < 1e-12)
    // Below the mean is negative: (100 − 300) / 158.113883… = −1.264911064…
    assert.ok(Math.abs(relVolumeZ(100, history)! + 1.2649110640673518) < 1e-12)
    assert.equal(relVolumeZ(300, history), 0)
  })

  it('works with two days', () => {
    // mean 15, sample stdev √((25 + 25) / 1) = 7.0710678…; (25 − 15) / 7.0710678 = √2
    assert.ok(Math.abs(relVolumeZ(25, [10, 20])! - Math.SQRT2) < 1e-12)
  })

  it('is null with fewer than 2 days or no dispersion', () => {
    assert.equal(relVolumeZ(10, []), null)
    assert.equal(relVolumeZ(10, [5]), null)
    assert.equal(relVolumeZ(10, [7, 7, 7]), null)
  })
})
