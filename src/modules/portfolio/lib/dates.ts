/** Trade-date rules over 'YYYY-MM-DD' strings; the day arithmetic itself is kernel/dates.ts. */
import { DAY_MS, dateParts as parts, dateToMs as toMs, utcMs } from '../../../kernel/dates.ts'

export type Period = 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'yearly'
export type HoldingTerm = 'short' | 'long' | 'unknown'

/** The date itself when `s` is a real calendar date written YYYY-MM-DD (surrounding blanks allowed), else null. */
export function parseTradeDate(s: string): string | null {
  const trimmed = s.trim()
  return parts(trimmed) ? trimmed : null
}

/** b − a in days (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toMs(b) - toMs(a)) / DAY_MS)
}

/**
 * IRS "more than one year": the holding period starts the day after acquisition, so a sale is long
 * term only after the one-year anniversary. An acquisition on Feb 29 has its anniversary on Feb 28
 * of the next year, so the first long-term day is Mar 1. Unparseable dates ("VARIOUS") or a sale
 * before the acquisition give 'unknown'.
 */
export function holdingTerm(acquired: string, sold: string): HoldingTerm {
  const a = parts(acquired.trim())
  const s = parseTradeDate(sold)
  if (!a || !s) return 'unknown'
  const [y, m, d] = a
  const soldMs = toMs(s)
  if (soldMs < utcMs(y, m, d)) return 'unknown'
  // The year after a Feb 29 is never a leap year; utcMs(y + 1, 2, 29) would roll over to Mar 1.
  const anniversary = m === 2 && d === 29 ? utcMs(y + 1, 2, 28) : utcMs(y + 1, m, d)
  return soldMs > anniversary ? 'long' : 'short'
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0')
}

/** The bucket a date falls in; the keys of one period sort chronologically as strings. */
export function periodKey(date: string, period: Period): string {
  const ms = toMs(date)
  const day = new Date(ms)
  const y = day.getUTCFullYear()
  const m = day.getUTCMonth() + 1
  switch (period) {
    case 'daily':
      return date
    case 'monthly':
      return `${pad(y, 4)}-${pad(m, 2)}`
    case 'quarterly':
      return `${pad(y, 4)}-Q${Math.ceil(m / 3)}`
    case 'yearly':
      return pad(y, 4)
    case 'weekly': {
      // ISO 8601: weeks start Monday; week 1 holds the year's first Thursday, so a week belongs to
      // the year of its Thursday (2021-01-01 is in 2020-W53).
      const isoDow = ((day.getUTCDay() + 6) % 7) + 1
      const thursday = new Date(ms + (4 - isoDow) * DAY_MS)
      const wy = thursday.getUTCFullYear()
      const week = Math.floor((thursday.getTime() - utcMs(wy, 1, 1)) / DAY_MS / 7) + 1
      return `${pad(wy, 4)}-W${pad(week, 2)}`
    }
  }
  throw new RangeError(`unknown period: ${String(period)}`)
}
