/**
 * Trading days of the platform calendar as day numbers (whole days since 1970-01-01), and the map
 * from any calendar day of a range to its trading-day index. Each year's days are computed once
 * (the calendar is static), so a 30-year range costs no date library calls after the first run.
 */
import { DAY_MS } from '../../../../kernel/dates.ts'
import { tradingDaysBetween } from '../../../../kernel/calendar/nyse.ts'

const byYear = new Map<number, Int32Array>()

function yearDays(year: number): Int32Array {
  let days = byYear.get(year)
  if (!days) {
    days = Int32Array.from(tradingDaysBetween(`${year}-01-01`, `${year}-12-31`), (d) => dayNumber(d))
    byYear.set(year, days)
  }
  return days
}

const digit = (s: string, i: number) => s.charCodeAt(i) - 48
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/**
 * Whole days since 1970-01-01 of a YYYY-MM-DD date; NaN for anything else (VARIOUS, bad dates).
 * Arithmetic only (days-from-civil), no Date or regular expression: it runs twice per trade.
 */
export function dayNumber(date: string): number {
  if (date.length !== 10 || date[4] !== '-' || date[7] !== '-') return Number.NaN
  const y = digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3)
  const m = digit(date, 5) * 10 + digit(date, 6)
  const d = digit(date, 8) * 10 + digit(date, 9)
  if (!(y >= 0 && y <= 9999 && m >= 1 && m <= 12 && d >= 1)) return Number.NaN
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)
  if (d > MONTH_DAYS[m - 1]! + (m === 2 && leap ? 1 : 0)) return Number.NaN
  // Howard Hinnant's days_from_civil: years start in March so the leap day comes last.
  const yy = m <= 2 ? y - 1 : y
  const era = Math.floor(yy / 400)
  const yoe = yy - era * 400
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
}

/** YYYY-MM-DD of a day number. */
export const dayString = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10)

/** Trading days from `from` to `to` (day numbers, both inclusive), ascending. */
export function tradingDayNumbers(from: number, to: number): Int32Array {
  const y0 = new Date(from * DAY_MS).getUTCFullYear()
  const y1 = new Date(to * DAY_MS).getUTCFullYear()
  const parts: Int32Array[] = []
  let n = 0
  for (let y = y0; y <= y1; y++) {
    const all = yearDays(y)
    let lo = 0
    while (lo < all.length && all[lo]! < from) lo++
    let hi = all.length
    while (hi > lo && all[hi - 1]! > to) hi--
    parts.push(all.subarray(lo, hi))
    n += hi - lo
  }
  const out = new Int32Array(n)
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/**
 * For each calendar day of [first, last day], the index of the first trading day on or after it
 * (days.length past the end): a trade dated on a weekend or holiday joins the next session.
 */
export function dayIndex(days: Int32Array, first: number, last: number): Int32Array {
  const out = new Int32Array(last - first + 1)
  let i = 0
  for (let d = first; d <= last; d++) {
    while (i < days.length && days[i]! < d) i++
    out[d - first] = i
  }
  return out
}
