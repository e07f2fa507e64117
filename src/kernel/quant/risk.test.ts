import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isNull, near, warmUp } from './assert-near.fixture.ts'
import { correlationMatrix, pearson } from './correlation.ts'
import { atrStop, chandelier, trailingStop } from './stops.ts'
import { D1 } from './vectors.fixture.ts'
import { atr } from './volatility.ts'

const { high: H, low: L, close: C } = D1

describe('ATR stop and chandelier (D1)', () => {
  it('ATR22: first value at 22', () => {
    const a = atr(H, L, C, 22)
    warmUp(a, 22, 'ATR22')
    near(a[22], 2.536818, 'ATR22[22]')
    near(a[39], 2.272645, 'ATR22[39]')
  })

  it('ATR stop from the entry C[39] = 101.73, k = 2', () => {
    const a14 = atr(H, L, C, 14)[39]!
    near(atrStop(101.73, a14, 'long'), 97.39005, 'long')
    near(atrStop(101.73, a14, 'short'), 106.06995, 'short')
    near(atrStop(101.73, a14, 'long', 3), 101.73 - 3 * a14, 'long, k = 3', 1e-12)
  })

  it('chandelier exit at 39 and the raw long line over bars 30–39', () => {
    const ch = chandelier(H, L, C, 22, 3)
    warmUp(ch.long, 22, 'chandelier long')
    warmUp(ch.short, 22, 'chandelier short')
    near(ch.long[39], 96.202065, 'long[39]')
    near(ch.short[39], 101.097935, 'short[39]')
    const raw = [
      96.3168, 95.540582, 95.200556, 95.390076, 95.408709, 95.54104, 95.465538, 95.603469, 95.757402,
      96.202065,
    ]
    raw.forEach((v, j) => near(ch.long[30 + j], v, `raw long[${30 + j}]`))
  })

  it('ratcheted from bar 30 the long stop stays at 96.316800; a short one only falls', () => {
    const ch = chandelier(H, L, C)
    const trail = trailingStop(ch.long, 'long', 30)
    warmUp(trail, 30, 'trailing')
    for (let i = 30; i < 40; i++) near(trail[i], 96.3168, `trailing long[${i}]`)
    const short = trailingStop([NaN, 10, 9, 11, 8], 'short')
    assert.deepEqual([...short].slice(1), [10, 9, 9, 8])
    isNull(short[0], 'before the raw line has a value')
  })
})

describe('correlation matrix', () => {
  const A = [100, 101, 100.5, 102, 103, 102.5, 104, 103.5, 105, 106, 105.5]
  const B = [50, 50.4, 50.1, 50.9, 51.2, 51.0, 51.9, 51.5, 52.3, 52.6, 52.4]
  const Cs = [20, 19.8, 20.1, 19.7, 19.5, 19.9, 19.2, 19.4, 19.0, 18.8, 19.1]

  it('simple returns (the pin)', () => {
    const m = correlationMatrix([A, B, Cs], { minPairs: 10 })
    assert.deepEqual([m[0], m[4], m[8]], [1, 1, 1])
    near(m[1], 0.969326, 'ρ(A,B)')
    near(m[2], -0.960526, 'ρ(A,C)')
    near(m[5], -0.953667, 'ρ(B,C)')
    assert.deepEqual([m[3], m[6], m[7]], [m[1], m[2], m[5]], 'symmetric')
    assert.equal(Math.round(m[2]! * 1000) / 1000, -0.961)
  })

  it('log returns differ at the third decimal of ρ(A,C)', () => {
    const m = correlationMatrix([A, B, Cs], { returns: 'log', minPairs: 10 })
    near(m[1], 0.96947, 'ρ(A,B)')
    near(m[2], -0.958858, 'ρ(A,C)')
    near(m[5], -0.953729, 'ρ(B,C)')
    assert.equal(Math.round(m[2]! * 1000) / 1000, -0.959)
  })

  it('null with fewer than 20 pairs (the default), for a series that does not vary, and past gaps', () => {
    assert.ok([...correlationMatrix([A, B])].every(Number.isNaN), '10 returns < 20 pairs')
    const flat = new Array<number>(11).fill(7)
    const m = correlationMatrix([A, flat], { minPairs: 10 })
    assert.equal(m[0], 1)
    assert.ok([m[1], m[2], m[3]].every(Number.isNaN))
    isNull(pearson([1, 2, NaN, 4], [2, 4, 6, NaN], 3), 'two complete pairs < 3')
    near(
      pearson([1, 2, NaN, 4, 5], [2, 4, 6, NaN, 11], 3),
      0.999569,
      'pairwise complete (numpy corrcoef of [1,2,5], [2,4,11])',
    )
    assert.throws(() => correlationMatrix([A, B.slice(1)]), RangeError)
    assert.equal(correlationMatrix([]).length, 0)
  })
})
