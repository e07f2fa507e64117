// NYSE market calendar: trading days, session boundaries and holiday lookups.
//
// All wall-clock logic runs in America/New_York through luxon, so the UTC instants of the
// session edges shift correctly across DST changes. Holidays and early closes are computed by the
// NYSE's rules plus its one-off closures (nyse.holidays.ts) for
// CALENDAR_FIRST_YEAR..CALENDAR_LAST_YEAR; anything that depends on a date outside that range
// throws a RangeError rather than guessing.
//
// Sessions (ET): pre 04:00–09:30, regular 09:30–16:00, post 16:00–20:00. On early-close days the
// regular session ends 13:00 and the post session 17:00. Intervals are half-open [start, end).

import { DateTime } from 'luxon'
import { HOLIDAY_FIRST_YEAR, HOLIDAY_LAST_YEAR, NYSE_EARLY_CLOSES, NYSE_HOLIDAYS } from './nyse.holidays.ts'

export type MarketSession = 'pre' | 'regular' | 'post' | 'closed'

export interface TradingDay {
  /** New York calendar date, YYYY-MM-DD. */
  date: string
  /** Regular-session open (09:30 ET). */
  open: Date
  /** Regular-session close (16:00 ET, or 13:00 ET on early-close days). */
  close: Date
  /** Pre-market open (04:00 ET). */
  preOpen: Date
  /** Post-market close (20:00 ET, or 17:00 ET on early-close days). */
  postClose: Date
  earlyClose: boolean
}

/** First and last calendar years whose NYSE holidays are known to this module. */
export const CALENDAR_FIRST_YEAR = HOLIDAY_FIRST_YEAR
export const CALENDAR_LAST_YEAR = HOLIDAY_LAST_YEAR

const ZONE = 'America/New_York'
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

interface Clock {
  hour: number
  minute: number
}
const PRE_OPEN: Clock = { hour: 4, minute: 0 }
const OPEN: Clock = { hour: 9, minute: 30 }
const CLOSE: Clock = { hour: 16, minute: 0 }
const EARLY_CLOSE: Clock = { hour: 13, minute: 0 }
const POST_CLOSE: Clock = { hour: 20, minute: 0 }
const EARLY_POST_CLOSE: Clock = { hour: 17, minute: 0 }

/** A New York calendar day, held as local midnight so luxon's day arithmetic stays calendar-based. */
type Day = DateTime<true>

function isoOf(day: Day): string {
  return day.toISODate()
}

/** Parses a strict YYYY-MM-DD string; rejects impossible dates such as 2026-02-30. */
function parseDay(date: string): Day {
  if (typeof date !== 'string' || !DATE_PATTERN.test(date)) {
    throw new RangeError(`Invalid date ${JSON.stringify(date)}: expected YYYY-MM-DD`)
  }
  const day = DateTime.fromISO(date, { zone: ZONE })
  // The round-trip check catches anything luxon normalised rather than rejected.
  if (!day.isValid || day.toISODate() !== date) {
    throw new RangeError(`Invalid date ${JSON.stringify(date)}: not a real calendar date`)
  }
  return day
}

/** Holiday answers outside the table would be guesses, so refuse them. */
function assertCovered(day: Day): void {
  if (day.year < CALENDAR_FIRST_YEAR || day.year > CALENDAR_LAST_YEAR) {
    throw new RangeError(
      `NYSE calendar only covers ${CALENDAR_FIRST_YEAR}-${CALENDAR_LAST_YEAR}; ${isoOf(day)} is outside it`,
    )
  }
}

function coveredDay(date: string): Day {
  const day = parseDay(date)
  assertCovered(day)
  return day
}

function assertInstant(at: Date): void {
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) {
    throw new RangeError('Invalid instant: expected a valid Date')
  }
}

function isTradingDayOf(day: Day): boolean {
  assertCovered(day)
  // luxon weekday: 1 = Monday … 7 = Sunday.
  return day.weekday <= 5 && !Object.hasOwn(NYSE_HOLIDAYS, isoOf(day))
}

function instantOn(day: Day, clock: Clock): Date {
  // Session edges are never in the 02:00–03:00 DST gap/overlap, so this is unambiguous.
  return day.set({ hour: clock.hour, minute: clock.minute, second: 0, millisecond: 0 }).toJSDate()
}

function tradingDayOf(day: Day): TradingDay | null {
  if (!isTradingDayOf(day)) return null
  const date = isoOf(day)
  const earlyClose = Object.hasOwn(NYSE_EARLY_CLOSES, date)
  return {
    date,
    open: instantOn(day, OPEN),
    close: instantOn(day, earlyClose ? EARLY_CLOSE : CLOSE),
    preOpen: instantOn(day, PRE_OPEN),
    postClose: instantOn(day, earlyClose ? EARLY_POST_CLOSE : POST_CLOSE),
    earlyClose,
  }
}

function nyDay(at: Date): Day {
  assertInstant(at)
  const day = DateTime.fromJSDate(at, { zone: ZONE }).startOf('day')
  if (!day.isValid) throw new RangeError('Invalid instant: outside the representable range')
  return day
}

/**
 * The last UTC hour `nyDate` answered and its date: formatting costs tens of microseconds, and hot
 * paths (the agent order gate) ask several times a request. New York's offset has been a whole number
 * of hours since 1883 and changes on a whole UTC hour, so its date is the same all through a UTC hour.
 */
const HOUR_MS = 3_600_000
const WHOLE_HOUR_OFFSETS = Date.UTC(1884, 0, 1)
let lastHour = Number.NaN
let lastDate = ''

// en-CA formats dates as YYYY-MM-DD. One formatter, built once: luxon's zone lookup per call
// (Intl formatToParts) dominated market-data hot paths that ask for dates per symbol and minute.
const NY_DATE_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The New York calendar date (YYYY-MM-DD) of an instant. */
export function nyDate(at: Date): string {
  assertInstant(at)
  const hour = Math.floor(at.getTime() / HOUR_MS)
  if (hour === lastHour) return lastDate
  const date = NY_DATE_FORMAT.format(at)
  if (!DATE_PATTERN.test(date)) throw new RangeError('Invalid instant: outside the representable range')
  if (at.getTime() >= WHOLE_HOUR_OFFSETS) {
    lastHour = hour
    lastDate = date
  }
  return date
}

/** True when NYSE holds a regular session on `date` (weekday and not a full-day holiday). */
export function isTradingDay(date: string): boolean {
  return isTradingDayOf(coveredDay(date))
}

/** The NYSE holiday name for `date`, or null (weekends are not holidays). */
export function holidayName(date: string): string | null {
  const day = coveredDay(date)
  return NYSE_HOLIDAYS[isoOf(day)] ?? null
}

/** True when `date` is a trading day whose regular session ends at 13:00 ET. */
export function isEarlyClose(date: string): boolean {
  return Object.hasOwn(NYSE_EARLY_CLOSES, isoOf(coveredDay(date)))
}

// Session instants per date, as epoch ms (filled on demand; one entry per date asked about).
const sessions = new Map<
  string,
  | (Omit<TradingDay, 'open' | 'close' | 'preOpen' | 'postClose'> &
      Record<'open' | 'close' | 'preOpen' | 'postClose', number>)
  | null
>()

/** Session instants for `date`, or null on weekends and holidays (fresh Date objects each call). */
export function tradingDay(date: string): TradingDay | null {
  let s = sessions.get(date)
  if (s === undefined) {
    const day = tradingDayOf(coveredDay(date))
    s = day && {
      date: day.date,
      earlyClose: day.earlyClose,
      open: day.open.getTime(),
      close: day.close.getTime(),
      preOpen: day.preOpen.getTime(),
      postClose: day.postClose.getTime(),
    }
    sessions.set(date, s)
  }
  return (
    s && {
      date: s.date,
      earlyClose: s.earlyClose,
      open: new Date(s.open),
      close: new Date(s.close),
      preOpen: new Date(s.preOpen),
      postClose: new Date(s.postClose),
    }
  )
}

/** Which session is in progress at `at`. Throws RangeError if its NY date is outside the table. */
export function sessionAt(at: Date): MarketSession {
  const day = tradingDayOf(nyDay(at))
  if (!day) return 'closed'
  const t = at.getTime()
  if (t < day.preOpen.getTime()) return 'closed'
  if (t < day.open.getTime()) return 'pre'
  if (t < day.close.getTime()) return 'regular'
  if (t < day.postClose.getTime()) return 'post'
  return 'closed'
}

/**
 * True when [at, at + lengthMs) overlaps the regular session of its New York day (a bar that
 * starts before the open or spans the close counts). Days without a session, and days outside the
 * calendar's years, use the clock times of a full day (09:30–16:00), so a vendor's bar on such a
 * day is judged by its time alone.
 */
export function overlapsRegularSession(at: Date, lengthMs: number): boolean {
  const t = at.getTime()
  let day: TradingDay | null = null
  try {
    day = tradingDay(nyDate(at))
  } catch (e) {
    if (!(e instanceof RangeError)) throw e
  }
  if (day) return t < day.close.getTime() && t + lengthMs > day.open.getTime()
  const local = nyDay(at)
  return t < instantOn(local, CLOSE).getTime() && t + lengthMs > instantOn(local, OPEN).getTime()
}

export function isRegularHours(at: Date): boolean {
  return sessionAt(at) === 'regular'
}

/**
 * Steps one calendar day at a time until a trading day is found. The walk is bounded because
 * isTradingDayOf throws once it leaves the covered years.
 */
function stepToTradingDay(from: Day, direction: 1 | -1): string {
  let day = from
  for (;;) {
    day = day.plus({ days: direction })
    if (isTradingDayOf(day)) return isoOf(day)
  }
}

/** The first trading day strictly after `date`. */
export function nextTradingDay(date: string): string {
  return stepToTradingDay(parseDay(date), 1)
}

/** The last trading day strictly before `date`. */
export function previousTradingDay(date: string): string {
  return stepToTradingDay(parseDay(date), -1)
}

/** Trading days from `from` to `to`, both inclusive, ascending; empty when `from` is after `to`. */
export function tradingDaysBetween(from: string, to: string): string[] {
  const start = coveredDay(from)
  const end = coveredDay(to)
  const days: string[] = []
  for (let day = start; day <= end; day = day.plus({ days: 1 })) {
    if (isTradingDayOf(day)) days.push(isoOf(day))
  }
  return days
}

/**
 * The New York date of the latest regular session that has opened at or before `at`: the day itself
 * from its 09:30 open on, else the trading day before (weekends, holidays, the hours before the open).
 */
export function latestSessionDate(at: Date): string {
  const day = nyDay(at)
  const session = tradingDayOf(day)
  return session && at.getTime() >= session.open.getTime() ? session.date : stepToTradingDay(day, -1)
}

/** The first regular-session open at or after `at` (an open exactly at `at` counts). */
export function nextOpen(at: Date): Date {
  const t = at.getTime()
  for (let day = nyDay(at); ; day = day.plus({ days: 1 })) {
    const session = tradingDayOf(day)
    if (session && session.open.getTime() >= t) return session.open
  }
}

/** The most recent regular-session close at or before `at` (a close exactly at `at` counts). */
export function lastClose(at: Date): Date {
  const t = at.getTime()
  for (let day = nyDay(at); ; day = day.minus({ days: 1 })) {
    const session = tradingDayOf(day)
    if (session && session.close.getTime() <= t) return session.close
  }
}
