import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { empyricalMaxDrawdown } from './empyrical.fixture.ts'
import { navDrawdown, type ValuePoint } from './nav-drawdown.ts'

/** Dollar values on consecutive January days (cents inside). */
const series = (values: number[]): ValuePoint[] =>
  values.map((v, i) => ({
    date: `2025-01-${String(i + 1).padStart(2, '0')}`,
    cents: BigInt(Math.round(v * 100)),
  }))

describe('navDrawdown (relative maximum drawdown)', () => {
  it('finds the deepest fall relative to the running peak, with its dates', () => {
    // value  1000 1100  990 1210  605 1300 1040 1200
    // peak   1000 1100 1100 1210 1210 1300 1300 1300
    // fall      0    0 −0.1    0 −0.5    0 −0.2 −1/13
    // Deepest −0.5: peak 01-04 (1,210), trough 01-05 (605); back to ≥ 1,210 on 01-06 (1,300).
    const values = [1000, 1100, 990, 1210, 605, 1300, 1040, 1200]
    assert.deepEqual(navDrawdown(series(values)), {
      max_drawdown: -0.5,
      amount: 605,
      peak_date: '2025-01-04',
      peak_nav: 1210,
      trough_date: '2025-01-05',
      trough_nav: 605,
      recovery_date: '2025-01-06',
    })
    assert.ok(Math.abs(-0.5 - empyricalMaxDrawdown(values)) < 1e-12)
  })

  it('is relative: a small fall from a small peak beats a large amount from a large one', () => {
    // 100 → 50 is −50 % (50 dollars); 1,000 → 600 is −40 % (400 dollars). The relative answer is −0.5.
    const values = [100, 50, 1000, 600]
    const dd = navDrawdown(series(values))
    assert.equal(dd.max_drawdown, -0.5)
    assert.equal(dd.amount, 50)
    assert.equal(dd.peak_date, '2025-01-01')
    assert.equal(dd.recovery_date, '2025-01-03')
    assert.ok(Math.abs(dd.max_drawdown - empyricalMaxDrawdown(values)) < 1e-12)
  })

  it('leaves the recovery date null while the value is still below the peak', () => {
    // Peak 120 (01-02), trough 90 (01-03): (90 − 120) / 120 = −0.25; 110 never gets back to 120.
    const values = [100, 120, 90, 110]
    assert.deepEqual(navDrawdown(series(values)), {
      max_drawdown: -0.25,
      amount: 30,
      peak_date: '2025-01-02',
      peak_nav: 120,
      trough_date: '2025-01-03',
      trough_nav: 90,
      recovery_date: null,
    })
    assert.ok(Math.abs(-0.25 - empyricalMaxDrawdown(values)) < 1e-12)
  })

  it('counts the first value as a peak and agrees with empyrical on an uneven series', () => {
    // Falling from the start: peak 01-01 (10,000), trough 01-04 (9,650.55): −349.45 / 10,000 = −0.034945.
    const values = [10000, 9980.1, 9700, 9650.55, 9990.99, 10000.01, 9875.2]
    const dd = navDrawdown(series(values))
    assert.equal(dd.max_drawdown, -0.034945)
    assert.equal(dd.peak_date, '2025-01-01')
    assert.equal(dd.trough_date, '2025-01-04')
    assert.equal(dd.amount, 349.45)
    assert.equal(dd.recovery_date, '2025-01-06')
    assert.ok(Math.abs(dd.max_drawdown - empyricalMaxDrawdown(values)) < 1e-12)
  })

  it('reports the first of equal falls; a return to the old high moves the peak there', () => {
    // 100 → 90 (−0.1) and, from the same high reached again on 01-03, 100 → 90 (−0.1): the first.
    const dd = navDrawdown(series([100, 90, 100, 90]))
    assert.deepEqual(
      [dd.max_drawdown, dd.peak_date, dd.trough_date, dd.recovery_date],
      [-0.1, '2025-01-01', '2025-01-02', '2025-01-03'],
    )
    // From the later high: peak 01-03.
    const later = navDrawdown(series([100, 95, 100, 80]))
    assert.deepEqual(
      [later.max_drawdown, later.peak_date, later.trough_date],
      [-0.2, '2025-01-03', '2025-01-04'],
    )
  })

  it('no fall → 0; no point or no positive peak → null', () => {
    const flat = navDrawdown(series([100, 100, 120]))
    assert.deepEqual(flat, {
      max_drawdown: 0,
      amount: 0,
      peak_date: null,
      peak_nav: null,
      trough_date: null,
      trough_nav: null,
      recovery_date: null,
    })
    assert.equal(navDrawdown([]).max_drawdown, null)
    assert.equal(navDrawdown(series([0, -10, -5])).max_drawdown, null)
    // A positive peak after non-positive values: measured from it (0 → 50 → 40: −0.2).
    assert.equal(navDrawdown(series([0, 50, 40])).max_drawdown, -0.2)
  })
})
