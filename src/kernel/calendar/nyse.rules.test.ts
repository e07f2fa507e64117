import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { holidayName, isEarlyClose, isTradingDay, tradingDay, tradingDaysBetween } from './nyse.ts'
import { easterSunday, NYSE_EARLY_CLOSES, NYSE_HOLIDAYS } from './nyse.holidays.ts'
import { PUBLISHED_EARLY_CLOSES_2024_2028, PUBLISHED_HOLIDAYS_2024_2028 } from './nyse.published.fixture.ts'

const inYears = (table: Readonly<Record<string, string>>, from: number, to: number) =>
  Object.fromEntries(
    Object.entries(table).filter(([d]) => Number(d.slice(0, 4)) >= from && Number(d.slice(0, 4)) <= to),
  )

// Independent vectors: the NYSE's published holiday and early-close lists for past years,
// written down date by date (not derived from the rules under test).
const PAST_YEARS: Record<number, { closed: string[]; early: string[] }> = {
  1999: {
    closed: ['01-01', '01-18', '02-15', '04-02', '05-31', '07-05', '09-06', '11-25', '12-24'],
    early: ['11-26'],
  },
  2001: {
    closed: [
      '01-01',
      '01-15',
      '02-19',
      '04-13',
      '05-28',
      '07-04',
      '09-03',
      '09-11',
      '09-12',
      '09-13',
      '09-14',
    ].concat(['11-22', '12-25']),
    early: ['07-03', '11-23', '12-24'],
  },
  2008: {
    closed: ['01-01', '01-21', '02-18', '03-21', '05-26', '07-04', '09-01', '11-27', '12-25'],
    early: ['07-03', '11-28', '12-24'],
  },
  2012: {
    closed: [
      '01-02',
      '01-16',
      '02-20',
      '04-06',
      '05-28',
      '07-04',
      '09-03',
      '10-29',
      '10-30',
      '11-22',
      '12-25',
    ],
    early: ['07-03', '11-23', '12-24'],
  },
  2018: {
    closed: ['01-01', '01-15', '02-19', '03-30', '05-28', '07-04', '09-03', '11-22', '12-05', '12-25'],
    early: ['07-03', '11-23', '12-24'],
  },
  2021: {
    closed: ['01-01', '01-18', '02-15', '04-02', '05-31', '07-05', '09-06', '11-25', '12-24'],
    early: ['11-26'],
  },
  2022: {
    closed: ['01-17', '02-21', '04-15', '05-30', '06-20', '07-04', '09-05', '11-24', '12-26'],
    early: ['11-25'],
  },
  2023: {
    closed: ['01-02', '01-16', '02-20', '04-07', '05-29', '06-19', '07-04', '09-04', '11-23', '12-25'],
    early: ['07-03', '11-24'],
  },
}

describe('NYSE calendar by rule', () => {
  it('reproduces the published 2024–2028 holidays and early closes exactly, names included', () => {
    assert.deepEqual(inYears(NYSE_HOLIDAYS, 2024, 2028), PUBLISHED_HOLIDAYS_2024_2028)
    assert.deepEqual(inYears(NYSE_EARLY_CLOSES, 2024, 2028), PUBLISHED_EARLY_CLOSES_2024_2028)
  })

  for (const [year, { closed, early }] of Object.entries(PAST_YEARS)) {
    it(`matches the published NYSE calendar of ${year}`, () => {
      const all = tradingDaysBetween(`${year}-01-01`, `${year}-12-31`)
      const weekdays: string[] = []
      for (let t = Date.UTC(Number(year), 0, 1); t <= Date.UTC(Number(year), 11, 31); t += 86_400_000) {
        const wd = new Date(t).getUTCDay()
        if (wd !== 0 && wd !== 6) weekdays.push(new Date(t).toISOString().slice(0, 10))
      }
      const closedDays = weekdays.filter((d) => !all.includes(d))
      assert.deepEqual(
        closedDays,
        closed.map((md) => `${year}-${md}`),
      )
      assert.deepEqual(
        all.filter((d) => isEarlyClose(d)),
        early.map((md) => `${year}-${md}`),
      )
    })
  }

  it('closes on the 2023 holidays once found open (observed New Year, Independence Day, Christmas)', () => {
    for (const date of ['2023-01-02', '2023-07-04', '2023-12-25']) {
      assert.equal(isTradingDay(date), false, date)
      assert.notEqual(holidayName(date), null, date)
    }
    assert.equal(holidayName('2023-01-02'), "New Year's Day (observed)")
  })

  it('applies the one-off closures and early closes', () => {
    for (const date of ['1994-04-27', '2004-06-11', '2007-01-02', '2025-01-09']) {
      assert.match(holidayName(date) ?? '', /Day of Mourning/, date)
    }
    // Hurricane Gloria (1985-09-27) is before the range: the calendar refuses to guess.
    assert.throws(() => isTradingDay('1985-09-27'), RangeError)
  })

  it('follows the July 4-on-a-Thursday rule change of 2013 and the one-off Dec 26 closes', () => {
    assert.equal(isEarlyClose('2002-07-05'), true)
    assert.equal(isEarlyClose('2002-07-03'), false)
    assert.equal(isEarlyClose('2013-07-03'), true)
    assert.equal(isEarlyClose('2013-07-05'), false)
    assert.equal(isEarlyClose('1997-12-26'), true)
    assert.equal(isEarlyClose('2003-12-26'), true)
    assert.equal(tradingDay('2003-12-26')!.close.toISOString(), '2003-12-26T18:00:00.000Z')
  })

  it('does not observe a Saturday New Year on the Friday before, in any year', () => {
    for (const date of ['1999-12-31', '2004-12-31', '2010-12-31', '2021-12-31', '2032-12-31']) {
      assert.equal(isTradingDay(date), true, date)
    }
  })

  it('computes Easter by the Gregorian computus', () => {
    // Published Easter Sundays, including the extremes of the range.
    const easter: Record<number, string> = {
      1990: '04-15',
      2000: '04-23',
      2008: '03-23',
      2011: '04-24',
      2019: '04-21',
      2038: '04-25',
      2100: '03-28',
    }
    for (const [y, md] of Object.entries(easter)) assert.equal(easterSunday(Number(y)), `${y}-${md}`)
  })

  it('covers every year 1990–2100 with eight to fourteen closures and only weekday rows', () => {
    for (let y = 1990; y <= 2100; y++) {
      const n = Object.keys(NYSE_HOLIDAYS).filter((d) => d.startsWith(`${y}-`)).length
      assert.ok(n >= 8 && n <= 14, `${y}: ${n}`)
    }
    for (const date of [...Object.keys(NYSE_HOLIDAYS), ...Object.keys(NYSE_EARLY_CLOSES)]) {
      const wd = new Date(`${date}T12:00:00Z`).getUTCDay()
      assert.ok(wd >= 1 && wd <= 5, date)
    }
  })
})
