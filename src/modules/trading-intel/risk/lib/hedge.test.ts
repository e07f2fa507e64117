/** Hedge vectors: β 1.445234 / R² 0.990381, the AAA/CCC hedge table, the 10 % boundary. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { betaOfReturns, bestFit, isConcentrated, sizeHedge, weightOf } from './hedge.ts'

const rs = [0.012, -0.008, 0.015, -0.004, 0.009, -0.011, 0.007, 0.003, -0.006, 0.01]
const rm = [0.008, -0.005, 0.01, -0.002, 0.006, -0.009, 0.004, 0.002, -0.004, 0.007]

describe('hedge sizing', () => {
  it('β and R² of the reference vector', () => {
    const fit = betaOfReturns(rs, rm, 2)
    assert.equal(fit.beta, 1.445234)
    assert.equal(fit.r2, 0.990381)
    assert.equal(fit.observations, 10)
  })

  it('β is null below the minimum pairs and for a flat market', () => {
    assert.deepEqual(betaOfReturns(rs, rm), { beta: null, r2: null, observations: 10 })
    assert.equal(betaOfReturns(rs, new Array(10).fill(0.001), 2).beta, null)
  })

  it('the highest R² wins', () => {
    const fits = [
      { key: 'SPX', beta: 1, r2: 0.5, observations: 30 },
      { key: 'NDX', beta: 1.3, r2: 0.8, observations: 30 },
      { key: 'RUT', beta: null, r2: null, observations: 3 },
    ]
    assert.equal(bestFit(fits)?.key, 'NDX')
    assert.equal(bestFit([fits[2]!]), null)
  })

  it('reproduces the AAA and CCC rows of the hedge table', () => {
    const total = 100_000
    const rows: [number, number, number, number, number[]][] = [
      // mv, β, leverage, price, [full, full shares, excess, excess shares]
      [30_000, 1.2, -1, 40, [36000, 900, 24000, 600]],
      [30_000, 1.2, -2, 20, [18000, 900, 12000, 600]],
      [30_000, 1.2, -3, 15, [12000, 800, 8000, 533]],
      [45_000, 1.35, -1, 35, [60750, 1735, 47250, 1350]],
      [45_000, 1.35, -2, 25, [30375, 1215, 23625, 945]],
      [45_000, 1.35, -3, 10, [20250, 2025, 15750, 1575]],
    ]
    for (const [mv, beta, lev, price, want] of rows) {
      const s = sizeHedge(mv, total, beta, lev, price)
      assert.deepEqual([s.full_notional, s.full_shares, s.excess_notional, s.excess_shares], want)
    }
    assert.equal(sizeHedge(30_000, total, 1.2, -1, null).full_shares, null)
  })

  it('flags strictly above 10 %', () => {
    assert.equal(weightOf(30_000, 100_000), 0.3)
    assert.equal(isConcentrated(weightOf(8_000, 100_000)), false)
    assert.equal(isConcentrated(weightOf(10_000, 100_000)), false)
    assert.equal(isConcentrated(weightOf(10_001, 100_000)), true)
    assert.equal(weightOf(5, 0), 0)
  })
})
