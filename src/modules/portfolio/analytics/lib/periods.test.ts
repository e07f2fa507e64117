import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { aggregateByPeriod, rollingWindow } from './periods.ts'

const g = (date: string, cents: number) => ({ date, gainLossCents: BigInt(cents) })

// 2024-12-30 is a Monday in ISO week 2025-W01; 2024-12-29 a Sunday in 2024-W52.
const trades = [
  g('2024-12-30', 2500), // +25.00
  g('2024-01-15', 10000), // +100.00
  g('2024-01-15', -4000), // −40.00
  g('2024-02-01', 1010), // +10.10
  g('2024-12-29', -500), // −5.00
  g('2025-01-02', 2020), // +20.20
]

describe('aggregateByPeriod', () => {
  it('daily: one row per date, sorted', () => {
    assert.deepEqual(aggregateByPeriod(trades, 'daily'), [
      { period: '2024-01-15', pnl: 60, trades: 2 },
      { period: '2024-02-01', pnl: 10.1, trades: 1 },
      { period: '2024-12-29', pnl: -5, trades: 1 },
      { period: '2024-12-30', pnl: 25, trades: 1 },
      { period: '2025-01-02', pnl: 20.2, trades: 1 },
    ])
  })

  it('weekly: ISO weeks, across the year boundary', () => {
    // 2024-01-15 is a Monday: 2024-W03. 2024-02-01 (Thursday) is in 2024-W05.
    // 2024-12-30 and 2025-01-02 share 2025-W01: 25.00 + 20.20 = 45.20.
    assert.deepEqual(aggregateByPeriod(trades, 'weekly'), [
      { period: '2024-W03', pnl: 60, trades: 2 },
      { period: '2024-W05', pnl: 10.1, trades: 1 },
      { period: '2024-W52', pnl: -5, trades: 1 },
      { period: '2025-W01', pnl: 45.2, trades: 2 },
    ])
  })

  it('monthly, quarterly and yearly', () => {
    assert.deepEqual(aggregateByPeriod(trades, 'monthly'), [
      { period: '2024-01', pnl: 60, trades: 2 },
      { period: '2024-02', pnl: 10.1, trades: 1 },
      { period: '2024-12', pnl: 20, trades: 2 }, // −5 + 25
      { period: '2025-01', pnl: 20.2, trades: 1 },
    ])
    assert.deepEqual(aggregateByPeriod(trades, 'quarterly'), [
      { period: '2024-Q1', pnl: 70.1, trades: 3 }, // 60 + 10.10
      { period: '2024-Q4', pnl: 20, trades: 2 },
      { period: '2025-Q1', pnl: 20.2, trades: 1 },
    ])
    assert.deepEqual(aggregateByPeriod(trades, 'yearly'), [
      { period: '2024', pnl: 90.1, trades: 5 }, // 60 + 10.10 − 5 + 25
      { period: '2025', pnl: 20.2, trades: 1 },
    ])
  })

  it('sums in cents and handles no trades', () => {
    // 0.10 + 0.20 = 0.30 exactly
    assert.deepEqual(aggregateByPeriod([g('2024-01-01', 10), g('2024-01-02', 20)], 'yearly'), [
      { period: '2024', pnl: 0.3, trades: 2 },
    ])
    assert.deepEqual(aggregateByPeriod([], 'daily'), [])
  })

  it('throws on an invalid date', () => {
    assert.throws(() => aggregateByPeriod([g('VARIOUS', 1)], 'daily'), RangeError)
  })
})

describe('rollingWindow', () => {
  it('keeps endDate − days < date ≤ endDate', () => {
    // 2024-03-31 − 30 days = 2024-03-01 (excluded); 2024-03-02 … 2024-03-31 are the 30 days kept.
    const rows = ['2024-02-29', '2024-03-01', '2024-03-02', '2024-03-31', '2024-04-01'].map((d) => g(d, 1))
    assert.deepEqual(
      rollingWindow(rows, '2024-03-31', 30).map((t) => t.date),
      ['2024-03-02', '2024-03-31'],
    )
  })

  it('a one-day window is the end date alone', () => {
    const rows = [g('2024-03-30', 1), g('2024-03-31', 2)]
    assert.deepEqual(rollingWindow(rows, '2024-03-31', 1), [rows[1]])
  })

  it('rejects a bad window or end date', () => {
    assert.throws(() => rollingWindow([], '2024-03-31', 0), RangeError)
    assert.throws(() => rollingWindow([], '2024-03-31', 1.5), RangeError)
    assert.throws(() => rollingWindow([], '2024-02-30', 7), RangeError)
  })
})
