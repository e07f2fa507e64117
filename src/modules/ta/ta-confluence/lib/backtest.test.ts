import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { backtest } from './backtest.ts'

const near = (a: number | null | undefined, b: number) =>
  assert.ok(a !== null && a !== undefined && Math.abs(a - b) < 1e-9, `${a} vs ${b}`)
const bars = (closes: number[]): Bar[] =>
  closes.map((c, i) => ({
    time: `2026-01-${String(i + 1).padStart(2, '0')}T05:00:00.000Z`,
    open: c,
    high: c,
    low: c,
    close: c,
    volume: 1,
    vwap: null,
  }))

describe('pattern backtest arithmetic', () => {
  //            0    1    2    3    4    5    6
  const b = bars([100, 110, 99, 121, 110, 100, 120])

  it('hand-worked: bullish at 0, bearish at 2, bullish at 5; horizons 1 and 2', () => {
    const r = backtest(
      b,
      [
        { index: 0, direction: 'bullish' },
        { index: 2, direction: 'bearish' },
        { index: 5, direction: 'bullish' },
      ],
      [1, 2],
    )
    assert.equal(r.sample_size, 3)
    assert.deepEqual(
      r.occurrences.map((o) => [o.index, o.time.slice(0, 10), o.direction, o.price]),
      [
        [0, '2026-01-01', 'bullish', 100],
        [2, '2026-01-03', 'bearish', 99],
        [5, '2026-01-06', 'bullish', 100],
      ],
    )
    // h=1: +0.10, −(121/99 − 1) = −0.222222…, +0.20 → 2 hits of 3
    const [h1, h2] = r.horizons
    assert.deepEqual([h1!.horizon, h1!.sample_size], [1, 3])
    near(h1!.hit_rate, 2 / 3)
    near(h1!.avg_return, (0.1 - 22 / 99 + 0.2) / 3)
    // h=2: −0.01, −(110/99 − 1) = −0.111111…; bar 5 + 2 runs past the end → excluded
    assert.deepEqual([h2!.horizon, h2!.sample_size], [2, 2])
    near(h2!.hit_rate, 0)
    near(h2!.avg_return, (-0.01 - 11 / 99) / 2)
    assert.equal(r.occurrences[2]!.forward['2'], null)
  })

  it('no occurrences → sample 0 and null figures', () => {
    const r = backtest(b, [])
    assert.equal(r.sample_size, 0)
    assert.deepEqual(
      r.horizons.map((h) => [h.horizon, h.sample_size, h.hit_rate, h.avg_return]),
      [
        [1, 0, null, null],
        [5, 0, null, null],
        [10, 0, null, null],
        [20, 0, null, null],
      ],
    )
  })
})
