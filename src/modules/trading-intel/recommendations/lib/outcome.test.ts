import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { scoreOutcome, signedReturnPct } from './outcome.ts'

describe('recommendation outcome', () => {
  it('signs the return by the call: a sell gains when the price falls', () => {
    assert.equal(signedReturnPct('buy', 100, 104), 4)
    assert.equal(signedReturnPct('sell', 100, 104), -4)
    assert.equal(signedReturnPct('sell', 200, 190), 5)
    assert.equal(signedReturnPct('buy', 3, 3.1), 3.3333) // 3.3333… rounded to 4 decimals
  })

  it('buy/sell: hit above +0.5 %, miss below −0.5 %, scratch within the band (inclusive)', () => {
    assert.deepEqual(scoreOutcome('buy', 100, 100.6), { return_pct: 0.6, outcome: 'hit' })
    assert.deepEqual(scoreOutcome('buy', 100, 100.5), { return_pct: 0.5, outcome: 'scratch' })
    assert.deepEqual(scoreOutcome('buy', 100, 99.5), { return_pct: -0.5, outcome: 'scratch' })
    assert.deepEqual(scoreOutcome('buy', 100, 99.4), { return_pct: -0.6, outcome: 'miss' })
    assert.deepEqual(scoreOutcome('sell', 100, 99), { return_pct: 1, outcome: 'hit' })
    assert.deepEqual(scoreOutcome('sell', 100, 101), { return_pct: -1, outcome: 'miss' })
  })

  it('hold: hit within ±2 % either way, miss beyond', () => {
    assert.deepEqual(scoreOutcome('hold', 100, 102), { return_pct: 2, outcome: 'hit' })
    assert.deepEqual(scoreOutcome('hold', 100, 98), { return_pct: -2, outcome: 'hit' })
    assert.deepEqual(scoreOutcome('hold', 100, 102.1), { return_pct: 2.1, outcome: 'miss' })
  })
})
