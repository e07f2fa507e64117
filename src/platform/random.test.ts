import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { mulberry32, mulberry32Bits } from './random.ts'

describe('mulberry32', () => {
  it('gives the reference outputs for seed 1', () => {
    // bryc's reference mulberry32(1): the first three draws, as 32-bit integers and as uniforms.
    const bits = mulberry32Bits(1)
    assert.deepEqual([bits(), bits(), bits()], [2693262067, 11749833, 2265367787])
    const next = mulberry32(1)
    assert.deepEqual(
      [next(), next(), next()],
      [2693262067 / 2 ** 32, 11749833 / 2 ** 32, 2265367787 / 2 ** 32],
    )
    assert.equal(mulberry32(1)(), 0.6270739405881613)
  })

  it('repeats for a seed and reduces seeds modulo 2^32', () => {
    const a = mulberry32(42)
    const b = mulberry32(42)
    for (let i = 0; i < 100; i++) assert.equal(a(), b())
    assert.equal(mulberry32(2 ** 32 + 7)(), mulberry32(7)())
    assert.equal(mulberry32(-1)(), mulberry32(2 ** 32 - 1)())
  })
})
