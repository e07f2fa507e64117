import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Bar } from '../../../../providers/market-data/index.ts'
import { weekly } from './timeframes.ts'

const day = (date: string, o: number, h: number, l: number, c: number, v: number): Bar => ({
  time: `${date}T05:00:00.000Z`,
  open: o,
  high: h,
  low: l,
  close: c,
  volume: v,
  vwap: c,
})

describe('weekly bars', () => {
  it('merges New York Monday-based weeks: first open, extremes, last close, summed volume', () => {
    const w = weekly([
      day('2026-11-19', 10, 11, 9, 10.5, 100), // Thursday
      day('2026-11-20', 10.5, 12, 10, 11, 200), // Friday
      day('2026-11-23', 11, 11.5, 8, 9, 300), // Monday: a new week
      day('2026-11-25', 9, 10, 8.5, 9.5, 400),
    ])
    assert.deepEqual(
      w.map((b) => [b.time.slice(0, 10), b.open, b.high, b.low, b.close, b.volume, b.vwap]),
      [
        ['2026-11-19', 10, 12, 9, 11, 300, null],
        ['2026-11-23', 11, 11.5, 8, 9.5, 700, null],
      ],
    )
  })
})
