import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { DAY_MS, dateToMs } from '../../../../kernel/dates.ts'
import { tradingDaysBetween } from '../../../../kernel/calendar/nyse.ts'
import { dayIndex, dayNumber, dayString, tradingDayNumbers } from './calendar.ts'

describe('backtest calendar', () => {
  it('dayNumber agrees with the platform’s date parsing on every day of 1899–2101, and refuses the rest', () => {
    for (let day = dateToMs('1899-12-25') / DAY_MS; day <= dateToMs('2101-01-05') / DAY_MS; day++) {
      const s = dayString(day)
      assert.equal(dayNumber(s), day, s)
    }
    for (const bad of ['VARIOUS', '2025-02-29', '2024-13-01', '2024-00-10', '2024-04-31', '2024-4-01', '']) {
      assert.ok(Number.isNaN(dayNumber(bad)), bad)
    }
    assert.equal(dayNumber('2024-02-29'), dateToMs('2024-02-29') / DAY_MS)
  })

  it('tradingDayNumbers is the platform calendar over any range, across years', () => {
    for (const [from, to] of [
      ['2025-12-20', '2026-01-23'],
      ['2026-01-17', '2026-01-18'],
      ['1990-01-01', '1993-02-01'],
    ] as const) {
      assert.deepEqual(
        Array.from(tradingDayNumbers(dayNumber(from), dayNumber(to)), dayString),
        tradingDaysBetween(from, to),
      )
    }
  })

  it('dayIndex maps a weekend or holiday to the next session, past the end to days.length', () => {
    const days = tradingDayNumbers(dayNumber('2026-01-16'), dayNumber('2026-01-21')) // Fri, (Mon holiday) Tue, Wed
    const first = dayNumber('2026-01-16')
    const index = dayIndex(days, first, first + 6)
    assert.deepEqual(Array.from(index), [0, 1, 1, 1, 1, 2, 3])
  })
})
