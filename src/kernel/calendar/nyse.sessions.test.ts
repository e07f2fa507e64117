// The NYSE calendar by instant: the session at a time, walks between trading days, next open and last close, range and input errors.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import {
  holidayName,
  isEarlyClose,
  isRegularHours,
  isTradingDay,
  lastClose,
  nextOpen,
  nextTradingDay,
  overlapsRegularSession,
  previousTradingDay,
  sessionAt,
  tradingDay,
  tradingDaysBetween,
} from './nyse.ts'

// Expected values below are literals worked out by hand (ET = UTC-5 in winter, UTC-4 in summer;
// 2026 DST runs Mar 8 – Nov 1), never derived from the module under test.
const utc = (iso: string): Date => new Date(iso)

describe('sessionAt', () => {
  // Tuesday 2026-03-10, EDT (UTC-4).
  const cases: Array<[string, string]> = [
    ['2026-03-10T07:59:59Z', 'closed'], // 03:59:59
    ['2026-03-10T08:00:00Z', 'pre'], // 04:00
    ['2026-03-10T13:29:59Z', 'pre'], // 09:29:59
    ['2026-03-10T13:30:00Z', 'regular'], // 09:30
    ['2026-03-10T19:59:59Z', 'regular'], // 15:59:59
    ['2026-03-10T20:00:00Z', 'post'], // 16:00
    ['2026-03-10T23:59:59Z', 'post'], // 19:59:59
    ['2026-03-11T00:00:00Z', 'closed'], // 20:00
    ['2026-03-14T15:00:00Z', 'closed'], // Saturday 11:00
    ['2026-04-03T14:00:00Z', 'closed'], // Good Friday 10:00
    ['2026-03-13T23:30:00Z', 'post'], // Friday 19:30, already Saturday in UTC
    ['2026-03-14T00:30:00Z', 'closed'], // Friday 20:30
    ['2026-11-27T17:59:59Z', 'regular'], // early close day 12:59:59 EST
    ['2026-11-27T18:00:00Z', 'post'], // 13:00
    ['2026-11-27T21:59:59Z', 'post'], // 16:59:59
    ['2026-11-27T22:00:00Z', 'closed'], // 17:00
    ['2026-01-16T14:29:59Z', 'pre'], // winter 09:29:59 EST
    ['2026-01-16T14:30:00Z', 'regular'], // winter 09:30 EST
  ]

  for (const [iso, expected] of cases) {
    it(`${iso} is ${expected}`, () => {
      assert.equal(sessionAt(utc(iso)), expected)
      assert.equal(isRegularHours(utc(iso)), expected === 'regular')
    })
  }
})

describe('next/previous trading day', () => {
  it('skips the MLK long weekend', () => {
    assert.equal(previousTradingDay('2026-01-20'), '2026-01-16')
    assert.equal(nextTradingDay('2026-01-16'), '2026-01-20')
    assert.equal(nextTradingDay('2026-01-17'), '2026-01-20') // from a Saturday
  })

  it('is strict and handles holidays and year ends', () => {
    assert.equal(nextTradingDay('2026-01-20'), '2026-01-21')
    assert.equal(previousTradingDay('2026-01-21'), '2026-01-20')
    assert.equal(nextTradingDay('2026-04-02'), '2026-04-06') // Good Friday
    assert.equal(previousTradingDay('2026-07-06'), '2026-07-02') // July 3 observed
    assert.equal(nextTradingDay('2027-12-23'), '2027-12-27') // Christmas observed Friday
    assert.equal(nextTradingDay('2027-12-31'), '2028-01-03')
    assert.equal(previousTradingDay('2028-01-03'), '2027-12-31')
    assert.equal(nextTradingDay('2024-12-31'), '2025-01-02')
    assert.equal(nextTradingDay('2025-01-08'), '2025-01-10') // Carter day of mourning
  })

  it('works right up to the covered edges', () => {
    assert.equal(nextTradingDay('2028-12-28'), '2028-12-29')
    assert.equal(previousTradingDay('2024-01-03'), '2024-01-02')
  })
})

describe('tradingDaysBetween', () => {
  it('is inclusive and ascending', () => {
    assert.deepEqual(tradingDaysBetween('2026-01-16', '2026-01-20'), ['2026-01-16', '2026-01-20'])
    assert.deepEqual(tradingDaysBetween('2026-01-19', '2026-01-19'), [])
    assert.deepEqual(tradingDaysBetween('2026-01-20', '2026-01-20'), ['2026-01-20'])
    assert.deepEqual(tradingDaysBetween('2026-01-21', '2026-01-20'), [])
  })

  // Weekdays per year (by hand): 2024 leap year from Monday = 262; 2025, 2026, 2027 = 261;
  // 2028 leap year from Saturday = 260. Minus weekday holidays: 10, 11 (Carter), 10, 10, 9.
  const counts: Array<[number, number]> = [
    [2024, 252],
    [2025, 250],
    [2026, 251],
    [2027, 251],
    [2028, 251],
  ]
  for (const [year, count] of counts) {
    it(`NYSE ${year} has ${count} trading days`, () => {
      const days = tradingDaysBetween(`${year}-01-01`, `${year}-12-31`)
      assert.equal(days.length, count)
      assert.deepEqual(days, [...days].sort())
    })
  }
})

describe('nextOpen and lastClose', () => {
  it('nextOpen returns the first open at or after the instant', () => {
    // Friday after close → Tuesday (MLK Monday).
    assert.equal(nextOpen(utc('2026-01-16T22:00:00Z')).toISOString(), '2026-01-20T14:30:00.000Z')
    // Exactly at the open counts.
    assert.equal(nextOpen(utc('2026-01-20T14:30:00Z')).toISOString(), '2026-01-20T14:30:00.000Z')
    // Pre-market → same day.
    assert.equal(nextOpen(utc('2026-01-20T12:00:00Z')).toISOString(), '2026-01-20T14:30:00.000Z')
    // Mid-session → next day.
    assert.equal(nextOpen(utc('2026-01-20T15:00:00Z')).toISOString(), '2026-01-21T14:30:00.000Z')
    // Across the DST start weekend.
    assert.equal(nextOpen(utc('2026-03-06T22:00:00Z')).toISOString(), '2026-03-09T13:30:00.000Z')
  })

  it('lastClose returns the most recent close at or before the instant', () => {
    assert.equal(lastClose(utc('2026-01-20T15:00:00Z')).toISOString(), '2026-01-16T21:00:00.000Z')
    assert.equal(lastClose(utc('2026-01-20T21:00:00Z')).toISOString(), '2026-01-20T21:00:00.000Z')
    assert.equal(lastClose(utc('2026-01-20T20:59:59Z')).toISOString(), '2026-01-16T21:00:00.000Z')
    assert.equal(lastClose(utc('2026-11-27T19:00:00Z')).toISOString(), '2026-11-27T18:00:00.000Z')
    assert.equal(lastClose(utc('2026-03-09T12:00:00Z')).toISOString(), '2026-03-06T21:00:00.000Z')
  })
})

describe('out-of-range years throw', () => {
  it('date functions', () => {
    assert.throws(() => isTradingDay('1989-12-29'), RangeError)
    assert.throws(() => isTradingDay('2101-01-03'), RangeError)
    assert.throws(() => holidayName('2101-01-01'), RangeError)
    assert.throws(() => isEarlyClose('1989-11-24'), RangeError)
    assert.throws(() => tradingDay('2101-06-01'), RangeError)
    assert.throws(() => tradingDaysBetween('1989-12-01', '1990-01-31'), RangeError)
    assert.throws(() => tradingDaysBetween('2100-12-01', '2101-01-31'), RangeError)
  })

  it('walks that would leave the table', () => {
    assert.throws(() => nextTradingDay('2100-12-31'), RangeError)
    assert.throws(() => previousTradingDay('1990-01-02'), RangeError)
    assert.throws(() => nextOpen(utc('2100-12-31T22:00:00Z')), RangeError)
    assert.throws(() => lastClose(utc('1990-01-02T15:00:00Z')), RangeError)
  })

  it('instant functions', () => {
    assert.throws(() => sessionAt(utc('2101-03-01T15:00:00Z')), RangeError)
    assert.throws(() => isRegularHours(utc('1989-06-01T15:00:00Z')), RangeError)
  })
})

describe('bad input throws RangeError', () => {
  for (const bad of [
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-2-3',
    '20260101',
    '',
    '2026-01-01T00:00',
    ' 2026-01-01',
    'not a date',
  ]) {
    it(JSON.stringify(bad), () => {
      assert.throws(() => isTradingDay(bad), RangeError)
      assert.throws(() => nextTradingDay(bad), RangeError)
      assert.throws(() => tradingDaysBetween(bad, '2026-12-31'), RangeError)
    })
  }

  it('accepts a real leap day', () => {
    assert.equal(isTradingDay('2028-02-29'), true) // Tuesday
  })

  it('rejects invalid instants', () => {
    assert.throws(() => sessionAt(new Date('nope')), RangeError)
    assert.throws(() => nextOpen(new Date(Number.NaN)), RangeError)
  })
})

describe('overlapsRegularSession', () => {
  const MIN = 60_000
  it('uses the day’s session, early closes included; a bar spanning an edge counts', () => {
    // 2026-03-10 (EDT): 09:30 ET = 13:30Z, 16:00 ET = 20:00Z.
    assert.equal(overlapsRegularSession(new Date('2026-03-10T13:29:00Z'), MIN), false)
    assert.equal(overlapsRegularSession(new Date('2026-03-10T13:25:00Z'), 15 * MIN), true)
    assert.equal(overlapsRegularSession(new Date('2026-03-10T19:59:00Z'), MIN), true)
    assert.equal(overlapsRegularSession(new Date('2026-03-10T20:00:00Z'), MIN), false)
    // 2026-11-27 closes at 13:00 ET (18:00Z, EST).
    assert.equal(overlapsRegularSession(new Date('2026-11-27T18:00:00Z'), MIN), false)
    assert.equal(overlapsRegularSession(new Date('2026-11-27T17:59:00Z'), MIN), true)
  })

  it('a holiday or a year outside the table is judged by a full day’s clock times', () => {
    // 2026-07-03 (observed Independence Day, EDT) and 2101-03-15 (EDT).
    assert.equal(overlapsRegularSession(new Date('2026-07-03T15:00:00Z'), MIN), true)
    assert.equal(overlapsRegularSession(new Date('2026-07-03T12:00:00Z'), MIN), false)
    assert.equal(overlapsRegularSession(new Date('2101-03-15T19:59:00Z'), MIN), true)
    assert.equal(overlapsRegularSession(new Date('2101-03-15T20:00:00Z'), MIN), false)
  })
})
