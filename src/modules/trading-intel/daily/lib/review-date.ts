/**
 * Which date a review is of. Default: the latest session that has closed (today after the close,
 * else the trading day before). An explicit date must be a trading day (else 422 naming the
 * trading day before it), not in the future, closed, and at most MAX_DAYS_BACK days back.
 */
import { addDays } from '../../../../kernel/dates.ts'
import { UnprocessableError } from '../../../../platform/http/errors.ts'
import {
  isTradingDay,
  lastClose,
  nextTradingDay,
  nyDate,
  previousTradingDay,
  tradingDay,
} from '../../../../kernel/calendar/nyse.ts'

export interface ReviewDates {
  date: string
  previous: string
  next: string
  /** The next session has closed: next-close outcomes are known. */
  nextKnown: boolean
}

const refuse = (msg: string, type: string) => UnprocessableError.field(['query', 'review_date'], msg, type)

/** True once the regular session of `date` has closed at `now`. */
export const closed = (date: string, now: Date) =>
  now.getTime() >= (tradingDay(date)?.close.getTime() ?? Infinity)

export function reviewDates(requested: string | undefined, now: Date, maxDaysBack: number): ReviewDates {
  const today = nyDate(now)
  const date = requested ?? nyDate(lastClose(now))
  if (date > today) throw refuse(`${date} is in the future (today is ${today} in New York)`, 'future_date')
  if (date < addDays(today, -maxDaysBack))
    throw refuse(`at most ${maxDaysBack} days back (${addDays(today, -maxDaysBack)})`, 'too_old')
  if (!isTradingDay(date)) {
    const prev = previousTradingDay(date)
    throw refuse(`${date} is not a trading day; the previous trading day is ${prev}`, 'not_trading_day')
  }
  if (!closed(date, now)) {
    const last = nyDate(lastClose(now))
    throw refuse(
      `the session of ${date} has not closed yet; the latest closed session is ${last}`,
      'not_closed',
    )
  }
  const next = nextTradingDay(date)
  return { date, previous: previousTradingDay(date), next, nextKnown: closed(next, now) }
}
