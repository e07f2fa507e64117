/** The tax year a transactions route asks for: one rule for Schwab's own routes and the unified one. */
import { DateTime } from 'luxon'
import { UnprocessableError } from '../../../platform/http/errors.ts'

const ZONE = 'America/New_York'
/** Schwab keeps about ten years of transactions. */
const OLDEST_YEAR = 2000

/** The tax year's bounds in New York, the end capped at now (Schwab lists nothing after it). */
export function taxYear(year: string, now: Date, loc: string[] = ['query', 'year']) {
  const y = Number(year)
  const current = DateTime.fromJSDate(now, { zone: ZONE }).year
  if (!/^\d{4}$/.test(year) || y < OLDEST_YEAR || y > current)
    throw UnprocessableError.field(loc, `a tax year from ${OLDEST_YEAR} to ${current}`)
  const start = DateTime.fromObject({ year: y, month: 1, day: 1 }, { zone: ZONE })
  const end = Math.min(start.plus({ years: 1 }).toMillis() - 1, now.getTime())
  return { start: new Date(start.toMillis()), end: new Date(end) }
}
