/**
 * The simulated market's trading-day table, 2015–2030: NYSE days from the platform calendar's
 * rule-built holiday tables (read directly, as luxon per day costs a quarter second). Session
 * instants are computed
 * arithmetically (US DST rules) because luxon per bar would dominate the generation time; a test
 * checks them against the platform calendar.
 */
import { DAY_MS } from '../../../kernel/dates.ts'
import { NYSE_EARLY_CLOSES, NYSE_HOLIDAYS } from '../../../kernel/calendar/nyse.holidays.ts'

const HOUR_MS = 3_600_000
export const FIRST_DATE = '2015-01-02'
export const LAST_DATE = '2030-12-31'

export interface SimDay {
  date: string
  /** Days since 1970-01-01 of the date: a seed that survives changes to the table. */
  dayNumber: number
  earlyClose: boolean
}

export interface Session {
  /** NY midnight of the date (the daily bar's time), ms. */
  midnight: number
  preOpen: number
  open: number
  close: number
  postClose: number
}

export const dayNumberOf = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS

let table: { days: SimDay[]; numbers: Int32Array } | null = null

function build(): { days: SimDay[]; numbers: Int32Array } {
  const days: SimDay[] = []
  for (let dn = dayNumberOf(FIRST_DATE); dn <= dayNumberOf(LAST_DATE); dn++) {
    const d = new Date(dn * DAY_MS)
    const weekday = d.getUTCDay()
    if (weekday === 0 || weekday === 6) continue
    const date = d.toISOString().slice(0, 10)
    if (Object.hasOwn(NYSE_HOLIDAYS, date)) continue
    days.push({ date, dayNumber: dn, earlyClose: Object.hasOwn(NYSE_EARLY_CLOSES, date) })
  }
  return { days, numbers: Int32Array.from(days, (d) => d.dayNumber) }
}

function getTable(): { days: SimDay[]; numbers: Int32Array } {
  table ??= build()
  return table
}

/** All simulated trading days, ascending. */
export function simDays(): readonly SimDay[] {
  return getTable().days
}

/** Index of the last trading day on or before the day number, or -1. */
export function indexAtOrBefore(dayNumber: number): number {
  const { numbers } = getTable()
  let lo = 0
  let hi = numbers.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (numbers[mid]! <= dayNumber) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

/** Index of the trading day `date`, or -1 when it is not one (or outside the table). */
export function indexOfDate(date: string): number {
  const dn = dayNumberOf(date)
  const i = indexAtOrBefore(dn)
  return i >= 0 && getTable().numbers[i] === dn ? i : -1
}

/** Hours New York is behind UTC on a day (EDT from the 2nd Sunday of March to the 1st of November). */
function offsetHours(dayNumber: number): number {
  const d = new Date(dayNumber * DAY_MS)
  const year = d.getUTCFullYear()
  const firstSunday = (month: number) => {
    const w = new Date(Date.UTC(year, month, 1)).getUTCDay()
    return Date.UTC(year, month, 1 + ((7 - w) % 7)) / DAY_MS
  }
  const dstStart = firstSunday(2) + 7
  const dstEnd = firstSunday(10)
  return dayNumber >= dstStart && dayNumber < dstEnd ? 4 : 5
}

/** NY midnight in ms. Exact on trading days, which are never DST-switch Sundays. */
function midnightOf(dayNumber: number): number {
  return dayNumber * DAY_MS + offsetHours(dayNumber) * HOUR_MS
}

export function sessionOf(day: SimDay): Session {
  const midnight = midnightOf(day.dayNumber)
  return {
    midnight,
    preOpen: midnight + 4 * HOUR_MS,
    open: midnight + 9.5 * HOUR_MS,
    close: midnight + (day.earlyClose ? 13 : 16) * HOUR_MS,
    postClose: midnight + (day.earlyClose ? 17 : 20) * HOUR_MS,
  }
}
