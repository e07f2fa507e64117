import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isNull, near, warmUp } from './assert-near.fixture.ts'
import { S1 } from './vectors.fixture.ts'
import { relativeVolume, relativeVolumeSeries, sessionVwap } from './volume.ts'

const { high: H, low: L, close: C, volume: V } = S1

describe('session VWAP (typical price)', () => {
  const want = [
    51.316667, 51.35, 51.302469, 51.221144, 51.147046, 51.110741, 51.128395, 51.1812, 51.270134, 51.386872,
    51.432556, 51.455041,
  ]
  const closeMinusVwap = [
    0.133333, -0.05, -0.252469, -0.421144, -0.447046, -0.160741, 0.221605, 0.4188, 0.529866, 0.663128,
    0.517444, 0.294959,
  ]

  it('S1, every bar', () => {
    const vwap = sessionVwap(H, L, C, V)
    want.forEach((v, i) => near(vwap[i], v, `VWAP[${i}]`))
    closeMinusVwap.forEach((v, i) => near(C[i]! - vwap[i]!, v, `close − VWAP[${i}]`))
  })

  it('uses the typical price, not the close (close-VWAP at 09:30 is 51.45)', () => {
    assert.ok(Math.abs(sessionVwap(H, L, C, V)[0]! - 51.45) > 0.1)
  })

  it('resets when the session key changes', () => {
    const two = (s: number[]) => [...s, ...s]
    const session = [...new Array<number>(12).fill(20_000), ...new Array<number>(12).fill(20_001)]
    const vwap = sessionVwap(two(H), two(L), two(C), two(V), session)
    want.forEach((v, i) => {
      near(vwap[i], v, `day 1 VWAP[${i}]`)
      near(vwap[i + 12], v, `day 2 VWAP[${i}]`)
    })
  })

  it('is null while cumulative volume is 0, and a zero-volume bar leaves it unchanged', () => {
    const vwap = sessionVwap([10, 11, 12, 13], [9, 10, 11, 12], [9.5, 10.5, 11.5, 12.5], [0, 0, 100, 0])
    isNull(vwap[0], 'VWAP[0]')
    isNull(vwap[1], 'VWAP[1]')
    near(vwap[2], 11.5, 'VWAP[2] (the first bar with volume: its typical price)', 1e-12)
    assert.equal(vwap[3], vwap[2])
    assert.equal(sessionVwap([], [], [], []).length, 0)
  })
})

describe('relative volume and its z-score', () => {
  const baseline = [400000, 365000, 512000, 298000, 441000]

  it('S1, window 09:30–10:00 against five sessions', () => {
    const v0 = V.slice(0, 6).reduce((a, b) => a + b, 0)
    assert.equal(v0, 450000)
    const r = relativeVolume(v0, baseline)
    near(r.mean, 403200, 'mean')
    near(r.sd, 80316.249912, 'sd (ddof = 1)')
    near(r.rvol, 1.116071, 'RVOL')
    near(r.z, 0.582697, 'z')
    assert.ok(Math.abs(r.z - 0.651475) > 1e-3, 'not the ddof = 0 z')
    near(sessionVwap(H, L, C, V)[5], 51.110741, 'window VWAP at 09:55')
  })

  it('z is null, not ±∞, when the baseline does not vary; RVOL null on a zero or empty baseline', () => {
    const flat = relativeVolume(5, [3, 3, 3, 3, 3])
    near(flat.rvol, 5 / 3, 'RVOL', 1e-12)
    assert.equal(flat.sd, 0)
    isNull(flat.z, 'z')
    isNull(relativeVolume(5, [0, 0]).rvol, 'RVOL on zero volume')
    isNull(relativeVolume(5, []).rvol, 'RVOL on no baseline')
    isNull(relativeVolume(5, [4]).z, 'z on one session')
  })

  it('along a series, each value against the five before it', () => {
    const s = relativeVolumeSeries([...baseline, 450000], 5)
    warmUp(s.rvol, 5, 'rvol')
    warmUp(s.z, 5, 'z')
    near(s.rvol[5], 1.116071, 'rvol[5]')
    near(s.z[5], 0.582697, 'z[5]')
    const zero = relativeVolumeSeries([0, 0, 0, 7], 3)
    isNull(zero.rvol[3], 'rvol over a zero-volume baseline')
    isNull(zero.z[3], 'z over a zero-variance baseline')
  })
})
