/**
 * Which dates a free replay can answer: a New York date with an NYSE regular session that has
 * begun (today's included, however little of it is delayed enough to show). Any other date is a
 * 422 `free_feed.no_session` that says why (a weekend, the holiday's name, not traded yet, outside
 * the calendar's years) and names the nearest replayable sessions before and after it.
 */
import { UnprocessableError } from '../../../../platform/http/errors.ts'
import {
  CALENDAR_FIRST_YEAR,
  CALENDAR_LAST_YEAR,
  holidayName,
  nextTradingDay,
  previousTradingDay,
  tradingDay,
} from '../../../../kernel/calendar/nyse.ts'

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** The most recent session that has opened by `now` (today's once 09:30 has passed). */
function lastOpened(today: string, now: Date): string {
  const session = tradingDay(today)
  return session && session.open.getTime() <= now.getTime() ? today : previousTradingDay(today)
}

function noSession(date: string, why: string, previous: string | null, next: string | null) {
  const near = [previous && `the previous session is ${previous}`, next && `the next is ${next}`]
    .filter(Boolean)
    .join('; ')
  return new UnprocessableError(
    'free_feed.no_session',
    `No NYSE session to replay on ${date}: ${why}${near ? `; ${near}` : ''}`,
    [{ loc: ['query', 'date'], msg: `no session on ${date}: ${why}`, type: 'no_session' }],
    { extra: { previous_session: previous, next_session: next } },
  )
}

/**
 * Throws the 422 when `date` (a real calendar date) has no session that has begun by `now`;
 * `today` is now's New York date.
 */
export function assertReplayable(date: string, today: string, now: Date): void {
  const year = Number(date.slice(0, 4))
  if (year < CALENDAR_FIRST_YEAR || year > CALENDAR_LAST_YEAR) {
    const why = `the NYSE calendar covers ${CALENDAR_FIRST_YEAR}–${CALENDAR_LAST_YEAR}`
    throw noSession(date, why, date > today ? lastOpened(today, now) : null, null)
  }
  const latest = lastOpened(today, now)
  if (date > latest) {
    if (date === today) return // today's session before its open: nothing delayed enough yet
    const why = tradingDay(date) ? 'not traded yet' : 'in the future, and not a trading day'
    throw noSession(date, why, latest, null)
  }
  if (tradingDay(date)) return
  const holiday = holidayName(date)
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!
  const why = holiday ? `an NYSE holiday (${holiday})` : `a ${weekday}`
  const previous = safe(() => previousTradingDay(date))
  const next = safe(() => nextTradingDay(date))
  throw noSession(date, why, previous, next !== null && next <= latest ? next : null)
}

/** A calendar step, or null where it would leave the calendar's years. */
function safe(f: () => string): string | null {
  try {
    return f()
  } catch (e) {
    if (e instanceof RangeError) return null
    throw e
  }
}
