import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { drawdownFromPeak } from './drawdown.ts'

describe('drawdownFromPeak', () => {
  it('(peak − latest) / peak × 100 from the highest value so far', () => {
    assert.deepEqual(drawdownFromPeak([100, 120, 90, 108]), { percent: '10', peak: 120, latest: 108 })
    assert.equal(drawdownFromPeak([1000, 1000.01, 999.99])!.percent, '0.002')
    assert.equal(drawdownFromPeak([50, 60])!.percent, '0')
    assert.equal(drawdownFromPeak([]), null)
    assert.equal(drawdownFromPeak([0, -5]), null)
  })
})
