/** The A/B/C vector through alignment and rounding; pairwise dates; null reasons. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Bar } from '../../../../providers/market-data/index.ts'
import { alignCloses, barDate, commonReturns } from './align.ts'
import { correlationCore } from './correlation.ts'
import { weekdays } from './d1.fixture.ts'

const A = [100, 101, 100.5, 102, 103, 102.5, 104, 103.5, 105, 106, 105.5]
const B = [50, 50.4, 50.1, 50.9, 51.2, 51.0, 51.9, 51.5, 52.3, 52.6, 52.4]
const C = [20, 19.8, 20.1, 19.7, 19.5, 19.9, 19.2, 19.4, 19.0, 18.8, 19.1]

/** The closes' returns three times over (30 returns ≥ 20): ρ is unchanged by repeating the sample. */
const thrice = (x: number[]) => {
  const r = x.slice(1).map((v, i) => v / x[i]! - 1)
  return [...r, ...r, ...r].reduce((cs, q) => [...cs, cs[cs.length - 1]! * (1 + q)], [x[0]!])
}
const days = weekdays('2026-06-01', 31)
const bars = (closes: number[], skip: number[] = []): Bar[] =>
  closes.flatMap((c, i) =>
    skip.includes(i)
      ? []
      : [{ time: `${days[i]}T04:00:00.000Z`, open: c, high: c, low: c, close: c, volume: 1, vwap: null }],
  )

describe('correlation core', () => {
  it('simple returns: ρ(A,B) 0.969, ρ(A,C) −0.961, ρ(B,C) −0.954; diagonal 1; 30 pairs', () => {
    const m = new Map([
      ['A', bars(thrice(A))],
      ['B', bars(thrice(B))],
      ['C', bars(thrice(C))],
    ])
    const core = correlationCore(alignCloses(['A', 'B', 'C'], m))
    assert.deepEqual(core.matrix, [
      [1, 0.969, -0.961],
      [0.969, 1, -0.954],
      [-0.961, -0.954, 1],
    ])
    assert.deepEqual(core.observations[0], [30, 30, 30])
    assert.deepEqual(core.reasons, [null, null, null])
  })

  it('pairs use the dates both have; missing, short and flat series are null with a reason', () => {
    const m = new Map([
      ['A', bars(thrice(A), [10])], // one day missing: two returns fewer in A's pairs
      ['B', bars(thrice(B))],
      ['F', bars(new Array(31).fill(7))],
      ['S', bars(thrice(C).slice(0, 12))],
    ])
    const aligned = alignCloses(['A', 'B', 'F', 'S', 'N'], m)
    assert.equal(aligned.dates.length, 31)
    assert.equal(commonReturns(aligned.closes[0]!, aligned.closes[1]!), 28)
    const core = correlationCore(aligned)
    assert.equal(core.observations[0]![1], 28)
    assert.notEqual(core.matrix[0]![1], null)
    assert.deepEqual(core.reasons, [null, null, 'flat', 'too_few_returns', 'no_prices'])
    assert.deepEqual(core.matrix[4], [null, null, null, null, null])
    assert.deepEqual(core.matrix[2], [null, null, null, null, null])
  })

  it('a bar’s date is its New York date (EST and EDT starts, and a 00:00 UTC stamp)', () => {
    const at = (time: string) => barDate({ time, open: 1, high: 1, low: 1, close: 1, volume: 1, vwap: null })
    assert.equal(at('2026-11-24T05:00:00.000Z'), '2026-11-24')
    assert.equal(at('2026-07-01T04:00:00.000Z'), '2026-07-01')
    assert.equal(at('2026-07-01T00:00:00.000Z'), '2026-07-01')
  })
})
