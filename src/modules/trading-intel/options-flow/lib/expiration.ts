/**
 * Which expiration a flow reading uses (docs/definitions.md#options-flow): the nearest one on or after the
 * as-of New York date; on an expiration day whose regular session has closed, the next one (the
 * expiring contracts no longer trade).
 */
import { nyDate, tradingDay } from '../../../../kernel/calendar/nyse.ts'

export function flowExpiration(expirations: readonly string[], now: Date): string | null {
  const today = nyDate(now)
  const ahead = [...expirations].filter((e) => e >= today).sort()
  if (ahead[0] === today && closedFor(today, now)) return ahead[1] ?? null
  return ahead[0] ?? null
}

function closedFor(date: string, now: Date): boolean {
  try {
    const day = tradingDay(date)
    return day === null || now >= day.close
  } catch {
    return false // outside the calendar's years: keep today's expiration
  }
}
