import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isNull, near, warmUp } from './assert-near.fixture.ts'
import { rollingMax, rollingMean, rollingMin, rollingStd, rollingZScore } from './rolling.ts'
import { D1 } from './vectors.fixture.ts'

describe('rolling helpers', () => {
  it('σ of D1 close over 20: population and sample (the pandas value the Bollinger definition rules out)', () => {
    const pop = rollingStd(D1.close, 20)
    warmUp(pop, 19, 'σ')
    near(pop[19], 1.688852, 'population σ[19]')
    near(pop[39], 2.022864, 'population σ[39]')
    near(rollingStd(D1.close, 20, 1)[19], 1.732726, 'sample σ[19]')
    isNull(rollingStd([1, 2, 3], 1, 1)[2], 'sample σ of one value')
  })

  it('stays accurate for large prices with a small spread, over a long series', () => {
    const x = Float64Array.from({ length: 50_000 }, (_, i) => 600_000 + ((i * 7919) % 13) * 0.01)
    const sd = rollingStd(x, 20)
    for (const i of [19, 20, 39, 40, 25_000, 49_999]) {
      let m = 0
      for (let j = i - 19; j <= i; j++) m += x[j]! / 20
      let ss = 0
      for (let j = i - 19; j <= i; j++) ss += (x[j]! - m) ** 2
      near(sd[i], Math.sqrt(ss / 20), `σ[${i}]`, 1e-9)
    }
  })

  it('z-score against the prior window or including the current value', () => {
    const x = [400000, 365000, 512000, 298000, 441000, 450000]
    const z = rollingZScore(x, 5)
    warmUp(z, 5, 'z')
    near(z[5], 0.582697, 'z[5] (sample σ of the 5 before)')
    const zi = rollingZScore(x, 5, { includeCurrent: true, ddof: 0 })
    warmUp(zi, 4, 'z incl.')
    near(
      zi[5],
      (450000 - 413200) / 74138.788768,
      'z incl. current, population (numpy: mean 413200, σ 74138.788768)',
    )
    isNull(rollingZScore([2, 2, 2, 2, 9], 3)[3], 'z over a constant window')
  })

  it('highest high and lowest low of D1 over bars 18–39', () => {
    const hh = rollingMax(D1.high, 22)
    const ll = rollingMin(D1.low, 22)
    warmUp(hh, 21, 'HH22')
    assert.equal(hh[39], 103.02)
    assert.equal(ll[39], 94.28)
    assert.deepEqual([...rollingMean([1, 2, 3], 4)].map(Number.isNaN), [true, true, true])
  })
})
