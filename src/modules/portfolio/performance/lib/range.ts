/**
 * The days a performance answer covers. A range names its first day (`from`) and its last (`to`,
 * today unless given); the series runs on NYSE trading days and starts one trading day earlier, on
 * the `base` day, whose close is the starting value (so a 1D answer is the last session's change
 * from the close before it, and YTD starts from the last close of the previous year).
 */
import { isTradingDay, previousTradingDay, tradingDaysBetween } from '../../../../kernel/calendar/nyse.ts'
import { addDays, dateParts } from '../../../../kernel/dates.ts'

export const RANGES = ['1D', 'WTD', 'MTD', 'YTD', '1Y', '3Y', '5Y', 'MAX'] as const
export type RangeName = (typeof RANGES)[number]

/** A year earlier, the same month and day (29 February → 28 February). */
function yearsBefore(date: string, years: number): string {
  const [y, m, d] = dateParts(date)!
  const month = String(m).padStart(2, '0')
  const day = m === 2 && d === 29 ? 28 : d
  return `${y - years}-${month}-${String(day).padStart(2, '0')}`
}

/** The Monday of the ISO week of `date`. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay() // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7))
}

/**
 * The first day of a named range ending today. 1D is the last session (today when it trades);
 * WTD, MTD and YTD start on the Monday, the 1st of the month and 1 January; nY starts the day
 * after the same date n years ago; MAX on `historyStart` (the earliest day anything is known of
 * the accounts in scope), or today when nothing is.
 */
export function rangeStart(range: RangeName, today: string, historyStart: string | null): string {
  switch (range) {
    case '1D':
      return isTradingDay(today) ? today : previousTradingDay(today)
    case 'WTD':
      return mondayOf(today)
    case 'MTD':
      return `${today.slice(0, 8)}01`
    case 'YTD':
      return `${today.slice(0, 4)}-01-01`
    case '1Y':
      return addDays(yearsBefore(today, 1), 1)
    case '3Y':
      return addDays(yearsBefore(today, 3), 1)
    case '5Y':
      return addDays(yearsBefore(today, 5), 1)
    case 'MAX':
      return historyStart !== null && historyStart < today ? historyStart : today
  }
}

/** The base day (last trading day before `from`) then every trading day from `from` to `to`. */
export function seriesDays(from: string, to: string): string[] {
  return [previousTradingDay(from), ...tradingDaysBetween(from, to)]
}
