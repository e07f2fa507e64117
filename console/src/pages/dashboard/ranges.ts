/**
 * The dashboard's chart ranges and how each asks the API: 1M and 3M as a custom `from` (the day after
 * the same date one or three months ago, as the API's 1Y starts the day after a year ago), YTD, 1Y and
 * All as the API's named ranges. Today is New York's date, the date the service counts days in.
 */
import { addDays } from '../../ui/time.ts'

export const RANGES = ['1M', '3M', 'YTD', '1Y', 'All'] as const
export type RangeKey = (typeof RANGES)[number]

export const RANGE_NAMES: Record<RangeKey, string> = {
  '1M': 'one month',
  '3M': 'three months',
  YTD: 'year to date',
  '1Y': 'one year',
  All: 'since the first record',
}

/** Today in New York as YYYY-MM-DD. */
export function nyToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(now)
}

/** The same day `months` earlier (clamped to the month's last day), then one day later. */
export function monthsBackStart(today: string, months: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number]
  const first = new Date(Date.UTC(y, m - 1 - months, 1))
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(d, lastDay))
  return addDays(first.toISOString().slice(0, 10), 1)
}

type Named = '1D' | 'WTD' | 'MTD' | 'YTD' | '1Y' | '3Y' | '5Y' | 'MAX'

/** The query of GET /api/analytics/performance for a range. */
export function performanceQuery(range: RangeKey, today: string): { range?: Named; from?: string } {
  switch (range) {
    case '1M':
      return { from: monthsBackStart(today, 1) }
    case '3M':
      return { from: monthsBackStart(today, 3) }
    case 'YTD':
      return { range: 'YTD' }
    case '1Y':
      return { range: '1Y' }
    case 'All':
      return { range: 'MAX' }
  }
}

const daysFrom = (from: string, today: string) =>
  Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1

/** The query of GET /api/analytics/drawdown for the same range (its window: a year or the last N days). */
export function drawdownQuery(range: RangeKey, today: string): { year?: number; period_days?: number } {
  switch (range) {
    case '1M':
      return { period_days: daysFrom(monthsBackStart(today, 1), today) }
    case '3M':
      return { period_days: daysFrom(monthsBackStart(today, 3), today) }
    case 'YTD':
      return { year: Number(today.slice(0, 4)) }
    case '1Y':
      return { period_days: daysFrom(monthsBackStart(today, 12), today) }
    case 'All':
      return {}
  }
}

/** A YYYY-MM-DD date as uPlot's time: seconds since the epoch at noon UTC, so the axis shows the same day in any time zone of the Americas or Europe. */
export const toSeconds = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000
