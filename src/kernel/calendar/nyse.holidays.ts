// NYSE full-day closures and 13:00 ET early closes, 1990–2100, computed by rule.
//
// The regular holidays follow NYSE Rule 7.2 (observance: Sunday → Monday, Saturday → Friday,
// except New Year's Day: a Saturday Jan 1 is not observed at all). Unscheduled closures and the
// one-off early closes are data below. The tables are built once at load (~1,900 rows, pure date
// arithmetic) so lookups stay O(1); nyse.days.test.ts and nyse.rules.test.ts check them against the NYSE's own
// published lists (2024–2028 as announced, and sample past years).
//
// Scope: early closes are modelled as 13:00 ET only, from 1993; the 14:00 closes of 1990–1992
// (Christmas Eve, day after Thanksgiving 1992) are not represented.

import { DAY_MS } from '../dates.ts'

export const HOLIDAY_FIRST_YEAR = 1990
export const HOLIDAY_LAST_YEAR = 2100

/** Unscheduled full-day closures (days of mourning, September 11, Hurricane Sandy). */
const UNSCHEDULED_CLOSURES: Readonly<Record<string, string>> = {
  '1994-04-27': 'National Day of Mourning for President Richard Nixon',
  '2001-09-11': 'September 11 attacks',
  '2001-09-12': 'September 11 attacks',
  '2001-09-13': 'September 11 attacks',
  '2001-09-14': 'September 11 attacks',
  '2004-06-11': 'National Day of Mourning for President Ronald Reagan',
  '2007-01-02': 'National Day of Mourning for President Gerald Ford',
  '2012-10-29': 'Hurricane Sandy',
  '2012-10-30': 'Hurricane Sandy',
  '2018-12-05': 'National Day of Mourning for President George H.W. Bush',
  '2025-01-09': 'National Day of Mourning for President Jimmy Carter',
}

/** Early closes the NYSE called outside its standing rules. */
const ONE_OFF_EARLY_CLOSES: Readonly<Record<string, string>> = {
  '1997-12-26': 'Day after Christmas',
  '2003-12-26': 'Day after Christmas',
}

/** A UTC-midnight day as [year, month (1–12), day]; all arithmetic below is on day numbers. */
const dayNo = (y: number, m: number, d: number): number => Date.UTC(y, m - 1, d) / DAY_MS
const iso = (dn: number): string => new Date(dn * DAY_MS).toISOString().slice(0, 10)
/** 0 = Sunday … 6 = Saturday. */
const weekday = (dn: number): number => new Date(dn * DAY_MS).getUTCDay()

/** The n-th (1-based) `wd` weekday of a month; n = -1 is the last one. */
function nthWeekday(y: number, m: number, wd: number, n: number): number {
  if (n > 0) {
    const first = dayNo(y, m, 1)
    return first + ((wd - weekday(first) + 7) % 7) + 7 * (n - 1)
  }
  const last = dayNo(y, m + 1, 1) - 1
  return last - ((weekday(last) - wd + 7) % 7)
}

/** Easter Sunday (Gregorian), by the anonymous (Meeus/Jones/Butcher) computus. */
export function easterSunday(y: number): string {
  const a = y % 19
  const b = Math.floor(y / 100)
  const c = y % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return iso(dayNo(y, month, day))
}

/** A fixed-date holiday moved off the weekend: Saturday → Friday, Sunday → Monday. */
function observed(dn: number, name: string): [number, string] {
  const wd = weekday(dn)
  if (wd === 6) return [dn - 1, `${name} (observed)`]
  if (wd === 0) return [dn + 1, `${name} (observed)`]
  return [dn, name]
}

function regularHolidays(y: number): [number, string][] {
  const days: [number, string][] = []
  const newYear = dayNo(y, 1, 1)
  // NYSE Rule 7.2: a Saturday New Year's Day is not moved to the last trading day of the year.
  if (weekday(newYear) !== 6) days.push(observed(newYear, "New Year's Day"))
  if (y >= 1998) days.push([nthWeekday(y, 1, 1, 3), 'Martin Luther King, Jr. Day'])
  days.push([nthWeekday(y, 2, 1, 3), "Washington's Birthday"])
  days.push([Date.parse(`${easterSunday(y)}T00:00:00Z`) / DAY_MS - 2, 'Good Friday'])
  days.push([nthWeekday(y, 5, 1, -1), 'Memorial Day'])
  if (y >= 2022) days.push(observed(dayNo(y, 6, 19), 'Juneteenth National Independence Day'))
  days.push(observed(dayNo(y, 7, 4), 'Independence Day'))
  days.push([nthWeekday(y, 9, 1, 1), 'Labor Day'])
  days.push([nthWeekday(y, 11, 4, 4), 'Thanksgiving Day'])
  days.push(observed(dayNo(y, 12, 25), 'Christmas Day'))
  return days
}

/**
 * The standing early-close rules (from 1993): the day after Thanksgiving; Christmas Eve on a
 * Monday–Thursday; July 3 on a Monday, Tuesday or Thursday (from 1995). When July 4 is a Thursday
 * the NYSE closed early on Friday July 5 until 2012, and on Wednesday July 3 since 2013.
 */
function ruleEarlyCloses(y: number): [number, string][] {
  if (y < 1993) return []
  const days: [number, string][] = [[nthWeekday(y, 11, 4, 4) + 1, 'Day after Thanksgiving']]
  const christmasEve = dayNo(y, 12, 24)
  if (weekday(christmasEve) >= 1 && weekday(christmasEve) <= 4) days.push([christmasEve, 'Christmas Eve'])
  const july3 = dayNo(y, 7, 3)
  const wd = weekday(july3)
  if (y >= 1995 && (wd === 1 || wd === 2 || wd === 4)) days.push([july3, 'Day before Independence Day'])
  if (y >= 2013 && wd === 3) days.push([july3, 'Day before Independence Day'])
  if (y >= 1996 && y <= 2012 && wd === 3) days.push([july3 + 2, 'Day after Independence Day'])
  return days
}

function buildTables(): { holidays: Record<string, string>; earlyCloses: Record<string, string> } {
  const holidays: Record<string, string> = {}
  const earlyCloses: Record<string, string> = {}
  for (let y = HOLIDAY_FIRST_YEAR; y <= HOLIDAY_LAST_YEAR; y++) {
    for (const [dn, name] of regularHolidays(y)) holidays[iso(dn)] = name
    for (const [dn, name] of ruleEarlyCloses(y)) earlyCloses[iso(dn)] = name
  }
  Object.assign(holidays, UNSCHEDULED_CLOSURES)
  Object.assign(earlyCloses, ONE_OFF_EARLY_CLOSES)
  // A closed day is never also an early close, and only weekdays count.
  for (const date of Object.keys(earlyCloses)) {
    const wd = weekday(Date.parse(`${date}T00:00:00Z`) / DAY_MS)
    if (Object.hasOwn(holidays, date) || wd === 0 || wd === 6) delete earlyCloses[date]
  }
  return { holidays, earlyCloses }
}

const TABLES = buildTables()

/** Full-day closures keyed by New York date (YYYY-MM-DD), 1990–2100. */
export const NYSE_HOLIDAYS: Readonly<Record<string, string>> = Object.freeze(TABLES.holidays)

/** Trading days whose regular session ends at 13:00 ET (late trading 17:00 ET), 1993–2100. */
export const NYSE_EARLY_CLOSES: Readonly<Record<string, string>> = Object.freeze(TABLES.earlyCloses)
