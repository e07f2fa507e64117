import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { marketBand, withinBand } from './approval-band.ts'

describe('approval band', () => {
  it('is ±2 % of the reference price, rounded half away from zero at 6 decimals', () => {
    assert.deepEqual(marketBand('150'), { low: '147', high: '153' })
    // 123.456789 × 0.98 = 120.98765322 → 120.987653; × 1.02 = 125.92592478 → 125.925925
    assert.deepEqual(marketBand('123.456789'), { low: '120.987653', high: '125.925925' })
    // 0.0000125 × 0.98 = 0.00001225 → 0.000012; × 1.02 = 0.00001275 → 0.000013
    assert.deepEqual(marketBand('0.0000125'), { low: '0.000012', high: '0.000013' })
  })

  it('includes both ends and excludes a cent beyond either', () => {
    const band = marketBand('100')
    assert.equal(withinBand('98', band), true)
    assert.equal(withinBand('102', band), true)
    assert.equal(withinBand('100', band), true)
    assert.equal(withinBand('97.99', band), false)
    assert.equal(withinBand('102.01', band), false)
  })
})
