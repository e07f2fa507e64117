import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import {
  overlapsRegularSession,
  CALENDAR_FIRST_YEAR,
  CALENDAR_LAST_YEAR,
  holidayName,
  isEarlyClose,
  isRegularHours,
  isTradingDay,
  lastClose,
  nextOpen,
  nextTradingDay,
  nyDate,
  previousTradingDay,
  sessionAt,
  tradingDay,
  tradingDaysBetween,
} from './nyse.ts'
import { NYSE_EARLY_CLOSES, NYSE_HOLIDAYS } from './nyse.holidays.ts'

// Expected values below are literals worked out by hand (ET = UTC-5 in winter, UTC-4 in summer;
// 2026 DST runs Mar 8 – Nov 1), never derived from the module under test.
const utc = (iso: string): Date => new Date(iso)

describe('covered range', () => {
  it('exports 1990..2100', () => {
    assert.equal(CALENDAR_FIRST_YEAR, 1990)
    assert.equal(CALENDAR_LAST_YEAR, 2100)
  })

  it('holiday table rows are weekdays inside the covered years and never also early closes', () => {
    for (const date of [...Object.keys(NYSE_HOLIDAYS), ...Object.keys(NYSE_EARLY_CLOSES)]) {
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay()
      assert.ok(weekday >= 1 && weekday <= 5, `${date} falls on a weekend`)
      const year = Number(date.slice(0, 4))
      assert.ok(year >= 1990 && year <= 2100, `${date} outside covered years`)
    }
    for (const date of Object.keys(NYSE_EARLY_CLOSES)) assert.equal(NYSE_HOLIDAYS[date], undefined, date)
  })
})

describe('nyDate', () => {
  it('uses the New York calendar, not UTC', () => {
    assert.equal(nyDate(utc('2026-01-15T04:59:59Z')), '2026-01-14') // 23:59:59 EST
    assert.equal(nyDate(utc('2026-01-15T05:00:00Z')), '2026-01-15')
    assert.equal(nyDate(utc('2026-07-01T03:59:59Z')), '2026-06-30') // 23:59:59 EDT
    assert.equal(nyDate(utc('2026-07-01T04:00:00Z')), '2026-07-01')
  })

  it('rejects an invalid Date', () => {
    assert.throws(() => nyDate(new Date(Number.NaN)), RangeError)
  })
})

describe('holidays', () => {
  const holidays2026: Array<[string, string]> = [
    ['2026-01-01', "New Year's Day"],
    ['2026-01-19', 'Martin Luther King, Jr. Day'],
    ['2026-02-16', "Washington's Birthday"],
    ['2026-04-03', 'Good Friday'],
    ['2026-05-25', 'Memorial Day'],
    ['2026-06-19', 'Juneteenth National Independence Day'],
    ['2026-07-03', 'Independence Day (observed)'],
    ['2026-09-07', 'Labor Day'],
    ['2026-11-26', 'Thanksgiving Day'],
    ['2026-12-25', 'Christmas Day'],
  ]

  it('knows every 2026 holiday', () => {
    for (const [date, name] of holidays2026) {
      assert.equal(isTradingDay(date), false, date)
      assert.equal(holidayName(date), name, date)
      assert.equal(tradingDay(date), null, date)
    }
    // Nothing else in 2026 is a holiday.
    const table2026 = Object.keys(NYSE_HOLIDAYS).filter((d) => d.startsWith('2026-'))
    assert.deepEqual(table2026.sort(), holidays2026.map(([d]) => d).sort())
  })

  it('knows holidays of other years', () => {
    for (const date of [
      '2024-01-01',
      '2024-03-29', // Good Friday
      '2024-06-19',
      '2024-12-25',
      '2025-01-09', // National Day of Mourning for President Carter
      '2025-04-18',
      '2025-07-04',
      '2027-03-26',
      '2027-06-18', // Juneteenth observed (June 19 is a Saturday)
      '2027-07-05', // Independence Day observed (July 4 is a Sunday)
      '2027-12-24', // Christmas observed (Dec 25 is a Saturday)
      '2028-01-17', // MLK day
      '2028-04-14',
      '2028-12-25',
    ]) {
      assert.equal(isTradingDay(date), false, date)
      assert.notEqual(holidayName(date), null, date)
    }
    assert.equal(holidayName('2025-01-09'), 'National Day of Mourning for President Jimmy Carter')
  })

  it('does not observe a Saturday New Year on the Friday before', () => {
    assert.equal(isTradingDay('2027-12-31'), true)
    assert.equal(holidayName('2027-12-31'), null)
    assert.equal(isTradingDay('2028-01-03'), true)
  })

  it('treats weekends as closed but not as holidays', () => {
    assert.equal(isTradingDay('2026-07-04'), false) // Saturday
    assert.equal(holidayName('2026-07-04'), null)
    assert.equal(tradingDay('2026-03-07'), null)
    assert.equal(isTradingDay('2026-07-02'), true)
  })
})

describe('early closes', () => {
  it('flags every scheduled early close', () => {
    for (const date of [
      '2024-07-03',
      '2024-11-29',
      '2024-12-24',
      '2025-07-03',
      '2025-11-28',
      '2025-12-24',
      '2026-11-27',
      '2026-12-24',
      '2027-11-26',
      '2028-07-03',
      '2028-11-24',
    ]) {
      assert.equal(isEarlyClose(date), true, date)
      assert.equal(isTradingDay(date), true, date)
      assert.equal(tradingDay(date)?.earlyClose, true, date)
    }
  })

  it('has no early close where the eve is not a weekday trading day', () => {
    for (const date of ['2026-07-02', '2027-07-02', '2027-12-23', '2028-12-22', '2025-12-26']) {
      assert.equal(isEarlyClose(date), false, date)
    }
  })

  it('closes at 13:00 ET and ends late trading at 17:00 ET', () => {
    const winter = tradingDay('2026-11-27') // EST
    assert.equal(winter?.close.toISOString(), '2026-11-27T18:00:00.000Z')
    assert.equal(winter?.postClose.toISOString(), '2026-11-27T22:00:00.000Z')
    assert.equal(winter?.open.toISOString(), '2026-11-27T14:30:00.000Z')
    const summer = tradingDay('2024-07-03') // EDT
    assert.equal(summer?.close.toISOString(), '2024-07-03T17:00:00.000Z')
    assert.equal(summer?.postClose.toISOString(), '2024-07-03T21:00:00.000Z')
    assert.equal(tradingDay('2025-12-24')?.close.toISOString(), '2025-12-24T18:00:00.000Z')
  })
})

describe('tradingDay and DST', () => {
  it('first Monday after DST starts (2026-03-08)', () => {
    assert.deepEqual(tradingDay('2026-03-09'), {
      date: '2026-03-09',
      preOpen: utc('2026-03-09T08:00:00Z'),
      open: utc('2026-03-09T13:30:00Z'),
      close: utc('2026-03-09T20:00:00Z'),
      postClose: utc('2026-03-10T00:00:00Z'),
      earlyClose: false,
    })
  })

  it('last Friday before DST starts', () => {
    assert.deepEqual(tradingDay('2026-03-06'), {
      date: '2026-03-06',
      preOpen: utc('2026-03-06T09:00:00Z'),
      open: utc('2026-03-06T14:30:00Z'),
      close: utc('2026-03-06T21:00:00Z'),
      postClose: utc('2026-03-07T01:00:00Z'),
      earlyClose: false,
    })
  })

  it('around DST end (2026-11-01)', () => {
    assert.equal(tradingDay('2026-10-30')?.open.toISOString(), '2026-10-30T13:30:00.000Z')
    assert.equal(tradingDay('2026-11-02')?.open.toISOString(), '2026-11-02T14:30:00.000Z')
    assert.equal(tradingDay('2026-11-02')?.close.toISOString(), '2026-11-02T21:00:00.000Z')
  })
})

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
