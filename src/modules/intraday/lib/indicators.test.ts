/** The indicator columns against the reference vectors (RSI and MACD on D1, VWAP on S1). */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { inputOf, S1 } from './fixtures.fixture.ts'
import { indicatorColumns } from './indicators.ts'
import { toSessionBars, type TimedBar } from './sessions.ts'

const D1_CLOSE = [
  100.0, 99.93, 102.35, 103.94, 104.39, 102.27, 99.44, 101.31, 102.66, 99.69, 100.72, 97.21, 98.76, 99.9,
  101.45, 100.88, 102.03, 101.73, 99.68, 100.6, 101.42, 101.78, 102.27, 101.44, 101.56, 101.18, 99.77, 98.56,
  98.57, 95.62, 95.45, 97.51, 99.8, 100.7, 101.61, 101.09, 101.62, 100.9, 102.42, 101.73,
]
const near = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-6, `${actual} ≠ ${expected}`)

describe('indicator columns', () => {
  it('session VWAP on the typical price (S1 table)', () => {
    const { vwap } = indicatorColumns(inputOf(S1).bars)
    const want = [51.316667, 51.35, 51.302469, 51.221144, 51.147046, 51.110741, 51.128395, 51.1812, 51.270134]
    want.forEach((w, i) => near(vwap[i]!, w))
    near(vwap[11]!, 51.455041)
  })

  it('RSI(14) Wilder and MACD(12/26/9) with TA-Lib seeding, NaN (null on the wire) in warm-up', () => {
    const bars: TimedBar[] = D1_CLOSE.map((c, i) => ({ t: i, open: c, high: c, low: c, close: c, volume: 1 }))
    const col = indicatorColumns(toSessionBars(bars))
    assert.ok(Number.isNaN(col.rsi[13]!))
    near(col.rsi[14]!, 52.965235)
    near(col.rsi[39]!, 54.733569)
    assert.ok(Number.isNaN(col.macd[24]!))
    near(col.macd[25]!, 0.235385)
    assert.ok(Number.isNaN(col.macdSignal[32]!))
    near(col.macd[33]!, -0.61785)
    near(col.macdSignal[33]!, -0.448604)
    near(col.macdHist[33]!, -0.169246)
    near(col.macdHist[39]!, 0.346698)
  })
})
