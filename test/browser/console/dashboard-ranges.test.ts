/**
 * The dashboard's chart ranges as queries (no browser): 1M and 3M start the day after the same date
 * one or three months back (a day past the month's end clamps to its last day), as the API's 1Y does a
 * year back; the drawdown window covers the same days; today is New York's date.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  drawdownQuery,
  monthsBackStart,
  nyToday,
  performanceQuery,
} from '../../../console/src/pages/dashboard/ranges.ts'

describe('console dashboard: chart ranges', () => {
  it('starts 1M and 3M the day after the same date back, clamped to the month’s end', () => {
    assert.equal(monthsBackStart('2026-11-29', 1), '2026-10-30')
    assert.equal(monthsBackStart('2026-03-31', 1), '2026-03-01') // 28 Feb, then a day
    assert.equal(monthsBackStart('2024-03-31', 1), '2024-03-01') // 29 Feb 2024, then a day
    assert.equal(monthsBackStart('2026-02-15', 3), '2025-11-16') // across the year
    assert.equal(monthsBackStart('2026-05-31', 3), '2026-03-01')
  })

  it('asks performance and drawdown for the same days', () => {
    assert.deepEqual(performanceQuery('1M', '2026-11-29'), { from: '2026-10-30' })
    assert.deepEqual(performanceQuery('All', '2026-11-29'), { range: 'MAX' })
    // 30 Oct → 29 Nov is 31 days, both included.
    assert.deepEqual(drawdownQuery('1M', '2026-11-29'), { period_days: 31 })
    assert.deepEqual(drawdownQuery('YTD', '2026-11-29'), { year: 2026 })
    // 30 Nov 2025 → 29 Nov 2026: 365 days.
    assert.deepEqual(drawdownQuery('1Y', '2026-11-29'), { period_days: 365 })
    assert.deepEqual(drawdownQuery('All', '2026-11-29'), {})
  })

  it('takes today in New York, not in UTC', () => {
    assert.equal(nyToday(new Date('2026-11-30T03:00:00Z')), '2026-11-29') // 22:00 the day before
    assert.equal(nyToday(new Date('2026-11-30T06:00:00Z')), '2026-11-30')
  })
})
