import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { cumulativeSeries, drawdown, type DatedGain } from './drawdown.ts'

const g = (date: string, cents: number): DatedGain => ({ date, gainLossCents: BigInt(cents) })
const curve = (...values: number[]) =>
  values.map((cumulative, i) => ({ date: `2024-02-${String(i + 1).padStart(2, '0')}`, cumulative }))

describe('cumulativeSeries', () => {
  it('merges same-date trades, sorts by date and accumulates', () => {
    const series = cumulativeSeries([
      g('2024-01-05', -8000),
      g('2024-01-02', 10000),
      g('2024-01-03', 5000),
      g('2024-01-03', -2000),
    ])
    // 01-02: +100 → 100; 01-03: +50 − 20 = +30 → 130; 01-05: −80 → 50
    assert.deepEqual(series, [
      { date: '2024-01-02', pnl: 100, cumulative: 100 },
      { date: '2024-01-03', pnl: 30, cumulative: 130 },
      { date: '2024-01-05', pnl: -80, cumulative: 50 },
    ])
  })

  it('adds in cents, exactly', () => {
    const series = cumulativeSeries([g('2024-01-01', 10), g('2024-01-02', 20)])
    assert.equal(series[1]!.cumulative, 0.3) // not 0.30000000000000004
  })

  it('refuses invalid dates (the caller must drop them)', () => {
    assert.throws(() => cumulativeSeries([g('VARIOUS', 1)]), RangeError)
    assert.throws(() => cumulativeSeries([g('2024-02-30', 1)]), RangeError)
  })

  it('is empty for no trades', () => {
    assert.deepEqual(cumulativeSeries([]), [])
  })
})

describe('drawdown', () => {
  it('finds peak, trough and recovery (worked example)', () => {
    // cumulative: 100, 130, 50, 10, 160, 150
    // running peak: 100, 130, 130, 130, 160, 160 → drawdown: 0, 0, 80, 120, 0, 10
    // max 120 from the peak 130 (01-03) to 10 (01-08): 120 / 130 = 92.307…% → 92.31;
    // first close back at ≥ 130 is 160 on 01-10.
    const series = cumulativeSeries([
      g('2024-01-02', 10000),
      g('2024-01-03', 3000),
      g('2024-01-05', -8000),
      g('2024-01-08', -4000),
      g('2024-01-10', 15000),
      g('2024-01-12', -1000),
    ])
    const d = drawdown(series)
    assert.equal(d.max_drawdown, 120)
    assert.equal(d.max_drawdown_pct, 92.31)
    assert.equal(d.peak_date, '2024-01-03')
    assert.equal(d.trough_date, '2024-01-08')
    assert.equal(d.recovery_date, '2024-01-10')
    assert.deepEqual(
      d.series.map((p) => p.drawdown),
      [0, 0, 80, 120, 0, 10],
    )
    assert.deepEqual(
      d.series.map((p) => p.cumulative),
      [100, 130, 50, 10, 160, 150],
    )
  })

  it('counts losing from the start as a drawdown from 0', () => {
    // cumulative −50, −30, −60, 10; the peak is the starting 0 (no date): drawdown 50, 30, 60, 0.
    // Max 60 on 02-03; the curve is back at ≥ 0 on 02-04. The peak is 0, so no percentage.
    const d = drawdown(curve(-50, -30, -60, 10))
    assert.equal(d.max_drawdown, 60)
    assert.equal(d.max_drawdown_pct, null)
    assert.equal(d.peak_date, null)
    assert.equal(d.trough_date, '2024-02-03')
    assert.equal(d.recovery_date, '2024-02-04')
    assert.deepEqual(
      d.series.map((p) => p.drawdown),
      [50, 30, 60, 0],
    )
  })

  it('is 0 for a curve that only rises', () => {
    const d = drawdown(curve(10, 20, 20, 30))
    assert.equal(d.max_drawdown, 0)
    assert.equal(d.max_drawdown_pct, 0)
    assert.equal(d.peak_date, null)
    assert.equal(d.trough_date, null)
    assert.equal(d.recovery_date, null)
    assert.deepEqual(
      d.series.map((p) => p.drawdown),
      [0, 0, 0, 0],
    )
  })

  it('gives zeros and nulls for an empty series', () => {
    assert.deepEqual(drawdown([]), {
      max_drawdown: 0,
      max_drawdown_pct: null,
      peak_date: null,
      trough_date: null,
      recovery_date: null,
      series: [],
    })
  })

  it('has no recovery date when the curve never gets back', () => {
    // 100 → 40: 60 below the peak, 60 / 100 = 60%.
    const d = drawdown(curve(100, 40))
    assert.equal(d.max_drawdown, 60)
    assert.equal(d.max_drawdown_pct, 60)
    assert.equal(d.peak_date, '2024-02-01')
    assert.equal(d.recovery_date, null)
  })

  it('measures from the latest date at an equal high', () => {
    // 100, 50, 100, 40: falls of 50 (from 02-01) then 60 (from the return to 100 on 02-03).
    const d = drawdown(curve(100, 50, 100, 40))
    assert.equal(d.max_drawdown, 60)
    assert.equal(d.peak_date, '2024-02-03')
    assert.equal(d.trough_date, '2024-02-04')
  })

  it('can exceed 100% when the curve falls below zero', () => {
    // 100 → −50: 150 below the peak of 100 = 150%.
    const d = drawdown(curve(100, -50))
    assert.equal(d.max_drawdown, 150)
    assert.equal(d.max_drawdown_pct, 150)
  })

  it('subtracts in cents', () => {
    // 0.3 → 0.1: 0.2 exactly (in doubles 0.3 − 0.1 = 0.19999999999999998)
    const d = drawdown(curve(0.3, 0.1))
    assert.equal(d.max_drawdown, 0.2)
  })
})
