// The NYSE calendar by date: the covered years, New York dates, holidays, early closes and the session times of a day (DST).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import {
  CALENDAR_FIRST_YEAR,
  CALENDAR_LAST_YEAR,
  holidayName,
  isEarlyClose,
  isTradingDay,
  nyDate,
  tradingDay,
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

  it('answers each instant of an hour asked again, across midnight and both 2026 DST changes', () => {
    // Asked in order, minute by minute: the remembered hour is reused within an hour, never across one.
    const cases: Array<[string, string]> = [
      ['2026-03-08T04:59:00Z', '2026-03-07'], // 23:59 EST
      ['2026-03-08T05:00:00Z', '2026-03-08'],
      ['2026-03-08T05:59:00Z', '2026-03-08'],
      ['2026-03-08T06:59:00Z', '2026-03-08'], // 01:59 EST, then clocks go to 03:00 EDT
      ['2026-03-08T07:00:00Z', '2026-03-08'],
      ['2026-03-09T03:59:00Z', '2026-03-08'], // 23:59 EDT
      ['2026-03-09T04:00:00Z', '2026-03-09'],
      ['2026-11-01T03:59:00Z', '2026-10-31'], // 23:59 EDT
      ['2026-11-01T04:00:00Z', '2026-11-01'],
      ['2026-11-01T05:59:00Z', '2026-11-01'], // 01:59 EDT, then back to 01:00 EST
      ['2026-11-01T06:00:00Z', '2026-11-01'],
      ['2026-11-02T04:59:00Z', '2026-11-01'], // 23:59 EST
      ['2026-11-02T05:00:00Z', '2026-11-02'],
    ]
    for (const [at, date] of cases) {
      assert.equal(nyDate(utc(at)), date, at)
      assert.equal(nyDate(utc(at)), date, `${at} asked twice`)
    }
  })

  it('keeps local mean time before 1884: two instants of one UTC hour on either side of midnight', () => {
    // New York ran 4 h 56 min 02 s behind UTC until 1883: midnight fell at 04:56:02 UTC.
    assert.equal(nyDate(utc('1880-01-01T04:57:00Z')), '1880-01-01')
    assert.equal(nyDate(utc('1880-01-01T04:55:00Z')), '1879-12-31')
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
