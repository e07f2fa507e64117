/**
 * The indicator columns against the reference vectors (RSI and MACD on the D1 closes, VWAP on S1),
 * and RSI/MACD seeded from earlier sessions against a reference computed over the concatenated closes.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { inputOf, S1 } from './fixtures.fixture.ts'
import { indicatorColumns } from './indicators.ts'
import { referenceMacd, referenceRsi } from './reference.fixture.ts'
import { toSessionBars, type TimedBar } from './sessions.ts'

const D1_CLOSE = [
  100.0, 99.93, 102.35, 103.94, 104.39, 102.27, 99.44, 101.31, 102.66, 99.69, 100.72, 97.21, 98.76, 99.9,
  101.45, 100.88, 102.03, 101.73, 99.68, 100.6, 101.42, 101.78, 102.27, 101.44, 101.56, 101.18, 99.77, 98.56,
  98.57, 95.62, 95.45, 97.51, 99.8, 100.7, 101.61, 101.09, 101.62, 100.9, 102.42, 101.73,
]
const near = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-6, `${actual} ≠ ${expected}`)
/** NaN in a column is null in the reference. */
const sameAs = (actual: ArrayLike<number>, expected: (number | null)[], what: string) => {
  assert.equal(actual.length, expected.length, what)
  expected.forEach((e, i) => {
    const a = actual[i]!
    if (e === null) assert.ok(Number.isNaN(a), `${what}[${i}]: ${a}, want null`)
    else assert.ok(Math.abs(a - e) < 1e-9, `${what}[${i}]: ${a} ≠ ${e}`)
  })
}
const barsOf = (closes: number[]): TimedBar[] =>
  closes.map((c, i) => ({ t: i, open: c, high: c + 0.2, low: c - 0.3, close: c, volume: 1000 + i }))
/** A deterministic wandering series (a linear congruential generator, no Math.random). */
function walk(n: number, from: number, seed: number): number[] {
  let s = seed
  let c = from
  return Array.from({ length: n }, () => {
    s = (s * 1103515245 + 12345) % 2147483648
    c = Math.round((c + (s / 2147483648 - 0.5) * 0.8) * 100) / 100
    return c
  })
}

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

  it('the reference implementation reproduces the D1 vectors', () => {
    const r = referenceRsi(D1_CLOSE)
    const m = referenceMacd(D1_CLOSE)
    assert.equal(r[13], null)
    near(r[14]!, 52.965235)
    near(r[39]!, 54.733569)
    assert.equal(m.macd[24], null)
    near(m.macd[25]!, 0.235385)
    assert.equal(m.signal[32], null)
    near(m.signal[33]!, -0.448604)
    near(m.hist[39]!, 0.346698)
  })

  it('seeded from earlier sessions: a half day at 15m (14 bars) has RSI and MACD from its first bar', () => {
    // Two full 15-minute sessions (26 bars each) before a 14-bar half day.
    const warm = walk(52, 100, 7)
    const today = walk(14, warm.at(-1)!, 11)
    const col = indicatorColumns(toSessionBars(barsOf(today)), warm)
    const all = [...warm, ...today]
    const cut = <T>(xs: T[]) => xs.slice(warm.length)
    const m = referenceMacd(all)
    sameAs(col.rsi, cut(referenceRsi(all)), 'rsi')
    sameAs(col.macd, cut(m.macd), 'macd')
    sameAs(col.macdSignal, cut(m.signal), 'signal')
    sameAs(col.macdHist, cut(m.hist), 'hist')
    assert.ok(!Number.isNaN(col.rsi[0]!) && !Number.isNaN(col.macdHist[0]!))
    // VWAP stays anchored at the session: the same as without warm-up.
    assert.deepEqual(col.vwap, indicatorColumns(toSessionBars(barsOf(today))).vwap)
  })

  it('a short warm-up shortens the nulls by its length; none is the first session of the history', () => {
    const warm = walk(10, 50, 3)
    const today = walk(30, warm.at(-1)!, 5)
    const col = indicatorColumns(toSessionBars(barsOf(today)), warm)
    const all = [...warm, ...today]
    sameAs(col.rsi, referenceRsi(all).slice(10), 'rsi')
    sameAs(col.macdSignal, referenceMacd(all).signal.slice(10), 'signal')
    assert.ok(Number.isNaN(col.rsi[3]!) && !Number.isNaN(col.rsi[4]!)) // 14 − 10
    assert.ok(Number.isNaN(col.macdSignal[22]!) && !Number.isNaN(col.macdSignal[23]!)) // 33 − 10
    const alone = indicatorColumns(toSessionBars(barsOf(today)))
    sameAs(alone.rsi, referenceRsi(today), 'rsi alone')
  })
})
